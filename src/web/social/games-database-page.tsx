import { TERMINATIONS } from '@hexarena/engines/engine/record.ts';
import { Download, Search } from 'lucide-preact';
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { PageTop, Problem } from '../account/page-parts.tsx';
import { WEB_GAMES, webGameOf } from '../games/index.ts';
import type { Options } from '../games/web-game.tsx';
import { formatDay, formatRating, type MessageKey, t } from '../i18n/index.ts';
import { gamePage } from '../online/links.ts';
import { type AskedPosition, profilePage } from './addresses.ts';
import { type FoundGame, type GamesSearch, gamesSearchUrl, searchGames } from './api.ts';
import { MiniBoard } from './mini-board.tsx';
import { askedPositionOf, PositionAsked } from './position-asked.tsx';
import { searchRefusal } from './search-refusal.ts';

/** The page of the games database. */
export { GAMES_DATABASE_PAGE } from './addresses.ts';

const SPEEDS = ['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'unlimited'] as const;
/** An aborted game is not in the database: it has no result to find. */
const ENDINGS = TERMINATIONS.filter((t) => t !== 'aborted');
const DAY_MS = 86_400_000;
/** A phone's width (style.css's): there the dates, ratings and opening are folded, so the results begin on the first screen. */
const PHONE_WIDTH = '(max-width: 40rem)';

/** Whether the window is a phone's width now (told again when it changes: a phone turned). */
function usePhoneWidth(): boolean {
  const media = typeof matchMedia === 'function' ? matchMedia(PHONE_WIDTH) : null;
  const [phone, setPhone] = useState(media?.matches ?? false);
  useEffect(() => {
    if (!media) return;
    const changed = () => setPhone(media.matches);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, []);
  return phone;
}

/** The form's fields, as typed: each a text, '' when not asked. */
interface Fields {
  player: string;
  vs: string;
  outcome: string;
  game: string;
  result: string;
  termination: string;
  rated: string;
  speed: string;
  /** Days as a date input gives them (2026-12-06). */
  from: string;
  to: string;
  minRating: string;
  maxRating: string;
  /** The first moves, one after another, separated by commas. */
  opening: string;
  /** How they are matched: '' as the moves a game begins with, `position` as the position they reach (the explorer's key). */
  match: string;
  /**
   * The game's options as JSON: those the moves of a search by position are played under ('' the
   * defaults); a search by first moves, the variant they are matched in ('' every variant).
   */
  options: string;
}
const FIELDS: readonly (keyof Fields)[] = [
  'player',
  'vs',
  'outcome',
  'game',
  'result',
  'termination',
  'rated',
  'speed',
  'from',
  'to',
  'minRating',
  'maxRating',
  'opening',
  'match',
  'options',
];

/** The form as the page's address gives it (a search is a link to share). */
function fieldsOf(address: string): Fields {
  const query = new URLSearchParams(address);
  return Object.fromEntries(FIELDS.map((f) => [f, query.get(f) ?? ''])) as unknown as Fields;
}

const dayStart = (day: string): number | null => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) ? at : null;
};

/**
 * The search as the server takes it: days as milliseconds (the last day's games included), names
 * trimmed; the position asked by its key (the explorer's link), or the moves' position under the
 * options chosen.
 */
export function searchOf(f: Fields, position: AskedPosition | null = null): GamesSearch {
  const from = f.from ? dayStart(f.from) : null;
  const to = f.to ? dayStart(f.to) : null;
  const search: Record<string, string> = {};
  for (const key of ['player', 'vs', 'game', 'result', 'termination', 'rated', 'speed', 'minRating', 'maxRating'] as const)
    if (f[key].trim() !== '') search[key] = f[key].trim();
  if (f.outcome && search.player) search.outcome = f.outcome;
  if (from !== null) search.from = String(from);
  if (to !== null) search.to = String(to + DAY_MS);
  const opening = f.opening
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (opening.length > 0) search.opening = opening.join(',');
  if (position !== null) return { ...search, game: position.game, position: position.key, variant: position.variant };
  const byPosition = opening.length > 0 && f.match === 'position';
  if (byPosition) search.match = 'position';
  // By position, the options its moves are played under; by first moves, the one variant they are matched in.
  if (f.options !== '' && search.game && (byPosition || f.match !== 'position') && variantsOf(search.game)) search.options = f.options;
  return search;
}

