import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import { editOf, type Fields, fieldsOf, localInput, namesOf, tournamentOf } from './new-tournament.ts';
import { countdownText } from './parts-text.ts';

beforeAll(() => setCatalog('en', en));

const NOW = new Date(2026, 11, 6, 12, 0).getTime();
const fields = (over: Partial<Fields> = {}): Fields => ({
  name: 'Winter cup',
  game: 'hive',
  table: '',
  kind: 'arena',
  clock: '5+3',
  rated: true,
  manual: false,
  startsAt: localInput(NOW + 3_600_000),
  rounds: '5',
  cycles: '1',
  minutes: '60',
  minRatedGames: '',
  minRating: '',
  maxRating: '',
  inviteOnly: false,
  invited: '',
  ...over,
});

describe('the create form, checked as the server checks it', () => {
  it('asks for what each kind needs, with the clock and the start as the server takes them', () => {
    expect(tournamentOf(fields(), NOW)).toEqual({
      kind: 'arena',
      name: 'Winter cup',
      game: 'hive',
      clock: { initialMs: 300_000, incrementMs: 3000 },
      rated: true,
      startsAt: NOW + 3_600_000,
      durationMs: 3_600_000,
    });
    expect(tournamentOf(fields({ kind: 'swiss', rounds: '7', manual: true, clock: 'none' }), NOW)).toMatchObject({
      kind: 'swiss',
      rounds: 7,
      startsAt: null,
      clock: null,
    });
    expect(tournamentOf(fields({ kind: 'round-robin', cycles: '2' }), NOW)).toMatchObject({ kind: 'round-robin', cycles: 2 });
  });

  it('says in words what the server would refuse', () => {
    expect(tournamentOf(fields({ name: '  ' }), NOW)).toBe('Give the tournament a name (up to 60 characters).');
    expect(tournamentOf(fields({ name: 'x'.repeat(61) }), NOW)).toBe('Give the tournament a name (up to 60 characters).');
    expect(tournamentOf(fields({ startsAt: localInput(NOW - 60_000) }), NOW)).toBe('That start time has passed: choose a later one.');
    expect(tournamentOf(fields({ startsAt: localInput(NOW + 31 * 86_400_000) }), NOW)).toBe('A tournament starts within the next 30 days.');
    expect(tournamentOf(fields({ startsAt: '' }), NOW)).toBe('Choose when it starts.');
    expect(tournamentOf(fields({ kind: 'swiss', rounds: '31' }), NOW)).toBe('A Swiss has from 1 to 30 rounds.');
    expect(tournamentOf(fields({ kind: 'swiss', rounds: '2.5' }), NOW)).toBe('A Swiss has from 1 to 30 rounds.');
    expect(tournamentOf(fields({ kind: 'round-robin', cycles: '0' }), NOW)).toBe('A round robin has from 1 to 4 cycles.');
    expect(tournamentOf(fields({ minutes: '1441' }), NOW)).toBe('An arena lasts from 1 to 1440 minutes (a day).');
  });

  it('asks who may join only what was filled in, bounded as the server bounds it', () => {
    // Nothing filled in: no conditions sent (the summary then says "anyone").
    expect(tournamentOf(fields(), NOW)).not.toHaveProperty('conditions');
    expect(tournamentOf(fields({ minRatedGames: '0' }), NOW)).not.toHaveProperty('conditions');
    expect(tournamentOf(fields({ minRatedGames: ' 10 ', minRating: '1400', maxRating: '1900', inviteOnly: true }), NOW)).toMatchObject({
      conditions: { minRatedGames: 10, minRating: 1400, maxRating: 1900, inviteOnly: true },
    });
    expect((tournamentOf(fields({ maxRating: '1600' }), NOW) as { conditions: unknown }).conditions).toEqual({ maxRating: 1600 });
    expect((tournamentOf(fields({ minRating: '0' }), NOW) as { conditions: unknown }).conditions).toEqual({ minRating: 0 });
    expect(tournamentOf(fields({ minRatedGames: '1001' }), NOW)).toBe('The rated games asked for are a whole number from 0 to 1000.');
    expect(tournamentOf(fields({ minRatedGames: '-1' }), NOW)).toBe('The rated games asked for are a whole number from 0 to 1000.');
    expect(tournamentOf(fields({ minRating: '1500.5' }), NOW)).toBe('A rating asked for is a whole number from 0 to 4000.');
    expect(tournamentOf(fields({ maxRating: '4001' }), NOW)).toBe('A rating asked for is a whole number from 0 to 4000.');
    expect(tournamentOf(fields({ minRating: '1800', maxRating: '1600' }), NOW)).toBe('The lowest rating cannot be above the highest.');
    expect(tournamentOf(fields({ minRating: '1600', maxRating: '1600' }), NOW)).toMatchObject({
      conditions: { minRating: 1600, maxRating: 1600 },
    });
  });

  it('counts down as a clock reads', () => {
    expect(countdownText(3_723_000)).toBe('1:02:03');
    expect(countdownText(245_500)).toBe('4:06');
    expect(countdownText(-5)).toBe('0:00');
  });
});

