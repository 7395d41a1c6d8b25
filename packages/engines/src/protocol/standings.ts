/** A tournament's standings as the server sends them and the app reads them (docs/tournaments.md). */
export interface StandingRow {
  readonly place: number;
  readonly account: string;
  readonly name: string;
  readonly score: number;
  /** The tie-breaks' values, in the order `Standings.tiebreaks` names them. */
  readonly tiebreaks: readonly number[];
  /** Arena: each game's points, oldest first (a streak's doubled wins shown as 4). */
  readonly sheet?: readonly number[];
  /** Arena: the next win counts double. */
  readonly onFire?: boolean;
}

export interface Standings {
  readonly tiebreaks: readonly string[];
  readonly rows: readonly StandingRow[];
}
