import { Search } from 'lucide-preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { profilePage } from './addresses.ts';
import { type FoundPlayer, searchPlayers, searchTerm } from './api.ts';
import { searchAnswer } from './player-search-answer.ts';

/** How long typing must pause before the server is asked: a burst of keys is one search. */
const PAUSE_MS = 120;
const LIST_ID = 'player-search-list';
const optionId = (i: number) => `player-search-option-${i}`;

/**
 * The top bar's search of players, a combobox as ARIA lays one out: names beginning with what is
 * typed, those online first; the arrows choose, Enter opens the profile, Escape closes. On a phone
 * the field is behind an icon, opened on demand.
 */
export function PlayerSearch() {
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<readonly FoundPlayer[]>([]);
  // The term the names shown answer (so "nobody" is said only once the server said it).
  const [answered, setAnswered] = useState<string | null>(null);
  // Why the last search got no answer (refused, or the server away): said instead of "nobody".
  const [problem, setProblem] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);
  // A phone's field, opened by its icon (a wide screen shows the field always).
  const [opened, setOpened] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Only the answer to what was typed last is shown: an older one arriving late is dropped.
  const asked = useRef(0);
  useEffect(() => {
    const term = searchTerm(typed);
    const question = ++asked.current;
    if (!term) {
      setFound([]);
      setAnswered(null);
      setProblem(null);
      setActive(-1);
      return;
    }
    const timer = setTimeout(() => {
      void searchPlayers(term).then((r) => {
        if (question !== asked.current) return;
        const answer = searchAnswer(r);
        setFound(answer.found);
        setProblem(answer.problem);
        setAnswered(term);
        setActive(-1);
        setExpanded(true);
      });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    if (opened) input.current?.focus();
  }, [opened]);
  const open = (name: string) => window.location.assign(profilePage(name));
  const shown = expanded && found.length > 0;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!shown) return setExpanded(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // From the field (-1) down through the names and back to the field.
      setActive((a) => {
        const next = a + step;
        return next < -1 ? found.length - 1 : next >= found.length ? -1 : next;
      });
    } else if (e.key === 'Enter') {
      const chosen =
        found[active] ??
        found.find((p) => p.name.toLowerCase() === typed.trim().toLowerCase()) ??
        (found.length === 1 ? found[0] : undefined);
      if (chosen) {
        e.preventDefault();
        open(chosen.name);
      }
    } else if (e.key === 'Escape') {
      if (shown) setExpanded(false);
      else {
        setTyped('');
        setOpened(false);
      }
    }
  };
  return (
    <div class={`player-search${opened ? ' opened' : ''}`}>
      <button
        type="button"
        class="quiet player-search-open"
        aria-label={t('social.search.open')}
        aria-expanded={opened}
        onClick={() => setOpened((o) => !o)}
      >
        <Search class="icon" aria-hidden="true" />
      </button>
      <div class="player-search-field">
        <input
          ref={input}
          class="player-search-input"
          type="search"
          role="combobox"
          aria-label={t('social.search.label')}
          placeholder={t('social.search.placeholder')}
          autocomplete="off"
          spellcheck={false}
          maxLength={20}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={LIST_ID}
          {...(shown && active >= 0 && active < found.length ? { 'aria-activedescendant': optionId(active) } : {})}
          value={typed}
          onInput={(e) => {
            setTyped(e.currentTarget.value);
            setExpanded(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setExpanded(false)}
          onFocus={() => setExpanded(true)}
        />
        <div id={LIST_ID} role="listbox" aria-label={t('social.search.results')} hidden={!shown}>
          {found.map((p, i) => (
            <div
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              class={i === active ? 'active' : undefined}
              // Chosen before the field's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                open(p.name);
              }}
            >
              <a href={profilePage(p.name)} tabIndex={-1}>
                {p.name}
              </a>{' '}
              {p.online && <span class="player-online">{t('social.search.online')}</span>}
            </div>
          ))}
        </div>
        {answered !== null && answered === searchTerm(typed) && expanded && found.length === 0 && (
          <p class={problem === null ? 'player-search-none' : 'player-search-none player-search-problem error'} role="status">
            {problem ?? t('social.search.none')}
          </p>
        )}
      </div>
    </div>
  );
}
