/**
 * Ranking tied players as FIDE's tie-break regulations rank them: by the primary score, then each
 * criterion in the organiser's order, applied only to the players still tied after the ones before
 * (a criterion such as the direct encounter looks at that group alone). Players no criterion
 * separates share a place.
 */

/** A criterion's value for a player, given the group of players still tied with them; higher ranks first. */
export type Criterion<P> = (player: P, tied: readonly P[]) => number;

export interface Ranked<P> {
  readonly player: P;
  /** From 1; shared by players nothing separates. */
  readonly place: number;
  /** Each criterion's value, in order (computed in the group the player was in when it applied). */
  readonly values: readonly number[];
}

/** Values closer than this are equal: scores are sums of halves, Sonneborn–Berger of quarters. */
const EPSILON = 1e-9;

/** `players` ranked; `order` settles how players nothing separates are listed (their place is shared). */
export function rankBy<P>(
  players: readonly P[],
  primary: (p: P) => number,
  criteria: readonly Criterion<P>[],
  order: (a: P, b: P) => number,
): Ranked<P>[] {
  const values = new Map<P, number[]>(players.map((p) => [p, []]));
  let groups = split(players, primary, order);
  for (const criterion of criteria)
    groups = groups.flatMap((group) => {
      const value = new Map(group.map((p) => [p, criterion(p, group)]));
      for (const p of group) values.get(p)?.push(value.get(p) as number);
      return group.length === 1 ? [group] : split(group, (p) => value.get(p) as number, order);
    });
  const ranked: Ranked<P>[] = [];
  let place = 1;
  for (const group of groups) {
    for (const player of group) ranked.push({ player, place, values: values.get(player) as number[] });
    place += group.length;
  }
  return ranked;
}

/** Players ordered by a value, best first, in groups of equal value. */
function split<P>(players: readonly P[], value: (p: P) => number, order: (a: P, b: P) => number): P[][] {
  const sorted = [...players].sort((a, b) => value(b) - value(a) || order(a, b));
  const groups: P[][] = [];
  for (const p of sorted) {
    const last = groups.at(-1);
    if (last && Math.abs(value(last[0] as P) - value(p)) < EPSILON) last.push(p);
    else groups.push([p]);
  }
  return groups;
}
