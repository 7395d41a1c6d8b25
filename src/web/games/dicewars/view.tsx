import { highlights, select } from '@hexarena/engines/engine/board-interaction.ts';
import type { DiceWarsMove, DiceWarsState, dicewars, Report } from '@hexarena/engines/games/dicewars/index.ts';
import {
  attackOdds,
  COLOURS,
  cellHex,
  dicewarsBoard,
  dicewarsPremoveState,
  gridNeighbours,
  territoryCells,
  territoryKey,
} from '@hexarena/engines/games/dicewars/index.ts';
import { hexCorners, hexToPixel, type Layout } from '@hexarena/engines/hex/index.ts';
import { useCallback, useMemo, useState } from 'preact/hooks';
import type { MovePoints } from '../../analysis/info.ts';
import { type Motion, useMoveMotion } from '../../board/motion.ts';
import { fitBox } from '../../board/viewport.ts';
import { useEscape } from '../../escape.ts';
import { formatNumber, t } from '../../i18n/index.ts';
import { premoveSeat } from '../../online/premove.ts';
import { GameShell } from '../../shell.tsx';
import { SvgButton } from '../../svg-button.tsx';
import type { SessionOf } from '../../use-game.ts';
import { ZoomableSvg } from '../../zoomable.tsx';
import { HOW_TO_PLAY } from './how-to-play.tsx';

const LAYOUT: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };
const letter = (seat: number) => String.fromCharCode(65 + seat);

function reportLine(r: Report): string {
  const who = letter(r.seat);
  if (r.type === 'end') return t('dicewars.log.end', { who, placed: r.placed, group: r.supply, stock: r.stock });
  if (r.type === 'expand') return t('dicewars.log.expand', { who, move: `${r.from}→${r.to}` });
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  return t('dicewars.log.attack', {
    who,
    move: `${r.from}→${r.to}`,
    defender: letter(r.defender),
    attack: `${r.attack.join('+')} = ${sum(r.attack)}`,
    defence: `${r.defence.join('+')} = ${sum(r.defence)}`,
    won: String(r.won),
  });
}

/** Pointy-top corners run clockwise from the top, so edge k (corner k to k + 1) faces NE, E, SE, SW, W, NW. */
const EDGE_DIRECTION = [1, 2, 3, 4, 5, 0];

/** A territory's centre in the map's drawing: the mean of its cells' centres. */
function territoryCentre(board: DiceWarsState['board'], cells: readonly number[]): { x: number; y: number } {
  let x = 0;
  let y = 0;
  for (const c of cells) {
    const p = hexToPixel(LAYOUT, cellHex(board, c));
    x += p.x / cells.length;
    y += p.y / cells.length;
  }
  return { x, y };
}

