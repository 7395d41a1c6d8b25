import type { ServerResponse } from 'node:http';

/**
 * Writes one line of a streamed answer (the NDJSON exports), waiting while the client reads behind;
 * false once the client has gone. A client that leaves while the buffer is full never drains it:
 * waiting on 'drain' alone would hold the export — its request, its page of games — for good.
 */
export async function writeLine(out: ServerResponse, line: string): Promise<boolean> {
  if (out.destroyed) return false;
  if (out.write(line)) return true;
  return new Promise((resolve) => {
    const drained = (): void => {
      out.off('close', closed);
      resolve(!out.destroyed);
    };
    const closed = (): void => {
      out.off('drain', drained);
      resolve(false);
    };
    out.once('drain', drained);
    out.once('close', closed);
  });
}
