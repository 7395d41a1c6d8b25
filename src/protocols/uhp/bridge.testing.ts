import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The command line's entry, as a bridge runs it. */
export const HEXARENA_BIN = fileURLToPath(new URL('../../../bin/hexarena.js', import.meta.url));

export interface BridgeStep {
  /** Every line the engine wrote. */
  readonly lines: string[];
  /** The answer to the last command (its lines before the closing ok). */
  readonly answer: string[];
  /** From the process's start to its first `ok` (ready), and from sending the commands to the last answer. */
  readonly readyMs: number;
  readonly answerMs: number;
  /** What it wrote on stderr. */
  readonly stderr: string;
}

/**
 * One move the way hive-hydra's bridge asks for it: a fresh `hexarena uhp` process, `newgame
 * <GameString>`, the `bestmove` command, then the end of input (no `exit`). `nodeArgs` go to node
 * before the command line's entry (the bench preloads a probe so).
 */
export function bridgeStep(
  gameString: string,
  bestmove: string,
  flags: readonly string[] = ['--threads=1'],
  nodeArgs: readonly string[] = [],
): Promise<BridgeStep> {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, HEXARENA_BIN, 'uhp', ...flags], { stdio: ['pipe', 'pipe', 'pipe'] });
  let text = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  let readyMs = Number.NaN;
  let sentAt = Number.NaN;
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      if (Number.isNaN(readyMs) && /^ok$/m.test(text)) {
        readyMs = performance.now() - started;
        sentAt = performance.now();
        child.stdin.end(`newgame ${gameString}\n${bestmove}\n`);
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const answerMs = performance.now() - sentAt;
      const lines = text.split('\n').filter((l) => l !== '');
      if (code !== 0) return reject(new Error(`hexarena uhp exited with ${code}: ${text}`));
      // The last answer: the lines after the second-to-last ok.
      const oks = lines.flatMap((l, i) => (l === 'ok' ? [i] : []));
      const answer = lines.slice((oks.at(-2) ?? -1) + 1, oks.at(-1));
      resolve({ lines, answer, readyMs, answerMs, stderr });
    });
  });
}