describe('players invited by name, and the edit of a tournament', () => {
  it('reads the names typed once each, only for a tournament by invitation, at most 100', () => {
    expect(namesOf(' ann, Bob\nann;  cid BOB ')).toEqual(['ann', 'Bob', 'cid']);
    expect(tournamentOf(fields({ inviteOnly: true, invited: 'ann bob' }), NOW)).toMatchObject({
      conditions: { inviteOnly: true },
      invited: ['ann', 'bob'],
    });
    expect(tournamentOf(fields({ inviteOnly: false, invited: 'ann bob' }), NOW)).not.toHaveProperty('invited');
    const many = Array.from({ length: 101 }, (_, i) => `p${i}`).join(' ');
    expect(tournamentOf(fields({ inviteOnly: true, invited: many }), NOW)).toBe('Invite at most 100 players by name.');
  });

  it('fills the form from a tournament as it stands, and sends an edit whole (a condition taken away is sent as none)', () => {
    const summary = {
      id: 't',
      kind: 'swiss' as const,
      name: 'Spring cup',
      game: 'hex',
      clock: { initialMs: 600_000, incrementMs: 5_000 },
      rated: false,
      organiser: 'ann',
      state: 'created' as const,
      startsAt: NOW + 7_200_000,
      startedAt: null,
      endsAt: null,
      finishedAt: null,
      rounds: 7,
      durationMs: null,
      round: 0,
      players: 0,
      conditions: { minRating: 1200, inviteOnly: true },
    };
    const f = fieldsOf(summary, ['bob', 'cid']);
    expect(f).toMatchObject({ clock: '10+5', rounds: '7', minRating: '1200', maxRating: '', inviteOnly: true, invited: 'bob cid' });
    const asked = tournamentOf(f, NOW);
    if (typeof asked === 'string') throw new Error(asked);
    expect(editOf(asked)).toEqual({
      name: 'Spring cup',
      clock: { initialMs: 600_000, incrementMs: 5_000 },
      rated: false,
      startsAt: NOW + 7_200_000,
      rounds: 7,
      conditions: { minRating: 1200, inviteOnly: true },
      invited: ['bob', 'cid'],
    });
    const opened = tournamentOf({ ...f, minRating: '', inviteOnly: false }, NOW);
    if (typeof opened === 'string') throw new Error(opened);
    expect(editOf(opened)).toMatchObject({ conditions: {}, invited: [] });
  });
});

describe('a game of more than two (DiceWars)', () => {
  it('an arena asks for tables of the size chosen; a Swiss or round robin of it for two; a game of two sends no options', () => {
    expect(tournamentOf(fields({ game: 'dicewars', table: '3' }), NOW)).toMatchObject({ game: 'dicewars', options: { players: 3 } });
    expect(tournamentOf(fields({ game: 'dicewars', table: '3', kind: 'swiss' }), NOW)).toMatchObject({ options: { players: 2 } });
    expect(tournamentOf(fields({ game: 'dicewars', table: '5', kind: 'round-robin' }), NOW)).toMatchObject({ options: { players: 2 } });
    expect(tournamentOf(fields(), NOW)).not.toHaveProperty('options');
  });

  it('an edit keeps the table size it was made with (the options are not the organiser’s to change once made)', () => {
    const made = tournamentOf(fields({ game: 'dicewars', table: '4' }), NOW);
    if (typeof made === 'string') throw new Error(made);
    expect(editOf(made)).not.toHaveProperty('options');
    const summary = {
      ...made,
      id: 't',
      organiser: 'Org',
      state: 'created',
      startedAt: null,
      endsAt: null,
      finishedAt: null,
      rounds: null,
      durationMs: made.durationMs ?? null,
      round: 0,
      players: 0,
      clock: made.clock ?? null,
      options: { players: 4 },
    } as const;
    expect(fieldsOf(summary, []).table).toBe('4');
    expect(fieldsOf({ ...summary, options: {} }, []).table).toBe('');
  });
});
