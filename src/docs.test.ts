import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAMES } from '@hexarena/engines/games/index.ts';
import { describe, expect, it } from 'vitest';

/** The project documents itself: its documents link only to files of the repository, and those exist. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function markdown(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdown(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : [],
  );
}

describe('the documents', () => {
  const files = [path.join(ROOT, 'README.md'), ...markdown(path.join(ROOT, 'docs'))];

  it('every game has its rules document, and the architecture is written down', () => {
    for (const game of GAMES) expect(existsSync(path.join(ROOT, 'docs', 'rules', `${game.id}.md`)), game.id).toBe(true);
    expect(existsSync(path.join(ROOT, 'docs', 'architecture.md'))).toBe(true);
  });

  it('link and refer only inside the repository, to files that exist', () => {
    const problems: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (/\.\.\/shared|shared\/(rules|seeds|DESIGN)/.test(text))
        problems.push(`${path.relative(ROOT, file)} names the developers' shared folder`);
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target as string)) continue;
        const resolved = path.resolve(path.dirname(file), target as string);
        if (!resolved.startsWith(ROOT + path.sep)) problems.push(`${path.relative(ROOT, file)} links outside: ${target}`);
        else if (!existsSync(resolved)) problems.push(`${path.relative(ROOT, file)} links to a missing ${target}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
