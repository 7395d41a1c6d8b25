import type { Result } from '@hexarena/engines/engine/result.ts';
import { fail, ok } from '@hexarena/engines/engine/result.ts';
import { useEffect, useState } from 'preact/hooks';
import { parsePuzzleSet, setUpPuzzle } from '../../puzzles/puzzle-set.ts';
import { webGameOf } from '../games/index.ts';
import type { WebGame } from '../games/web-game.tsx';
import { t } from '../i18n/index.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { parsePuzzleAddress, puzzleOfTheDay } from './address.ts';
import { type OpenedPuzzle, usePuzzle } from './use-puzzle.ts';

/** The game's shipped puzzle set, the puzzle the address names (else today's), set up on the board. */
async function openPuzzle(web: WebGame, id: string | null, now: number): Promise<Result<OpenedPuzzle<unknown, unknown>>> {
  if (!web.puzzleSet) return fail(t('puzzle.none', { game: web.game.title }));
  const set = parsePuzzleSet(await web.puzzleSet());
  if (!set.ok) return set;
  const { puzzles } = set.value;
  if (puzzles.length === 0) return fail(t('puzzle.noneYet', { game: web.game.title }));
  const today = puzzleOfTheDay(puzzles.length, now);
  const index = id === null ? today : puzzles.findIndex((p) => p.id === id);
  if (index < 0) return fail(t('puzzle.noSuch', { game: web.game.title, id: id ?? '' }));
  const puzzle = puzzles[index] as (typeof puzzles)[number];
  const line = setUpPuzzle(web.game, puzzle);
  if (!line.ok) return fail(t('puzzle.noSetUp', { id: puzzle.id, problem: rulesRefusal(line.error) }));
  const next = puzzles[(index + 1) % puzzles.length] as (typeof puzzles)[number];
  return ok({ puzzle, line: line.value, number: index + 1, count: puzzles.length, ofTheDay: index === today, nextId: next.id });
}

/** The puzzle of the address on its game's board, once its set has loaded. */
export function PuzzlePage({ address }: { address: string }) {
  const { game, id } = parsePuzzleAddress(address);
  const web = webGameOf(game);
  const [opened, setOpened] = useState<Result<OpenedPuzzle<unknown, unknown>> | null>(null);
  useEffect(() => {
    if (!web) return;
    let current = true;
    void openPuzzle(web, id, Date.now()).then((r) => {
      if (current) setOpened(r);
    });
    return () => {
      current = false;
    };
  }, [web, id]);
  const problem = !web ? t('puzzle.noSuchGame', { game }) : opened && !opened.ok ? opened.error.message : null;
  if (problem)
    return (
      <main>
        <h1>hexarena</h1>
        <p class="error" role="alert">
          {t('puzzle.cannotOpen', { problem })}
        </p>
        <a href="./">{t('app.home')}</a>
      </main>
    );
  if (!opened?.ok || !web) return <main aria-busy="true" />;
  return <PuzzleBoard web={web} opened={opened.value} />;
}

/** The game's own board over the puzzle. */
function PuzzleBoard({ web, opened }: { web: WebGame; opened: OpenedPuzzle<unknown, unknown> }) {
  return <web.Board session={usePuzzle(opened, web.game)} />;
}
