import type { GameDefinition, Outcome } from '../../engine/game.ts';
import { refuse } from '../../engine/refusal.ts';
import { ok, type Result } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { MAP_PRESETS, type MapPreset } from './classic-map.ts';
import { fromJSON, PLAYER_LIMITS, toJSON } from './json.ts';
import { formatMove, parseMove } from './notation.ts';
import { type DiceWarsMove, type DiceWarsPosition, RULE_SETS, type RuleSet } from './position.ts';
import { DEFAULT_DICEWARS_OPTIONS, DICEWARS_RULES_VERSION, type DiceWarsOptions, HEADLESS_MAX_ROUNDS, newPosition } from './setup.ts';
import { STRENGTH_SIZES, type StrengthSize } from './strength-map.ts';

export type DiceWarsState = DiceWarsPosition;

/** What a shown position (from a view) rolls with: the game's own dice never leave the server. */
const STAND_IN_RNG = [...Rng.fromSeed('a view rolls no real dice').state()];

function parseOptions(json: unknown): Result<DiceWarsOptions> {
  if (json === undefined || json === null) return ok(DEFAULT_DICEWARS_OPTIONS);
  if (typeof json !== 'object' || Array.isArray(json))
    return refuse('options.object', 'DiceWars options must be an object such as {"rules":"classic","players":4}', {
      game: 'DiceWars',
      example: '{"rules":"classic","players":4}',
    });
  const o = json as Record<string, unknown>;
  const known = ['rules', 'players', 'map', 'size', 'maxRounds'];
  const unknown = Object.keys(o).filter((k) => !known.includes(k));
  if (unknown.length > 0)
    return refuse('options.unknown', `unknown DiceWars option ${unknown.join(', ')} (known: ${known.join(', ')})`, {
      game: 'DiceWars',
      names: unknown.join(', ').slice(0, 60),
      known: known.join(', '),
    });
  const rules = (o.rules ?? 'classic') as RuleSet;
  if (!RULE_SETS.includes(rules) || typeof rules !== 'string')
    return refuse('options.oneOf', `rules must be ${RULE_SETS.join(' or ')}`, { name: 'rules', choices: RULE_SETS.join(', ') });
  const [min, max] = PLAYER_LIMITS[rules];
  const players = o.players ?? (rules === 'classic' ? 8 : 2);
  if (!Number.isInteger(players) || (players as number) < min || (players as number) > max)
    return refuse('dicewars.options.players', `the ${rules} rules take ${min} to ${max} players`, { rules, min, max });
  const map = o.map ?? 'classic';
  // Own keys only: "constructor" or "__proto__" are in every object, and no map.
  if (typeof map !== 'string' || !Object.hasOwn(MAP_PRESETS, map))
    return refuse('options.oneOf', `map must be ${Object.keys(MAP_PRESETS).join(', ')}`, {
      name: 'map',
      choices: Object.keys(MAP_PRESETS).join(', '),
    });
  const size = (o.size ?? 20) as StrengthSize;
  if (!STRENGTH_SIZES.includes(size))
    return refuse('options.oneOf', `size must be ${STRENGTH_SIZES.join(', ')}`, { name: 'size', choices: STRENGTH_SIZES.join(', ') });
  const maxRounds = o.maxRounds ?? null;
  if (maxRounds !== null && (!Number.isInteger(maxRounds) || (maxRounds as number) < 1))
    return refuse('options.atLeastOrNone', 'maxRounds must be a whole number of at least 1, or null for no cap', {
      name: 'maxRounds',
      min: 1,
    });
  return ok({ rules, players: players as number, map: map as MapPreset, size, maxRounds: maxRounds as number | null });
}

function outcome(pos: DiceWarsPosition): Outcome | null {
  const winner = pos.winner();
  if (winner >= 0) return { kind: 'win', winner, ranking: [winner, ...[...pos.out].reverse()], reason: 'last player standing' };
  if (pos.round >= pos.maxRounds) return { kind: 'draw', reason: `no winner after ${pos.maxRounds} rounds` };
  return null;
}

/** The seats still in, most territories first (then most dice, then turn order). */
function standings(pos: DiceWarsPosition): number[] {
  const dice = (seat: number) => pos.dice.reduce((sum, d, t) => (pos.owner[t] === seat ? sum + d : sum), 0);
  const score = new Map(pos.order.map((seat) => [seat, pos.territoriesOf(seat) * 10_000 + dice(seat)]));
  return pos.order.filter((seat) => pos.alive(seat)).sort((a, b) => (score.get(b) as number) - (score.get(a) as number));
}

export const dicewars: GameDefinition<DiceWarsState, DiceWarsMove, DiceWarsOptions> = {
  id: 'dicewars',
  title: 'DiceWars',
  players: { min: 2, max: 8 },
  defaultOptions: DEFAULT_DICEWARS_OPTIONS,
  parseOptions,
  // Players are letters on the map, in the log, in the terminal and in results alike: A, B, C…
  seatNames: (options) => Array.from({ length: options.players }, (_, i) => String.fromCharCode(65 + i)),
  newGame: newPosition,
  toMove: (pos) => (outcome(pos) ? null : pos.seat),
  result: outcome,
  legalMoves: (pos) => pos.legalMoves(),
  play(pos, move) {
    const next = pos.clone();
    next.play(move);
    return next;
  },
  formatMove: (_pos, move) => formatMove(move),
  parseMove,
  toJSON: (pos) => toJSON(pos, true),
  fromJSON,
  // Players never see the RNG: it would tell them every future roll.
  view: (pos) => toJSON(pos, false),
  // The dice to come stay on the server: a shown position rolls with a generator of no consequence.
  fromView: (json) => fromJSON(typeof json === 'object' && json !== null ? { ...json, rng: STAND_IN_RNG } : json),
  // With a person, a game ends when somebody wins; a match of AIs alone gets a far round cap.
  alwaysEnds: true,
  headlessOptions: (options) => (options.maxRounds === null ? { ...options, maxRounds: HEADLESS_MAX_ROUNDS } : options),
  rulesVersion: DICEWARS_RULES_VERSION,
  stochastic: true,
  standings,
};