/** The page's address for the form and the position asked (a search is a link to share). */
function addressOf(fields: Fields, position: AskedPosition | null): string {
  const kept = new URLSearchParams(Object.entries(fields).filter(([, v]) => v !== ''));
  if (position !== null) {
    kept.set('game', position.game);
    kept.set('position', position.key);
    kept.set('variant', position.variant);
    if (position.line !== undefined) kept.set('line', position.line.join(';'));
    if (position.options !== undefined && !kept.has('options')) kept.set('options', position.options);
  }
  return `${location.pathname}${kept.size > 0 ? `?${kept}` : ''}`;
}

/** Whether a game's searches name a variant: it has options to set, and the explorer keys it (no dice). */
const variantsOf = (game: string): boolean => {
  const web = webGameOf(game);
  return Boolean(web?.optionsForm) && !web?.game.stochastic;
};

/**
 * The variant searched, as the game's own form sets its options (a card's, as on the home page): by
 * position, the options its moves are played under, always; by first moves, only when asked ("Only
 * in this variant"), else the moves are matched in every variant.
 */
function OptionsChosen({ fields, set }: { fields: Fields; set: (options: string) => void }) {
  const web = webGameOf(fields.game);
  if (!web?.optionsForm || !variantsOf(fields.game)) return null;
  let options: Options = {};
  try {
    options = (fields.options === '' ? {} : JSON.parse(fields.options)) as Options;
  } catch {
    // A mistyped address: the form starts from the defaults.
  }
  const byPosition = fields.match === 'position';
  return (
    <>
      {!byPosition && (
        <label class="variant-only">
          <input
            type="checkbox"
            checked={fields.options !== ''}
            onChange={(e) => set(e.currentTarget.checked ? JSON.stringify(options) : '')}
          />{' '}
          {t('social.db.variantOnly')}
        </label>
      )}
      {(byPosition || fields.options !== '') && (
        <fieldset class="options-chosen">
          <legend>{t('social.db.variant')}</legend>
          {web.optionsForm({ options, set: (change) => set(JSON.stringify({ ...options, ...change })) })}
        </fieldset>
      )}
    </>
  );
}

/** How a found game came out: who won, a draw, or neither. */
function resultText(g: FoundGame): string {
  if (g.draw) return t('social.db.drawn');
  const name = g.winner === null ? undefined : g.players[g.winner];
  if (g.winner === null) return t('social.db.noWinner');
  return t('social.db.won', { name: name ?? t('social.db.ai') });
}

const terminationKey = (termination: string): MessageKey | null =>
  (ENDINGS as readonly string[]).includes(termination) ? (`social.db.termination.${termination}` as MessageKey) : null;

/**
 * /games/search: the games database, as lichess's advanced search — finished games found by
 * player(s), game, result, termination, rated, speed, dates, rating and opening (the first moves, or
 * the position they reach in any order, through the opening explorer's keys);
 * a page at a time, each game opening in its replay (and from there the analysis board), the whole
 * search exported as records, one JSON a line. The search is kept in the page's address.
 */
