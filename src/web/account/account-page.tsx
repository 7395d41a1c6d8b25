import type { Result } from '@hexarena/engines/engine/result.ts';
import { useState } from 'preact/hooks';
import { formatDay, t } from '../i18n/index.ts';
import { type AccountInfo, changePassword, deleteAccount, logIn, logOut, signUp } from '../online/api.ts';
import { nextPage } from '../tournaments/kept-invite.ts';
import { PageTop, Problem } from './page-parts.tsx';
import { profilePage } from './profile-page.tsx';
import { accountProblem, logOutProblem } from './refusal-words.ts';
import { ApiTokens, Bots } from './tokens.tsx';
import { useAccount } from './use-account.ts';

/** A form that sends once, says what went wrong in the server's words, and what went right. */
function useSubmit<T>(send: () => Promise<Result<T>>, done: (value: T) => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    void send().then((r) => {
      setBusy(false);
      if (r.ok) done(r.value);
      else setProblem(accountProblem(r.error));
    });
  };
  return { busy, problem, submit };
}

function Credentials({ kind, onDone }: { kind: 'sign-up' | 'log-in'; onDone: (a: AccountInfo) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signing = kind === 'sign-up';
  const { busy, problem, submit } = useSubmit(() => (signing ? signUp(username, password) : logIn(username, password)), onDone);
  const title = signing ? t('account.signUp') : t('account.logIn');
  return (
    <form class="account-form" aria-label={title} data-kind={kind} onSubmit={submit}>
      <h2>{title}</h2>
      <label>
        {t('account.username')}
        <input
          name="username"
          autocomplete="username"
          required
          minLength={signing ? 3 : 1}
          maxLength={signing ? 20 : 64}
          value={username}
          onInput={(e) => setUsername(e.currentTarget.value)}
        />
      </label>
      {signing && <small>{t('account.usernameRule')}</small>}
      <label>
        {t('account.password')}
        <input
          name="password"
          type="password"
          autocomplete={signing ? 'new-password' : 'current-password'}
          required
          minLength={signing ? 8 : 1}
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      {signing && <small>{t('account.passwordRule')}</small>}
      <Problem text={problem} />
      <button type="submit" disabled={busy}>
        {title}
      </button>
    </form>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [changed, setChanged] = useState(false);
  const { busy, problem, submit } = useSubmit(
    () => changePassword(current, password),
    () => {
      setChanged(true);
      setCurrent('');
      setPassword('');
    },
  );
  return (
    <form class="account-form" aria-label={t('account.changePassword')} onSubmit={submit}>
      <h2>{t('account.changePassword')}</h2>
      <label>
        {t('account.passwordNow')}
        <input
          type="password"
          autocomplete="current-password"
          required
          value={current}
          onInput={(e) => setCurrent(e.currentTarget.value)}
        />
      </label>
      <label>
        {t('account.newPassword')}
        <input
          type="password"
          autocomplete="new-password"
          required
          minLength={8}
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      <Problem text={problem} />
      <small>{t('account.changeNote')}</small>
      {changed && <p role="status">{t('account.changed')}</p>}
      <button type="submit" disabled={busy}>
        {t('account.changePassword')}
      </button>
    </form>
  );
}

function DeleteAccount({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const { busy, problem, submit } = useSubmit(() => deleteAccount(password), onDone);
  return (
    <form class="account-form danger-zone" aria-label={t('account.delete')} onSubmit={submit}>
      <h2>{t('account.delete')}</h2>
      <p>{t('account.deleteNote')}</p>
      <label>
        {t('account.password')}
        <input
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      <label>
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.currentTarget.checked)} /> {t('account.deleteSure')}
      </label>
      <Problem text={problem} />
      <button type="submit" class="danger" disabled={busy || !sure}>
        {t('account.deleteMine')}
      </button>
    </form>
  );
}

/** /account: sign up or log in; once logged in, the account's settings, data and deletion. */
/** The way to the moderators' page, shown to moderators only (the server says who is one, with the session). */
function ModerationLink({ moderator }: { moderator: boolean }) {
  return moderator ? (
    <a class="button-link" href="/mod">
      {t('moderation.title')}
    </a>
  ) : null;
}

export function AccountPage() {
  const [account, setAccount] = useAccount();
  const [problem, setProblem] = useState<string | null>(null);
  // Sent here from a page that needs an account (a tournament's invitation): back there once signed in.
  const signedIn = (a: AccountInfo) => {
    setAccount(a);
    const next = nextPage(window.location.search);
    if (next) window.location.assign(next);
  };
  const out = (everywhere: boolean) => void logOut(everywhere).then((r) => (r.ok ? setAccount(null) : setProblem(logOutProblem(r.error))));
  return (
    <main class="account">
      <PageTop />
      {account === undefined ? (
        <p role="status">{t('account.asking')}</p>
      ) : account?.kind === 'player' ? (
        <>
          <p>
            {t('account.loggedInAs')} <strong data-testid="account-name">{account.name}</strong>
            {t('account.memberSince', { day: formatDay(account.createdAt) })}
          </p>
          <p class="controls">
            <button type="button" onClick={() => out(false)}>
              {t('account.logOut')}
            </button>
            <button type="button" onClick={() => out(true)}>
              {t('account.logOutEverywhere')}
            </button>
            <a class="button-link" href={profilePage(account.name)}>
              {t('account.yourProfile')}
            </a>
            <a class="button-link" href="/api/account/data" download>
              {t('account.downloadData')}
            </a>
            <ModerationLink moderator={account.moderator} />
          </p>
          <p>
            <small>{t('account.logOutNote')}</small>
          </p>
          <Problem text={problem} />
          <ChangePassword />
          <Bots />
          <ApiTokens />
          <DeleteAccount onDone={() => setAccount(null)} />
        </>
      ) : (
        <>
          <p>{account ? t('account.guest', { name: account.name }) : t('account.notLoggedIn')}</p>
          <div class="account-forms">
            <Credentials kind="sign-up" onDone={signedIn} />
            <Credentials kind="log-in" onDone={signedIn} />
          </div>
        </>
      )}
    </main>
  );
}
