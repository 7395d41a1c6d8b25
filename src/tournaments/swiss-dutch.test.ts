import { unwrap } from '@hexarena/engines/engine/result.ts';
import { describe, expect, it } from 'vitest';
import { allocateColours, colourPreference, pairRound } from './swiss-dutch.ts';
import { STANDARD_POINTS, type Tournament, type TrfPlayer, type TrfRound } from './trf.ts';

const entry = (opponent: number, colour: 'w' | 'b', result: TrfRound['result']): TrfRound => ({ opponent, colour, result });

const player = (startRank: number, rounds: TrfRound[]): TrfPlayer => ({
  startRank,
  sex: '',
  title: '',
  name: `P${startRank}`,
  rating: 2000 - startRank,
  federation: '',
  fideId: '',
  birthDate: '',
  points: 0,
  place: null,
  rounds,
});

const tournament = (players: TrfPlayer[], initial: 'white' | 'black' | null = 'white'): Tournament => ({
  name: null,
  system: null,
  totalRounds: 5,
  initialColour: initial,
  useRank: false,
  points: STANDARD_POINTS,
  players,
  otherLines: [],
});

describe('Dutch colour preferences (A.6) and allocation (E)', () => {
  it('absolute after two of a colour in a row or two more of one; strong after one more; mild when level', () => {
    const p = player(1, [entry(2, 'w', '1'), entry(3, 'w', '1'), entry(4, 'b', '0'), entry(5, 'b', '+')]);
    expect(colourPreference(p, 1)).toMatchObject({ colour: null, strength: null });
    expect(colourPreference(p, 2)).toMatchObject({ colour: 'black', strength: 'strong' });
    expect(colourPreference(p, 3)).toMatchObject({ colour: 'black', strength: 'absolute', imbalance: 2 });
    expect(colourPreference(p, 4)).toMatchObject({ colour: 'black', strength: 'strong' });
    // Round 4 was a forfeit: not a game played, so the preference stays what round 3 left.
    expect(colourPreference(p, 5)).toMatchObject({ colour: 'black', strength: 'strong' });
    const level = player(2, [entry(1, 'b', '0'), entry(3, 'w', '=')]);
    expect(colourPreference(level, 3)).toMatchObject({ colour: 'black', strength: 'mild' });
  });

  it('round 1: the higher-ranked takes the initial colour with an odd pairing number, the other with an even one', () => {
    const t = tournament([1, 2, 3, 4].map((r) => player(r, [])));
    expect(unwrap(pairRound(t, 1))).toEqual({
      pairs: [
        { white: 1, black: 3 },
        { white: 4, black: 2 },
      ],
      bye: null,
    });
    const odd = tournament(
      [1, 2, 3, 4, 5].map((r) => player(r, [])),
      'black',
    );
    expect(unwrap(pairRound(odd, 1))).toEqual({
      pairs: [
        { white: 3, black: 1 },
        { white: 2, black: 4 },
      ],
      bye: 5,
    });
  });

  it('a stronger preference wins; equal ones alternate from the last round the two differed', () => {
    // 1 (higher) had w, b: mild for white. 2 had b, b: absolute for white. 2 gets white.
    const t = tournament([
      player(1, [entry(3, 'w', '1'), entry(4, 'b', '1')]),
      player(2, [entry(4, 'b', '1'), entry(3, 'b', '1')]),
      player(3, [entry(1, 'b', '0'), entry(2, 'w', '0')]),
      player(4, [entry(2, 'w', '0'), entry(1, 'w', '0')]),
    ]);
    expect(allocateColours(t, t.players[0] as TrfPlayer, t.players[1] as TrfPlayer, 3)).toEqual({ white: 2, black: 1 });
    // 3 had b, w and 4 had w, w... 4 absolute black, 3 mild black: 4 gets black.
    expect(allocateColours(t, t.players[2] as TrfPlayer, t.players[3] as TrfPlayer, 3)).toEqual({ white: 3, black: 4 });
    // Both level and last black (mild for white): they alternate from round 2, where 1 had white and 2 black.
    const same = tournament([
      player(1, [entry(9, 'b', '='), entry(9, 'w', '='), entry(9, 'w', '='), entry(9, 'b', '=')]),
      player(2, [entry(9, 'w', '='), entry(9, 'b', '='), entry(9, 'w', '='), entry(9, 'b', '=')]),
    ]);
    expect(allocateColours(same, same.players[0] as TrfPlayer, same.players[1] as TrfPlayer, 5)).toEqual({ white: 2, black: 1 });
    // With the same histories nothing differs: the higher-ranked gets their preference.
    const twins = tournament([player(1, [entry(9, 'w', '='), entry(9, 'b', '=')]), player(2, [entry(9, 'w', '='), entry(9, 'b', '=')])]);
    expect(allocateColours(twins, twins.players[1] as TrfPlayer, twins.players[0] as TrfPlayer, 3)).toEqual({ white: 1, black: 2 });
  });

  it('a blank round with a later one recorded was an absence: that player is not paired in it', () => {
    const blank: TrfRound = { opponent: null, colour: ' ', result: ' ' };
    const t = tournament([
      player(1, [entry(3, 'w', '1'), entry(2, 'w', '=')]),
      player(2, [entry(4, 'b', '1'), entry(1, 'b', '=')]),
      player(3, [entry(1, 'b', '0'), blank, entry(4, 'w', '1')]),
      player(4, [entry(2, 'w', '0'), { opponent: 0, colour: '-', result: 'H' }]),
    ]);
    // Round 2: 3 was absent (blank, round 3 recorded) and 4 took a half-point bye: only 1 and 2 were paired.
    expect(unwrap(pairRound(t, 2))).toEqual({ pairs: [{ white: 2, black: 1 }], bye: null });
  });

  it('a later round too: the pairing of round 2 after round 1 (the Dutch brackets, swiss-dutch-rounds.test.ts for the rest)', () => {
    const t = tournament([
      player(1, [entry(3, 'w', '1')]),
      player(2, [entry(4, 'b', '1')]),
      player(3, [entry(1, 'b', '0')]),
      player(4, [entry(2, 'w', '0')]),
    ]);
    // 1 and 2 (1 point) meet, 3 and 4 (0) meet; each alternates from round 1's colour.
    expect(unwrap(pairRound(t, 2))).toEqual({
      pairs: [
        { white: 2, black: 1 },
        { white: 3, black: 4 },
      ],
      bye: null,
    });
  });
});