/** Each territory as filled cells, its outline (edges bordering another territory or the sea), and its centre. */
function territoryShapes(board: DiceWarsState['board']) {
  const neighbours = gridNeighbours(board.grid, board.cols, board.rows);
  return territoryCells(board).map((list, t) => {
    let fill = '';
    let edges = '';
    for (const c of list) {
      const corners = hexCorners(LAYOUT, cellHex(board, c)).map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`);
      fill += `M${corners.join('L')}Z`;
      for (let k = 0; k < 6; k++) {
        const n = neighbours[c * 6 + (EDGE_DIRECTION[k] as number)] as number;
        if (n < 0 || board.cellTerritory[n] !== t) edges += `M${corners[k]}L${corners[(k + 1) % 6]}`;
      }
    }
    const { x: cx, y: cy } = territoryCentre(board, list);
    return { fill, edges, cx, cy };
  });
}

/** An attack or an expansion as an arrow from the territory it leaves to the one it takes; ending a turn has none. */
export function dicewarsMovePoints(state: DiceWarsState, move: DiceWarsMove): MovePoints | null {
  if (move.type === 'end') return null;
  const cells = territoryCells(state.board);
  return { from: territoryCentre(state.board, cells[move.from] ?? []), to: territoryCentre(state.board, cells[move.to] ?? []) };
}

/** Where a territory's two labels go and how large: a classic territory is roomy, a strength cell narrow. */
const CLASSIC_LABELS = { ownerY: -0.9, ownerSize: 0.9, diceY: 1, diceSize: 1.8 };
const STRENGTH_LABELS = { ownerY: -0.4, ownerSize: 0.55, diceY: 0.6, diceSize: 0.95 };

/**
 * The owner's letter above, the dice (or strength) large below. A space between the labels (drawn as
 * nothing) keeps them words apart in the text of the territory, as its name says them: "0 A 3".
 */
function OwnerAndDice({ x, y, owner, dice, scale }: { x: number; y: number; owner: number; dice: number; scale: typeof CLASSIC_LABELS }) {
  return (
    <>
      <text x={x} y={y + scale.ownerY} font-size={scale.ownerSize} text-anchor="middle" class="owner">
        {letter(owner)}
      </text>{' '}
      <text x={x} y={y + scale.diceY} font-size={scale.diceSize} text-anchor="middle" class="dice">
        {dice}
      </text>
    </>
  );
}

/** The dice themselves beside the count, stacked in columns of four as the original piles them. */
function DiceStack({ x, y, dice }: { x: number; y: number; dice: number }) {
  return (
    <g class="stack">
      {Array.from({ length: dice }, (_, i) => (
        <rect class="die" x={x + Math.floor(i / 4) * 0.72} y={y - (i % 4) * 0.56} width={0.6} height={0.5} rx={0.1} />
      ))}
    </g>
  );
}

const percent = (chance: number): string => formatNumber(Math.round(chance * 100) / 100, { style: 'percent' });

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** The last battle by the map, die by die, as the original shows each roll where it happens. */
function LastBattle({ report }: { report: Report | null }) {
  if (report?.type !== 'attack') return <p class="last-battle" aria-live="polite" />;
  const dice = (xs: readonly number[]) => (xs.length > 1 ? xs.map((x) => FACES[x - 1] ?? x).join('') : String(xs[0]));
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  return (
    <p class="last-battle" aria-live="polite" data-testid="last-battle">
      <b>{letter(report.seat)}</b> {report.from}→{report.to} <b>{letter(report.defender)}</b>:{' '}
      <span class="roll">{dice(report.attack)}</span> {sum(report.attack)} {t('home.vs')} <span class="roll">{dice(report.defence)}</span>{' '}
      {sum(report.defence)} — {report.won ? t('dicewars.taken') : t('dicewars.held')}
    </p>
  );
}

/** An attack throws both sides' dice: on the map (classic stacks) and in the battle line. */
function battleMotion(last: Report | null): Motion[] {
  if (last?.type !== 'attack') return [];
  return [
    { kind: 'roll', selector: `svg.dicewars [data-territory="${last.from}"] .die` },
    { kind: 'roll', selector: `svg.dicewars [data-territory="${last.to}"] .die` },
    { kind: 'roll', selector: '[data-testid=last-battle] .roll' },
  ];
}

/** The board in its shell, for a game on this screen or online. */
export function DiceWarsBoard({ session }: { session: SessionOf<typeof dicewars> }) {
  const { state, toMove } = session;
  const [selected, setSelected] = useState<string | null>(null);
  useEscape(useCallback(() => setSelected(null), []));
  const [hover, setHover] = useState<number | null>(null);
  // The battle log: every report up to the position shown.
  const log = useMemo(
    () => session.history.slice(Math.max(1, session.firstPly), session.ply + 1).flatMap((s) => (s.last ? [s.last] : [])),
    [session.history, session.ply],
  );

  // On another's turn online, the map offers this player's attacks as if the turn were theirs: the
  // one chosen is queued as a premove, in notation, for the rules to judge when the turn comes.
  const seat = premoveSeat(session);
  const ahead = useMemo(() => (seat === null ? null : dicewarsPremoveState(state, seat)), [state, seat]);
  const premove = ahead && session.premove ? session.premove : null;
  const moving = ahead ?? state;
  const board = ahead
    ? { ...dicewarsBoard(ahead, true), selected }
    : { ...dicewarsBoard(state, session.interactive), selected: session.interactive ? selected : null };
  const play = (move: DiceWarsMove) => {
    setSelected(null);
    if (premove && ahead) premove.queue(session.game.formatMove(ahead, move));
    else session.play(move);
  };
  // The premove queued ("attack 3 7"): the territories it leaves from and goes to.
  const queued = premove?.queued ? (/^(?:attack|expand) (\d+) (\d+)$/.exec(premove.queued)?.slice(1).map(Number) ?? []) : [];
  const choose = (key: string) => {
    const r = select(board, key);
    setSelected(r.state.selected);
    if (r.move) play(r.move);
  };
  const lit = highlights(board);
  // The last move's territories: an attack's or an expansion's (ending a turn moves nothing).
  const lastMove = state.last?.type === 'attack' || state.last?.type === 'expand' ? state.last : null;
  useMoveMotion(session.ply, state.last, (_, last) => battleMotion(last));

  const shapes = useMemo(() => territoryShapes(state.board), [state.board]);
  // The map's extent, from the centres of all its cells (plus a cell's size all round); large maps
  // zoom and pan, so that their labels can be read.
  const fit = useMemo(
    () =>
      fitBox(
        territoryCells(state.board).flatMap((list) => list.map((c) => hexToPixel(LAYOUT, cellHex(state.board, c)))),
        1.5,
      ),
    [state.board],
  );
  const labels = state.order.map((_, seat) => letter(seat));
  // Odds on every target of the selection: a phone has no hover.
  const chances = shapes.map((_, t) =>
    lit.selected !== null && lit.dests.includes(territoryKey(t)) ? attackOdds(moving, Number(lit.selected.slice(1)), t) : null,
  );
  const odds = hover === null ? null : (chances[hover] ?? null);

  // One list of the players (the strips, in turn order, each with its group and stock) and one log
  // (the move list, each move as its battle went): a list and a log of their own used to repeat them.
  const seatNote = (seat: number) =>
    state.alive(seat) ? t('dicewars.seatNote', { group: state.largestGroup(seat), stock: state.stock[seat] ?? 0 }) : t('dicewars.out');
  const { history, firstPly } = session;
  const moveLabel = useCallback(
    (move: string, i: number) => {
      // The state after move i carries its report (before firstPly, an online game's states repeat the first known one).
      const report = i + 1 >= Math.max(1, firstPly) ? history[i + 1]?.last : undefined;
      return report ? reportLine(report) : move;
    },
    [history, firstPly],
  );

  return (
    <GameShell
      help={HOW_TO_PLAY}
      session={session}
      title="DiceWars"
      seatLabels={labels}
      prompt={t('dicewars.prompt', { seat: letter(toMove ?? 0), rules: state.rules })}
      seatOrder={state.order}
      seatNote={seatNote}
      moveLabel={moveLabel}
    >
      <LastBattle report={log.findLast((r) => r.type === 'attack') ?? null} />
      <ZoomableSvg class={`board dicewars ${state.rules}`} title={t('dicewars.map')} fit={fit}>
        {shapes.map((shape, k) => {
          const owner = state.owner[k] as number;
          const key = territoryKey(k);
          const cls = `territory${lit.selected === key ? ' selected' : ''}${lit.dests.includes(key) ? ' dest' : ''}${lastMove?.to === k ? ' last-move' : ''}${lastMove?.from === k ? ' last-from' : ''}${queued.includes(k) ? ' premove' : ''}`;
          const dice = state.dice[k] as number;
          const chance = chances[k] ?? null;
          const name = t('dicewars.territory', {
            n: k,
            owner: owner < 0 ? 'none' : letter(owner),
            dice,
            rules: state.rules,
            chance: chance === null ? 'none' : percent(chance),
          });
          return (
            <SvgButton
              canFocus={board.dests.has(key) || lit.dests.includes(key)}
              aria-label={name}
              data-territory={k}
              class={cls}
              onPress={() => choose(key)}
              onMouseEnter={() => setHover(k)}
            >
              <title>{name}</title>
              <path d={shape.fill} fill={COLOURS[owner] ?? '#ccc'} class="area" />
              <path d={shape.edges} class="outline" />
              {queued.includes(k) && <path d={shape.edges} class="premove-mark" />}
              {/* The numbers the log and the notation use, on the map (a strength cell is too small: its title says it). */}
              {state.rules === 'classic' && (
                <>
                  <text x={shape.cx - 1.6} y={shape.cy - 1.1} font-size={0.7} text-anchor="middle" class="tnum">
                    {k}
                  </text>{' '}
                </>
              )}
              {/* On a strength cell the odds take the place of the strength: one cell holds one label. */}
              {owner >= 0 && (state.rules === 'classic' || chance === null) && (
                <OwnerAndDice
                  x={shape.cx}
                  y={shape.cy}
                  owner={owner}
                  dice={dice}
                  scale={state.rules === 'classic' ? CLASSIC_LABELS : STRENGTH_LABELS}
                />
              )}
              {owner >= 0 && state.rules === 'classic' && <DiceStack x={shape.cx + 1.2} y={shape.cy + 0.6} dice={dice} />}
            </SvgButton>
          );
        })}
        {/* The odds, over every territory (so no neighbour hides them); each target's name says its own, and a
            territory's name holds all the text drawn on it, as a speech user reads it out. */}
        <g class="odds">
          {shapes.map((shape, t) => {
            const chance = chances[t] ?? null;
            if (chance === null) return null;
            return (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG <text> takes no focus; the target's name says these odds.
              <text
                x={shape.cx}
                y={shape.cy + (state.rules === 'strength' ? -0.5 : 2.3)}
                font-size={0.8}
                text-anchor="middle"
                class="chance"
                aria-hidden="true"
              >
                {percent(chance)}
              </text>
            );
          })}
        </g>
      </ZoomableSvg>
      <p>
        <button type="button" class="end-turn" disabled={!session.interactive} onClick={() => play({ type: 'end' })}>
          {t('dicewars.endTurn')}
        </button>{' '}
        {odds !== null && (
          <span data-testid="odds">
            {t('dicewars.winChance', { chance: formatNumber(odds, { style: 'percent', minimumFractionDigits: 1 }) })}
          </span>
        )}
      </p>
    </GameShell>
  );
}
