import type { Result } from '@hexarena/engines/engine/result.ts';
import { useEffect, useState } from 'preact/hooks';
import { dayText } from '../dates.ts';
import { isModerator } from '../moderation/api.ts';
import { type AccountInfo, changePassword, deleteAccount, logIn, logOut, signUp } from '../online/api.ts';
import { PageTop, Problem } from './page-parts.tsx';
import { profilePage } from './profile-page.tsx';
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
      else setProblem(`${r.error.message[0]?.toUpperCase() ?? ''}${r.error.message.slice(1)}.`);
    });
  };
  return { busy, problem, submit };
}

function Credentials({ kind, onDone }: { kind: 'sign-up' | 'log-in'; onDone: (a: AccountInfo) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signing = kind === 'sign-up';
  const { busy, problem, submit } = useSubmit(() => (signing ? signUp(username, password) : logIn(username, password)), onDone);
  const title = signing ? 'Sign up' : 'Log in';
  return (
    <form class="account-form" aria-label={title} onSubmit={submit}>
      <h2>{title}</h2>
      <label>
        Username
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
      {signing && <small>3 to 20 letters, digits, _ or -</small>}
      <label>
        Password
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
      {signing && <small>at least 8 characters, not a common one</small>}
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
    <form class="account-form" aria-label="Change password" onSubmit={submit}>
      <h2>Change password</h2>
      <label>
        Password now
        <input
          type="password"
          autocomplete="current-password"
          required
          value={current}
          onInput={(e) => setCurrent(e.currentTarget.value)}
        />
      </label>
      <label>
        New password
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
      <small>Changing it logs every other browser out and revokes your API tokens (your bots keep theirs).</small>
      {changed && <p role="status">Password changed: every other browser is logged out, and your API tokens are revoked.</p>}
      <button type="submit" disabled={busy}>
        Change password
      </button>
    </form>
  );
}

function DeleteAccount({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const { busy, problem, submit } = useSubmit(() => deleteAccount(password), onDone);
  return (
    <form class="account-form danger-zone" aria-label="Delete account" onSubmit={submit}>
      <h2>Delete account</h2>
      <p>
        Your games stay, under a placeholder name; your name, password, sessions, chat lines, challenges and bots go, and nobody can take
        the name again. Games you are still playing end now: lost (&ldquo;account closed&rdquo;), aborted if fewer than two moves were made,
        and a table of three or more plays on without you.
      </p>
      <label>
        Password
        <input
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      <label>
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.currentTarget.checked)} /> I want to delete my account
      </label>
      <Problem text={problem} />
      <button type="submit" class="danger" disabled={busy || !sure}>
        Delete my account
      </button>
    </form>
  );
}

/** /account: sign up or log in; once logged in, the account's settings, data and deletion. */
/** The way to the moderators' page, shown to moderators only (the server says who is one). */
function ModerationLink() {
  const [shown, setShown] = useState(false);
  useEffect(() => void isModerator().then(setShown), []);
  return shown ? (
    <a class="button-link" href="/mod">
      Moderation
    </a>
  ) : null;
}

export function AccountPage() {
  const [account, setAccount] = useAccount();
  const [problem, setProblem] = useState<string | null>(null);
  const out = (everywhere: boolean) =>
    void logOut(everywhere).then((r) => (r.ok ? setAccount(null) : setProblem(`Not logged out: ${r.error.message}.`)));
  return (
    <main class="account">
      <PageTop />
      {account === undefined ? (
        <p role="status">Asking the server…</p>
      ) : account?.kind === 'player' ? (
        <>
          <p>
            You are logged in as <strong data-testid="account-name">{account.name}</strong>, a member since {dayText(account.createdAt)}.
          </p>
          <p class="controls">
            <button type="button" onClick={() => out(false)}>
              Log out
            </button>
            <button type="button" onClick={() => out(true)}>
              Log out everywhere
            </button>
            <a class="button-link" href={profilePage(account.name)}>
              Your profile
            </a>
            <a class="button-link" href="/api/account/data" download>
              Download my data
            </a>
            <ModerationLink />
          </p>
          <p>
            <small>Logging out everywhere also revokes your API tokens; your bots’ tokens stay.</small>
          </p>
          <Problem text={problem} />
          <ChangePassword />
          <Bots />
          <ApiTokens />
          <DeleteAccount onDone={() => setAccount(null)} />
        </>
      ) : (
        <>
          <p>
            {account
              ? `You play as ${account.name}, a guest: sign up to keep your games under a name of your own.`
              : 'You are not logged in.'}
          </p>
          <div class="account-forms">
            <Credentials kind="sign-up" onDone={setAccount} />
            <Credentials kind="log-in" onDone={setAccount} />
          </div>
        </>
      )}
    </main>
  );
}
