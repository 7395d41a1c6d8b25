import { unwrap } from '@hexarena/engines/engine/result.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTrf, parseTrf, STANDARD_POINTS, type Tournament, type TrfPlayer, type TrfRound } from './trf.ts';

/** A small tournament written by hand: 4 players, 2 rounds, a forfeit, a pairing-allocated bye, a late entry. */
const SMALL = [
  '012 Hexarena Test Open',
  '001    1 m GM Alpha, Anna                       2400 FRA    12345678 1990/01/01  2.0    1     4 w 1     2 b +',
  '001    2 f    Beta, Bo                          2300 ESP             2001/02/03  0.5    3     3 b =     1 w -',
  '001    3      Gamma                             2200                             1.5    2     2 w =  0000 - U',
  '001    4      Delta                                                              0.0    4     1 b 0',
  '',
  '092 FIDE_DUTCH_2025',
  'XXR 5',
  'XXC white1',
].join('\n');

const setRound = (t: Tournament, rank: number, k: number, r: TrfRound): Tournament => ({
  ...t,
  players: t.players.map((p) => (p.startRank === rank ? { ...p, rounds: p.rounds.map((x, i) => (i === k ? r : x)) } : p)),
});

describe('TRF', () => {
  it('reads players, rounds, byes, forfeits and the header codes', () => {
    const t = unwrap(parseTrf(SMALL));
    expect(t.name).toBe('Hexarena Test Open');
    expect(t.system).toBe('FIDE_DUTCH_2025');
    expect(t.totalRounds).toBe(5);
    expect(t.initialColour).toBe('white');
    expect(t.points).toEqual(STANDARD_POINTS);
    const [a, b, c, d] = t.players as TrfPlayer[];
    expect(a).toMatchObject({ startRank: 1, sex: 'm', title: 'GM', name: 'Alpha, Anna', rating: 2400, federation: 'FRA' });
    expect(a?.fideId).toBe('12345678');
    expect(a?.birthDate).toBe('1990/01/01');
    expect(a?.rounds).toEqual([
      { opponent: 4, colour: 'w', result: '1' },
      { opponent: 2, colour: 'b', result: '+' },
    ]);
    expect(b?.rounds[1]).toEqual({ opponent: 1, colour: 'w', result: '-' });
    expect(c?.rounds[1]).toEqual({ opponent: 0, colour: '-', result: 'U' });
    expect(d?.rating).toBeNull();
    // Delta entered late in the pairing of round 2 and was not paired: no entry for it.
    expect(d?.rounds).toHaveLength(1);
  });

  it('writes what it read, column for column', () => {
    const t = unwrap(parseTrf(SMALL));
    expect(formatTrf(t)).toBe(`${SMALL}\n`);
    expect(unwrap(parseTrf(formatTrf(t, '\r')))).toEqual(t);
  });

  it('reads the point system from BBx and 162 lines, the bye worth a win unless set apart', () => {
    const withPoints = (lines: string[]) =>
      unwrap(parseTrf(['001    1      A                                                                  0.0', ...lines].join('\n')))
        .points;
    expect(withPoints(['BBW  3.0', 'BBD  1.0'])).toEqual({ ...STANDARD_POINTS, win: 3, draw: 1, pairingAllocatedBye: 3 });
    expect(withPoints(['BBU  0.5', 'BBW  2.0'])).toEqual({ ...STANDARD_POINTS, win: 2, pairingAllocatedBye: 0.5 });
    expect(withPoints(['162  W 3.0    D 1.0    P 1.0'])).toEqual({ ...STANDARD_POINTS, win: 3, draw: 1, pairingAllocatedBye: 1 });
    const t = unwrap(
      parseTrf(['001    1      A                                                                  0.0', 'BBW  3.0', 'BBU  1.0'].join('\n')),
    );
    expect(unwrap(parseTrf(formatTrf(t)))).toEqual(t);
  });

  it('says which line and column are wrong', () => {
    const lines = SMALL.split('\n');
    const broken = (i: number, line: string) => {
      const copy = [...lines];
      copy[i] = line;
      const r = parseTrf(copy.join('\n'));
      return r.ok ? 'accepted' : r.error.message;
    };
    const alpha = lines[1] as string;
    expect(broken(1, `${alpha.slice(0, 98)}x${alpha.slice(99)}`)).toBe(
      'line 2, column 99: round 1: result "X" is not one of 1 0 = + - W D L H F U Z or blank',
    );
    expect(broken(1, `${alpha.slice(0, 96)}r${alpha.slice(97)}`)).toBe('line 2, column 97: round 1: colour "r" is not w, b, - or blank');
    expect(broken(1, alpha.slice(0, 60))).toBe('line 2, column 61: a player line is at least 84 characters long');
    expect(broken(1, `${alpha.slice(0, 80)} 3.0${alpha.slice(84)}`)).toBe('line 2, column 81: points 3.0 but the results add up to 2.0');
    expect(broken(1, `${alpha.slice(0, 91)}   1${alpha.slice(95)}`)).toBe('line 2, column 92: round 1: a player cannot meet themselves');
    expect(broken(1, `${alpha.slice(0, 91)}   3${alpha.slice(95)}`)).toBe(
      'line 2, column 92: round 1: opponent 3 does not record this player in that round',
    );
    expect(broken(1, `${alpha.slice(0, 96)}b${alpha.slice(97)}`)).toBe('line 2, column 92: round 1: the colours against 4 are "b" and "b"');
    expect(broken(4, (lines[4] as string).replace('1 b 0', '1 b =').replace(' 0.0', ' 0.5'))).toBe(
      'line 2, column 92: round 1: results "1" and 4\'s "=" do not match',
    );
    expect(broken(3, (lines[3] as string).replace('0000 - U', '   1 - U'))).toBe(
      'line 4, column 102: round 2: a bye ("U") has no opponent and no colour',
    );
    expect(broken(7, 'XXR none')).toBe('line 8, column 5: the number of rounds is a positive whole number, not "none"');
    expect(broken(8, 'XXC white1 blue2')).toBe('line 9, column 12: unknown configuration "blue2" (rank, white1, black1)');
    expect(broken(4, (lines[4] as string).replace('   4 ', '   2 '))).toBe('line 5, column 5: start rank 2 is repeated');
    expect(broken(0, '013 a team')).toBe('line 1, column 1: team tournaments are not supported');
  });

  it('keeps the lines of codes it does not interpret, verbatim', () => {
    const text = `${SMALL}\n240 F    3    4\nXXP    1    2`;
    const t = unwrap(parseTrf(text));
    expect(t.otherLines).toEqual(['240 F    3    4', 'XXP    1    2']);
    expect(unwrap(parseTrf(formatTrf(t)))).toEqual(t);
  });

  it('round trips: whatever it writes it reads back equal', () => {
    const result = fc.constantFrom<TrfRound['result']>('1', '0', '=');
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(result, { minLength: 80, maxLength: 80 }),
        fc.integer({ min: 1000, max: 2800 }),
        (n, rounds, results, base) => {
          // A round robin's first rounds: players meet by the circle method, results from the draw.
          const players: { startRank: number; rounds: TrfRound[] }[] = Array.from({ length: n }, (_, i) => ({
            startRank: i + 1,
            rounds: [],
          }));
          let k = 0;
          for (let r = 0; r < rounds; r++) {
            const order = [0, ...Array.from({ length: n - 1 }, (_, i) => 1 + ((i + r) % (n - 1)))];
            for (let b = 0; b < Math.floor(n / 2); b++) {
              const [w, x] = [order[b] as number, order[n - 1 - b] as number];
              const res = results[k++ % results.length] as TrfRound['result'];
              const back = res === '1' ? '0' : res === '0' ? '1' : '=';
              (players[w] as { rounds: TrfRound[] }).rounds.push({ opponent: x + 1, colour: 'w', result: res });
              (players[x] as { rounds: TrfRound[] }).rounds.push({ opponent: w + 1, colour: 'b', result: back });
            }
            if (n % 2 === 1)
              (players[order[Math.floor(n / 2)] as number] as { rounds: TrfRound[] }).rounds.push({
                opponent: 0,
                colour: '-',
                result: 'U',
              });
          }
          const t: Tournament = {
            name: 'Round trip',
            system: null,
            totalRounds: rounds + 1,
            initialColour: 'black',
            useRank: false,
            points: STANDARD_POINTS,
            otherLines: [],
            players: players.map((p) => ({
              startRank: p.startRank,
              sex: '',
              title: '',
              name: `Player ${p.startRank}`,
              rating: base + p.startRank,
              federation: '',
              fideId: '',
              birthDate: '',
              points: p.rounds.reduce((s, r) => s + (r.result === '1' || r.result === 'U' ? 1 : r.result === '=' ? 0.5 : 0), 0),
              place: null,
              rounds: p.rounds,
            })),
          };
          expect(unwrap(parseTrf(formatTrf(t)))).toEqual(t);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a changed result is caught by the points check', () => {
    const t = unwrap(parseTrf(SMALL));
    const changed = setRound(t, 1, 0, { opponent: 4, colour: 'w', result: '=' });
    expect(parseTrf(formatTrf(changed)).ok).toBe(false);
  });
});