export function GamesDatabasePage() {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(location.search));
  const [position, setPosition] = useState<AskedPosition | null>(() => askedPositionOf(location.search));
  const [asked, setAsked] = useState<GamesSearch>(() => searchOf(fieldsOf(location.search), askedPositionOf(location.search)));
  const [games, setGames] = useState<readonly FoundGame[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const phone = usePhoneWidth();
  // Folded unless the search asks by them (a shared address with dates): lichess folds its advanced search too.
  const [datesAsked] = useState(() => Boolean(fields.from || fields.to || fields.minRating || fields.maxRating));
  const [openingAsked] = useState(() => fields.opening !== '');
  /** On a phone, a less used part of the form folded under its name (open if the search asks by it); elsewhere as it is. */
  const folded = (name: MessageKey, open: boolean, part: JSX.Element) =>
    phone ? (
      <details class="folded-filters" open={open}>
        <summary>{t(name)}</summary>
        {part}
      </details>
    ) : (
      part
    );
  // Answers may come out of order (a slow search, then a quick one): only the last question's is shown.
  const lastAsked = useRef(0);
  const load = (search: GamesSearch, after?: string) => {
    const question = ++lastAsked.current;
    void searchGames(search, after).then((r) => {
      if (question !== lastAsked.current) return;
      if (!r.ok) return setProblem(searchRefusal(r.error) ?? t('social.db.cannotSearch', { problem: r.error.message }));
      setProblem(null);
      setGames((shown) => (after === undefined ? r.value.games : [...(shown ?? []), ...r.value.games]));
      setNext(r.value.next);
    });
  };
  useEffect(() => load(asked), [asked]);
  // Options are a game's own: another game starts from its defaults (and from every variant).
  const set = (key: keyof Fields) => (e: { currentTarget: { value: string } }) =>
    setFields({ ...fields, [key]: e.currentTarget.value, ...(key === 'game' ? { options: '' } : {}) });
  const submit = (e: Event) => {
    e.preventDefault();
    history.replaceState(history.state, '', addressOf(fields, position));
    setAsked(searchOf(fields, position));
  };
  const clearPosition = () => {
    setPosition(null);
    history.replaceState(history.state, '', addressOf(fields, null));
    setAsked(searchOf(fields, null));
  };
  const text = (key: keyof Fields, label: MessageKey, extra: Record<string, string> = {}) => (
    <label>
      {t(label)} <input type="text" value={fields[key]} onInput={set(key)} {...extra} />
    </label>
  );
  // A position is of one game: while one is asked, the game is its own (cleared with the position).
  const fixed = (key: keyof Fields) => (key === 'game' && position !== null ? position.game : null);
  const choice = (key: keyof Fields, label: MessageKey, options: readonly (readonly [string, string])[]) => (
    <label>
      {t(label)}{' '}
      <select value={fixed(key) ?? fields[key]} disabled={fixed(key) !== null} onChange={set(key)}>
        <option value="">{t('social.db.any')}</option>
        {options.map(([value, words]) => (
          <option value={value}>{words}</option>
        ))}
      </select>
    </label>
  );
  const when = (
    <fieldset>
      <legend>{t('social.db.when')}</legend>
      <label>
        {t('social.db.from')} <input type="date" value={fields.from} onInput={set('from')} />
      </label>
      <label>
        {t('social.db.to')} <input type="date" value={fields.to} onInput={set('to')} />
      </label>
      <label>
        {t('social.db.minRating')}{' '}
        <input type="number" min="0" max="9999" inputMode="numeric" value={fields.minRating} onInput={set('minRating')} />
      </label>
      <label>
        {t('social.db.maxRating')}{' '}
        <input type="number" min="0" max="9999" inputMode="numeric" value={fields.maxRating} onInput={set('maxRating')} />
      </label>
    </fieldset>
  );
  return (
    <main class="games-database">
      <PageTop />
      <h2>{t('social.db.title')}</h2>
      <form class="games-search" aria-label={t('social.db.title')} onSubmit={submit}>
        <fieldset>
          <legend>{t('social.db.players')}</legend>
          {text('player', 'social.db.player', { autocomplete: 'off', maxLength: '20' })}
          {text('vs', 'social.db.vs', { autocomplete: 'off', maxLength: '20' })}
          {choice('outcome', 'social.db.outcome', [
            ['win', t('social.db.outcome.win')],
            ['draw', t('social.db.outcome.draw')],
            ['loss', t('social.db.outcome.loss')],
          ])}
        </fieldset>
        <fieldset>
          <legend>{t('social.db.theGame')}</legend>
          {choice(
            'game',
            'social.db.game',
            WEB_GAMES.map((g) => [g.id, g.game.title]),
          )}
          {choice('result', 'social.db.result', [
            ['win', t('social.db.result.win')],
            ['draw', t('social.db.result.draw')],
          ])}
          {choice(
            'termination',
            'social.db.termination',
            ENDINGS.map((e) => [e, t(`social.db.termination.${e}` as MessageKey)]),
          )}
          {choice('rated', 'social.db.rated', [
            ['true', t('social.db.rated.true')],
            ['false', t('social.db.rated.false')],
          ])}
          {choice(
            'speed',
            'social.db.speed',
            SPEEDS.map((s) => [s, t(`tv.speed.${s}`)]),
          )}
        </fieldset>
        {folded('social.db.when', datesAsked, when)}
        {folded(
          'social.db.openingTitle',
          openingAsked,
          <fieldset>
            <legend>{t('social.db.openingTitle')}</legend>
            {text('opening', 'social.db.opening', { autocomplete: 'off', spellcheck: 'false' })}
            <label>
              {t('social.db.match')}{' '}
              <select value={fields.match} onChange={set('match')}>
                <option value="">{t('social.db.match.moves')}</option>
                <option value="position">{t('social.db.match.position')}</option>
              </select>
            </label>
            <OptionsChosen fields={fields} set={(options) => setFields({ ...fields, options })} />
            <p class="muted opening-hint">{t(fields.match === 'position' ? 'social.db.matchHint' : 'social.db.openingHint')}</p>
          </fieldset>,
        )}
        <p class="controls">
          <button type="submit">
            <Search class="icon" aria-hidden="true" /> {t('social.db.search')}
          </button>
          <a class="button-link" href={gamesSearchUrl(asked, true)} download>
            <Download class="icon" aria-hidden="true" /> {t('social.db.export')}
          </a>
        </p>
      </form>
      {position !== null && <PositionAsked asked={position} onClear={clearPosition} />}
      <Problem text={problem} />
      {games !== null &&
        (games.length === 0 ? (
          <p class="no-games-found">{t('social.db.none')}</p>
        ) : (
          <table class="games-found">
            <caption>{t('social.db.found')}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span class="visually-hidden">{t('social.db.position')}</span>
                </th>
                <th scope="col">{t('social.db.date')}</th>
                <th scope="col">{t('social.db.game')}</th>
                <th scope="col">{t('social.db.players')}</th>
                <th scope="col">{t('social.db.result')}</th>
                <th scope="col">{t('social.db.opening')}</th>
                <th scope="col">
                  <span class="visually-hidden">{t('social.db.replay')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => (
                <tr data-game-id={g.id}>
                  <td class="found-board">
                    <MiniBoard game={g.game} position={g.position} />
                  </td>
                  <td>
                    <time dateTime={new Date(g.createdAt).toISOString()}>{formatDay(g.createdAt)}</time>
                  </td>
                  <td>
                    {webGameOf(g.game)?.game.title ?? g.game}
                    <br />
                    <small class="muted">
                      {t(`tv.speed.${g.speed}` as MessageKey)} · {t(g.rated ? 'social.db.rated.true' : 'social.db.rated.false')}
                      {g.rating !== null && ` · ${formatRating(g.rating)}`}
                    </small>
                  </td>
                  <td>
                    {g.players.map((p, i) => (
                      <span class={g.winner === i ? 'winner' : undefined}>
                        {i > 0 && ' – '}
                        {p === null ? t('social.db.ai') : <a href={profilePage(p)}>{p}</a>}
                      </span>
                    ))}
                  </td>
                  <td data-testid="result">
                    {resultText(g)}
                    {terminationKey(g.termination) && (
                      <>
                        <br />
                        <small class="muted">{t(terminationKey(g.termination) as MessageKey)}</small>
                      </>
                    )}
                  </td>
                  <td>
                    <code>{g.opening.slice(0, 4).join(' ')}</code>
                  </td>
                  <td>
                    <a
                      class="button-link"
                      href={gamePage(g.id)}
                      aria-label={t('social.db.replayOf', { players: g.players.map((p) => p ?? t('social.db.ai')).join(' – ') })}
                    >
                      {t('social.db.replay')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      {next !== null && (
        <button type="button" onClick={() => load(asked, next)}>
          {t('social.db.more')}
        </button>
      )}
    </main>
  );
}
