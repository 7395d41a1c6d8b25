import { useEffect, useState } from 'preact/hooks';
import { dayText } from '../dates.ts';
import { type ApiToken, fetchApiTokens, fetchBots, makeApiToken, makeBot, type OwnedBot, revokeApiToken } from '../online/api.ts';
import { Problem } from './page-parts.tsx';

/** A secret shown once, to copy now: the page never shows it again. */
function Secret({ text, what }: { text: string | null; what: string }) {
  if (!text) return null;
  return (
    <p role="status" class="secret">
      {what}: <code data-testid="secret">{text}</code> — copy it now: it is not shown again.
    </p>
  );
}

/** The player's bots: make one, and give one a new token (the old one then opens nothing). */
export function Bots() {
  const [bots, setBots] = useState<OwnedBot[]>([]);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<{ text: string; what: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = () => void fetchBots().then((r) => (r.ok ? setBots(r.value) : setProblem(r.error.message)));
  useEffect(load, []);
  const got = (what: string) => (r: { ok: true; value: string } | { ok: false; error: Error }) => {
    if (!r.ok) return setProblem(r.error.message);
    setProblem(null);
    setSecret({ text: r.value, what });
    load();
  };
  return (
    <section class="account-form" aria-label="Bots">
      <h2>Bots</h2>
      <p>A bot plays under a name of its own through the bot API, with a token you can renew at any time.</p>
      <ul>
        {bots.map((b) => (
          <li>
            {b.name}{' '}
            <button type="button" onClick={() => void makeBot(b.name, true).then(got(`${b.name}'s new token`))}>
              New token
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void makeBot(name).then(got(`${name}'s token`));
          setName('');
        }}
      >
        <label>
          Bot name <input required maxLength={30} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>{' '}
        <button type="submit">Make a bot</button>
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
  const load = () => void fetchApiTokens().then((r) => (r.ok ? setTokens(r.value) : setProblem(r.error.message)));
  useEffect(load, []);
  return (
    <section class="account-form" aria-label="API tokens">
      <h2>API tokens</h2>
      <p>
        A token lets a script of yours play as you: make games, take seats, move. It cannot manage your account. Changing your password or
        logging out everywhere revokes every token.
      </p>
      <ul>
        {tokens.map((t) => (
          <li>
            {t.label} <small>({dayText(t.createdAt)})</small>{' '}
            <button type="button" onClick={() => void revokeApiToken(t.id).then(load)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void makeApiToken(label).then((r) => {
            if (!r.ok) return setProblem(r.error.message);
            setSecret(r.value);
            setLabel('');
            load();
          });
        }}
      >
        <label>
          Label <input required maxLength={40} value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
        </label>{' '}
        <button type="submit">Make a token</button>
      </form>
      <Secret text={secret} what="Your token" />
      <Problem text={problem} />
    </section>
  );
}
