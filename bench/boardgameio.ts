import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { untilReady } from '../src/server/local-services.ts';
import { freePort } from '../src/server/online.testing.ts';
import { jsonPoster } from './http-post.ts';
import { measureWindow, type TableRun, type WindowOptions, type WindowRun } from './load-window.ts';
import { pacer } from './pace.ts';

/**
 * boardgame.io's server (npm boardgame.io 0.50.2, its in-memory storage) as a child process, and a
 * load generator that plays it the way bench/server.ts plays hexarena: a new match per game made
 * through its lobby API, two socket.io clients, the same nine moves, a move counted when the server
 * has applied it (its update reaches the mover).
 */

/** The cells of hexarena's fixed workload (b2 a1 c3 a3 a2 c2 b1 b3 c1), numbered as boardgame.io's board. */
const CELLS = [4, 6, 2, 0, 3, 5, 7, 1, 8];

export interface Rival {
  readonly base: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

export async function startBoardgameIo(): Promise<Rival> {
  const port = await freePort();
  const script = fileURLToPath(new URL('./boardgameio-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, String(port)], { stdio: ['ignore', 'pipe', 'ignore'] });
  const stop = await untilReady(child, 'boardgame.io is at', 'boardgame.io');
  return { base: `http://127.0.0.1:${port}`, child, stop };
}

/** A process's resident memory in bytes (Linux), for the servers' memory figures. */
export function residentBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) * 1024 : Number.NaN;
}

interface Update {
  _stateID: number;
  ctx: { gameover?: unknown };
}

/** One player's socket: the newest state it has seen, and a wait for a newer one. */
class Seat {
  private latest = 0;
  private waiting: { after: number; resolve: (u: Update) => void } | null = null;
  constructor(readonly socket: Socket) {
    socket.on('update', (_matchID: string, state: Update) => {
      this.latest = Math.max(this.latest, state._stateID);
      if (this.waiting && state._stateID > this.waiting.after) {
        const w = this.waiting;
        this.waiting = null;
        w.resolve(state);
      }
    });
  }
  newerThan(stateID: number): Promise<Update> {
    return new Promise((resolve, reject) => {
      if (this.socket.disconnected) return reject(new Error('the connection closed'));
      this.waiting = { after: stateID, resolve };
      this.socket.once('disconnect', () => reject(new Error('the connection closed')));
    });
  }
}

/**
 * A player's socket on a match, synced. It never reconnects (socket.io's default would retry a gone
 * server for ever and keep the bench alive); a connection lost fails the game, as hexarena's does.
 */
async function seat(base: string, matchID: string, player: string, credentials: string, open: Set<Socket>, from: string): Promise<Seat> {
  // engine.io's WebSocket transport passes localAddress on to ws.
  const socket = io(`${base}/tic-tac-toe`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    localAddress: from,
  } as Parameters<typeof io>[1]);
  open.add(socket);
  socket.once('disconnect', () => open.delete(socket));
  const seated = new Seat(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('sync', () => resolve());
    socket.once('connect_error', reject);
    socket.once('disconnect', () => reject(new Error('the connection closed')));
    socket.emit('sync', matchID, player, credentials, 2);
  });
  return seated;
}

/**
 * Plays matches on `games` tables at once through one measuring window (bench/load-window.ts): the
 * latency of every move applied in it, and the CPU the meters read over it.
 */
export async function loadBoardgameIo(base: string, options: WindowOptions, everyMs = 0): Promise<WindowRun> {
  const http = jsonPoster();
  // Every socket still open: closed when the run ends, tables left waiting included.
  const open = new Set<Socket>();
  const table = async (run: TableRun) => {
    const pace = pacer(everyMs, CELLS.length);
    while (!run.stopped) {
      let seats: Seat[] = [];
      // A game that fails (a connection reset under load) is counted, and the table plays on.
      try {
        const { matchID } = (await http.post(`${base}/games/tic-tac-toe/create`, { numPlayers: 2 }, run.from)) as { matchID: string };
        const credentials: string[] = [];
        for (const playerID of ['0', '1'])
          credentials.push(
            (await http.post(`${base}/games/tic-tac-toe/${matchID}/join`, { playerID, playerName: `p${playerID}` }, run.from))
              .playerCredentials as string,
          );
        seats = [await seat(base, matchID, '0', credentials[0] as string, open, run.from)];
        seats.push(await seat(base, matchID, '1', credentials[1] as string, open, run.from));
        for (let ply = 0; ply < CELLS.length && !run.stopped; ply++) {
          await pace();
          if (run.stopped) break;
          const mover = seats[ply % 2] as Seat;
          const t = performance.now();
          const applied = mover.newerThan(ply);
          mover.socket.emit(
            'update',
            {
              type: 'MAKE_MOVE',
              payload: { type: 'clickCell', args: [CELLS[ply]], playerID: String(ply % 2), credentials: credentials[ply % 2] },
            },
            ply,
            matchID,
            String(ply % 2),
          );
          const state = await applied;
          run.moved(performance.now() - t);
          if (state.ctx.gameover) break;
        }
      } catch (e) {
        run.broke(e);
      } finally {
        for (const s of seats) s.socket.close();
      }
    }
  };
  try {
    return await measureWindow(options, table);
  } finally {
    for (const socket of open) socket.close();
    http.close();
  }
}
