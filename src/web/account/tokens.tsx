import { useEffect, useState } from 'preact/hooks';
import { formatDay, t } from '../i18n/index.ts';
import { type ApiToken, fetchApiTokens, fetchBots, makeApiToken, makeBot, type OwnedBot, revokeApiToken } from '../online/api.ts';
import { Problem } from './page-parts.tsx';
import { tokensProblem } from './token-refusals.ts';

/** A secret shown once, to copy now: the page never shows it again. */
function Secret({ text, what }: { text: string | null; what: string }) {
  if (!text) return null;
  return (
    <p role="status" class="secret">
      {what}: <code data-testid="secret">{text}</code> {t('tokens.copyNow')}
    </p>
  );
}

/** The player's bots: make one, and give one a new token (the old one then opens nothing). */
export function Bots() {
  const [bots, setBots] = useState<OwnedBot[]>([]);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<{ text: string; what: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = () => void fetchBots().then((r) => (r.ok ? setBots(r.value) : setProblem(tokensProblem(r.error))));
  useEffect(load, []);
  const got = (what: string) => (r: { ok: true; value: string } | { ok: false; error: Error }) => {
    if (!r.ok) return setProblem(tokensProblem(r.error));
    setProblem(null);
    setSecret({ text: r.value, what });
    load();
  };
  return (
    <section class="account-form" aria-label={t('tokens.bots')}>
      <h2>{t('tokens.bots')}</h2>
      <p>{t('tokens.botsNote')}</p>
      <ul>
        {bots.map((b) => (
          <li>
            {b.name}{' '}
            <button type="button" onClick={() => void makeBot(b.name, true).then(got(t('tokens.botNewToken', { name: b.name })))}>
              {t('tokens.newToken')}
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void makeBot(name).then(got(t('tokens.botToken', { name })));
          setName('');
        }}
      >
        <label>
          {t('tokens.botName')} <input required maxLength={30} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>{' '}
        <button type="submit">{t('tokens.makeBot')}</button>
      </form>
      <Secret text={secret?.text ?? null} what={secret?.what ?? ''} />
      <Problem text={problem} />
    </section>
  );
}

/** Personal API tokens: a script of yours plays as you; revoke any at any time. */
export function ApiTokens() {
  const [tokens, setTokens] = useState<ApiToken[]>([]);
  const [label, setLabel] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = () => void fetchApiTokens().then((r) => (r.ok ? setTokens(r.value) : setProblem(tokensProblem(r.error))));
  useEffect(load, []);
  return (
    <section class="account-form" aria-label={t('tokens.api')}>
      <h2>{t('tokens.api')}</h2>
      <p>{t('tokens.apiNote')}</p>
      <ul>
        {tokens.map((token) => (
          <li>
            {token.label} <small>({formatDay(token.createdAt)})</small>{' '}
            <button
              type="button"
              onClick={() =>
                void revokeApiToken(token.id).then((r) => {
                  // A token revoked elsewhere meanwhile (another tab): said, and the list read again.
                  setProblem(r.ok ? null : tokensProblem(r.error));
                  load();
                })
              }
            >
              {t('tokens.revoke')}
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void makeApiToken(label).then((r) => {
            if (!r.ok) return setProblem(tokensProblem(r.error));
            setSecret(r.value);
            setLabel('');
            load();
          });
        }}
      >
        <label>
          {t('tokens.label')} <input required maxLength={40} value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
        </label>{' '}
        <button type="submit">{t('tokens.makeToken')}</button>
      </form>
      <Secret text={secret} what={t('tokens.yourToken')} />
      <Problem text={problem} />
    </section>
  );
}
