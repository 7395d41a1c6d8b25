import { useState } from 'preact/hooks';
import { WEB_GAMES } from '../games/index.ts';
import { t } from '../i18n/index.ts';
import { timeControl } from '../online/clock-text.ts';
import { createTournament, editTournament, type TournamentKind, type TournamentSummary } from './api.ts';
import { clockOf, editOf, type Fields, fieldsOf, INVITED_MAX, localInput, tournamentOf } from './new-tournament.ts';
import { kindWord } from './parts.tsx';
import { tournamentProblem } from './tournament-refusals.ts';

/** The clocks offered, as lichess's tournaments offer theirs (minutes + seconds), and none. */
const CLOCKS = ['3+2', '5+3', '10+5', '15+10', 'none'] as const;
const KINDS: readonly TournamentKind[] = ['arena', 'swiss', 'round-robin'];
/** Games that two may play (a Swiss or round robin seats two; an arena also more, for a game of more). */
const TWO_PLAYER_GAMES = WEB_GAMES.filter((g) => g.game.players.min <= 2 && g.game.players.max >= 2);
/** The most who may play `game` at once: past two, an arena seats them at tables of the organiser's choosing. */
const mostPlayers = (game: string) => WEB_GAMES.find((g) => g.id === game)?.game.players.max ?? 2;
/** An arena's table of a game of more than two, unless the organiser chooses another size. */
const TABLE = 4;

/** A tournament being edited: as it stands, with the players it invited by name. */
export interface Editing {
  readonly tournament: TournamentSummary;
  readonly invited: readonly string[];
  /** Leaves the tournament as it was. */
  readonly close: () => void;
}

/**
 * The form that makes a tournament (a signed-in player's): its game, kind, clock, rated or casual,
 * its start (a time, or when its organiser starts it), what its kind needs and who may join (rated
 * games, a rating range, by invitation: a link, and players named). Checked here as the server
 * checks it; what the server still refuses is said in its words. With `editing`, the same form
 * edits a tournament before its start (its kind and game stay).
 */
export function CreateTournament({ made, editing }: { made: (id: string) => void; editing?: Editing }) {
  const [f, setF] = useState<Fields>(() => (editing ? fieldsOf(editing.tournament, editing.invited) : fresh()));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setF((was) => ({ ...was, [key]: value }));
  const submit = (e: Event) => {
    e.preventDefault();
    const asked = tournamentOf(f, Date.now());
    if (typeof asked === 'string') return setProblem(asked);
    setProblem(null);
    setBusy(true);
    if (editing)
      return void editTournament(editing.tournament.id, editOf(asked)).then((r) => {
        setBusy(false);
        if (!r.ok) return setProblem(tournamentProblem(r.error, 'tournament.editRefused'));
        made(editing.tournament.id);
      });
    void createTournament(asked).then((r) => {
      setBusy(false);
      if (!r.ok) return setProblem(tournamentProblem(r.error, 'tournament.refused'));
      made(r.value.id);
    });
  };
  const clocks = CLOCKS.includes(f.clock as (typeof CLOCKS)[number]) ? CLOCKS : [f.clock, ...CLOCKS];
  return (
    <form class="tournament-form card" onSubmit={submit} aria-labelledby="new-tournament" noValidate>
      <h2 id="new-tournament">{t(editing ? 'tournament.editTitle' : 'tournament.createTitle')}</h2>
      <label>
        {t('tournament.name')}
        <input name="name" value={f.name} maxLength={60} required onInput={(e) => set('name', e.currentTarget.value)} />
      </label>
      <label>
        {t('tournament.game')}
        <select
          name="game"
          value={f.game}
          disabled={editing !== undefined}
          onChange={(e) => {
            const game = e.currentTarget.value;
            set('game', game);
            set('table', mostPlayers(game) > 2 ? String(Math.min(TABLE, mostPlayers(game))) : '');
          }}
        >
          {TWO_PLAYER_GAMES.map((g) => (
            <option value={g.id}>{g.game.title}</option>
          ))}
        </select>
      </label>
      <fieldset disabled={editing !== undefined}>
        <legend>{t('tournament.kind')}</legend>
        {KINDS.map((k) => (
          <label class="inline">
            <input type="radio" name="kind" value={k} checked={f.kind === k} onChange={() => set('kind', k)} /> {kindWord(k)}
          </label>
        ))}
      </fieldset>
      {f.table !== '' && (
        <>
          <label>
            {t('tournament.tableSize')}
            <select
              name="table"
              aria-describedby="table-size-hint"
              value={f.kind === 'arena' ? f.table : '2'}
              disabled={f.kind !== 'arena' || editing !== undefined}
              onChange={(e) => set('table', e.currentTarget.value)}
            >
              {Array.from({ length: mostPlayers(f.game) - 1 }, (_, i) => String(i + 2)).map((n) => (
                <option value={n}>{n}</option>
              ))}
            </select>
          </label>
          <p id="table-size-hint" class="muted hint">
            {t('tournament.tableSizeHint')}
          </p>
        </>
      )}
      <Settings f={f} set={set} clocks={clocks} />
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      <p>
        <button type="submit" class="primary" disabled={busy}>
          {t(editing ? 'tournament.save' : 'tournament.submit')}
        </button>{' '}
        {editing && (
          <button type="button" onClick={editing.close}>
            {t('tournament.keepAsItWas')}
          </button>
        )}
      </p>
    </form>
  );
}

