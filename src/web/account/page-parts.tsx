import { SettingsBar } from '../settings-bar.tsx';
import { AccountBar } from './account-bar.tsx';

/** The top of a page of the site (account, profile, boards): the way home, the account and the site's links, the settings. */
export function PageTop() {
  return (
    <header class="topbar">
      <h1>
        <a href="/" class="home-link">
          hexarena
        </a>
      </h1>
      <AccountBar />
      <SettingsBar />
    </header>
  );
}

/** What went wrong, said where the eye is, or nothing. */
export function Problem({ text }: { text: string | null }) {
  return text ? (
    <p class="error" role="alert">
      {text}
    </p>
  ) : null;
}
