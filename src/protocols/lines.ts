/**
 * Input lines of bounded length. Node's readline keeps a whole line in memory however long it is
 * (a 600 MB line kills the process at the string limit); here a line longer than `maxBytes` is
 * skipped to its end and reported as `TOO_LONG`, so a reader can answer it and read on.
 */
export const TOO_LONG = Symbol('line too long');

export async function* boundedLines(input: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<string | typeof TOO_LONG> {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  const finish = (): string => {
    let line = Buffer.concat(parts).toString('utf8');
    if (line.endsWith('\r')) line = line.slice(0, -1);
    parts = [];
    size = 0;
    return line;
  };
  for await (const data of input) {
    let chunk = typeof data === 'string' ? Buffer.from(data) : data;
    while (chunk.length > 0) {
      const end = chunk.indexOf(0x0a);
      const piece = end < 0 ? chunk : chunk.subarray(0, end);
      if (!skipping) {
        if (size + piece.length > maxBytes) {
          skipping = true;
          parts = [];
          size = 0;
        } else {
          parts.push(piece);
          size += piece.length;
        }
      }
      if (end < 0) break;
      if (skipping) {
        skipping = false;
        yield TOO_LONG;
      } else yield finish();
      chunk = chunk.subarray(end + 1);
    }
  }
  if (skipping) yield TOO_LONG;
  else if (size > 0) yield finish();
}

/**
 * Writes to a stream and waits while its buffer is full: a reader slower than the writer (a
 * bridge, a pipe to `less`) holds the writer back instead of letting memory grow without bound.
 */
export function writerFor(stream: NodeJS.WritableStream): (text: string) => Promise<void> {
  return async (text) => {
    if (stream.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
  };
}