/** A new tournament's fields: an arena of Hive in ten minutes. */
function fresh(): Fields {
  return {
    name: '',
    game: 'hive',
    table: '',
    kind: 'arena',
    clock: '5+3',
    rated: true,
    manual: false,
    startsAt: localInput(Date.now() + 10 * 60_000),
    rounds: '5',
    cycles: '1',
    minutes: '60',
    minRatedGames: '',
    minRating: '',
    maxRating: '',
    inviteOnly: false,
    invited: '',
  };
}

type Set = <K extends keyof Fields>(key: K, value: Fields[K]) => void;

/** What a tournament is set with beyond its kind and game: edited as it is made. */
function Settings({ f, set, clocks }: { f: Fields; set: Set; clocks: readonly string[] }) {
  return (
    <>
      {f.kind === 'swiss' && (
        <label>
          {t('tournament.rounds')}
          <input name="rounds" type="number" min={1} max={30} value={f.rounds} onInput={(e) => set('rounds', e.currentTarget.value)} />
        </label>
      )}
      {f.kind === 'round-robin' && (
        <label>
          {t('tournament.cycles')}
          <input name="cycles" type="number" min={1} max={4} value={f.cycles} onInput={(e) => set('cycles', e.currentTarget.value)} />
        </label>
      )}
      {f.kind === 'arena' && (
        <label>
          {t('tournament.durationMinutes')}
          <input name="minutes" type="number" min={1} max={1440} value={f.minutes} onInput={(e) => set('minutes', e.currentTarget.value)} />
        </label>
      )}
      <label>
        {t('tournament.clock')}
        <select name="clock" value={f.clock} onChange={(e) => set('clock', e.currentTarget.value)}>
          {clocks.map((c) => (
            <option value={c}>{timeControl(clockOf(c))}</option>
          ))}
        </select>
      </label>
      <label class="inline">
        <input type="checkbox" name="rated" checked={f.rated} onChange={(e) => set('rated', e.currentTarget.checked)} />{' '}
        {t('tournament.rated')}
      </label>
      <fieldset>
        <legend>{t('tournament.start')}</legend>
        <label class="inline">
          <input type="radio" name="start" checked={!f.manual} onChange={() => set('manual', false)} /> {t('tournament.startAtTime')}
        </label>
        {!f.manual && (
          <label>
            {t('tournament.startTime')}
            <input name="startsAt" type="datetime-local" value={f.startsAt} onInput={(e) => set('startsAt', e.currentTarget.value)} />
          </label>
        )}
        <label class="inline">
          <input type="radio" name="start" checked={f.manual} onChange={() => set('manual', true)} /> {t('tournament.startByHand')}
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('tournament.conditions')}</legend>
        <p class="muted hint">{t('tournament.conditionsHint')}</p>
        <CountField name="minRatedGames" label={t('tournament.minRatedGames')} max={1000} value={f.minRatedGames} set={set} />
        <div class="rating-range">
          <CountField name="minRating" label={t('tournament.minRating')} max={4000} value={f.minRating} set={set} />
          <CountField name="maxRating" label={t('tournament.maxRating')} max={4000} value={f.maxRating} set={set} />
        </div>
        <label class="inline">
          <input type="checkbox" name="inviteOnly" checked={f.inviteOnly} onChange={(e) => set('inviteOnly', e.currentTarget.checked)} />{' '}
          {t('tournament.inviteOnly')}
        </label>
        {f.inviteOnly && (
          <>
            <label>
              {t('tournament.invited')}
              <textarea name="invited" rows={2} value={f.invited} onInput={(e) => set('invited', e.currentTarget.value)} />
            </label>
            <p class="muted hint">{t('tournament.invitedTooMany', { count: INVITED_MAX })}</p>
          </>
        )}
      </fieldset>
    </>
  );
}

/** An entry condition's whole number (empty asks for nothing), held by the server's own bounds. */
function CountField({
  name,
  label,
  max,
  value,
  set,
}: {
  name: 'minRatedGames' | 'minRating' | 'maxRating';
  label: string;
  max: number;
  value: string;
  set: (key: 'minRatedGames' | 'minRating' | 'maxRating', value: string) => void;
}) {
  return (
    <label>
      {label}
      <input
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={value}
        onInput={(e) => set(name, e.currentTarget.value)}
      />
    </label>
  );
}
