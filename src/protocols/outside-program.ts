import { type ChildProcess, spawn } from 'node:child_process';
import { AgentFailure } from '@hexarena/engines/engine/agent.ts';

/**
 * An outside program (a UHP or GTP engine) as lines: started by the shell from a command line as a
 * person types it, its standard output split into lines as they come, each answer waited for until
 * it is whole, the program stops, or its time runs out. The protocols say when an answer is whole
 * (UHP's `ok`, GTP's empty line); this says everything else once.
 */
export class OutsideProgram {
  private readonly child: ChildProcess;
  private buffer = '';
  /** Lines read and not yet taken by an answer. */
  readonly lines: string[] = [];
  private waiting: (() => void) | null = null;
  private exited: string | null = null;

  constructor(readonly commandLine: string) {
    this.child = spawn(commandLine, { shell: true, stdio: ['pipe', 'pipe', 'ignore'] });
    this.child.stdout?.setEncoding('utf8');
    this.child.stdout?.on('data', (chunk: string) => {
      this.buffer += chunk;
      const parts = this.buffer.split(/\r?\n/);
      this.buffer = parts.pop() ?? '';
      this.lines.push(...parts);
      this.wake();
    });
    this.child.on('error', (e) => this.gone(`it could not be started (${e.message})`));
    this.child.on('exit', (code, signal) => this.gone(`it exited (${signal ?? `code ${code}`})`));
    this.child.stdin?.on('error', () => undefined);
  }

  private gone(why: string): void {
    this.exited ??= why;
    this.wake();
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = null;
    w?.();
  }

  private stoppedFailure(): AgentFailure {
    return new AgentFailure(`the engine ${this.commandLine} stopped: ${this.exited}`);
  }

  /** The process id of what was started (the shell, or the program when the shell ran it in its place). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the program has stopped (exited, crashed, or never started). */
  get stopped(): boolean {
    return this.exited !== null;
  }

  /** Writes one line to the program. */
  send(line: string): void {
    if (this.exited) throw this.stoppedFailure();
    this.child.stdin?.write(`${line}\n`);
  }

  /**
   * The answer `take` finds in the lines read (it removes what it takes), waiting for more while it
   * finds none; a failure when the program stops or `limitMs` passes, told by `silence`.
   */
  async answer<T>(take: (lines: string[]) => T | undefined, limitMs: number, silence: () => string): Promise<T> {
    const deadline = performance.now() + limitMs;
    for (;;) {
      const found = take(this.lines);
      if (found !== undefined) return found;
      if (this.exited) throw this.stoppedFailure();
      const left = deadline - performance.now();
      if (left <= 0) throw new AgentFailure(silence());
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Stops the program: `farewell` is its protocol's last word, then it is killed. */
  close(farewell: string): void {
    if (this.exited) return;
    this.child.stdin?.end(`${farewell}\n`);
    this.child.kill();
  }
}
