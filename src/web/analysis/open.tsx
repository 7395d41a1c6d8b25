import type { Json } from '@hexarena/engines/engine/game.ts';
import { playMoves } from '@hexarena/engines/engine/record.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { FolderOpen } from 'lucide-preact';
import { createContext } from 'preact';
import { useContext, useState } from 'preact/hooks';
import type { Options, WebGame } from '../games/web-game.tsx';
import { t } from '../i18n/index.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { readRecord } from '../record-file.ts';
import { analysisUrl, gameAnalysisUrl } from './address.ts';
import { lineTree } from './tree.ts';

/**
 * What a player pastes to analyse it: a game's own text (a Hive GameString) where its folder reads
 * one, a position in the game's position notation, or its moves in the game's notation, one a line
 * or separated by ";". Checked here, so a bad move or a broken position is named before the board
 * opens.
 */
export function pastedAnalysis(web: WebGame, text: string): Result<string> {
  const tries: string[] = [];
  const problems = new Set<string>();
  // Each way of reading the text that failed, as a clause; said once where two ways fail alike (a
  // Hive GameString is read as a game, then as a position, which takes GameStrings too).
  const tried = (what: string, problem: string) => {
    const clause = problem.replace(/[.。]$/u, '');
    if (problems.has(clause)) return;
    problems.add(clause);
    tries.push(t('analysis.readAs', { what, problem: clause }));
  };
  const asGame = (options: Options, moves: readonly string[]): Result<string> => {
    const parsed = web.game.parseOptions(options);
    if (!parsed.ok) return parsed;
    const played = playMoves(web.game, parsed.value, '', moves);
    if (!played.ok) return played;
    return ok(gameAnalysisUrl({ game: web.id, options: options as Json, seed: '', moves }));
  };
  if (web.readPasted) {
    const read = web.readPasted(text);
    const url = read.ok ? asGame(read.value.options, read.value.moves) : read;
    if (url.ok) return url;
    tried(t(web.pasteHint ?? 'analysis.paste.game'), rulesRefusal(url.error));
  }
  if (web.game.parsePosition && web.game.formatPosition) {
    const position = web.game.parsePosition(text.trim());
    if (position.ok)
      return ok(
        analysisUrl({
          game: web.id,
          options: {},
          seed: '',
          position: web.game.formatPosition(position.value),
          tree: lineTree([]),
          path: [],
        }),
      );
    tried(t('analysis.paste.position'), rulesRefusal(position.error));
  }
  if (!web.readPasted) {
    const url = asGame(
      {},
      text
        .split(/[;\n]/)
        .map((m) => m.trim())
        .filter(Boolean),
    );
    if (url.ok) return url;
    tried(t('analysis.paste.moves'), rulesRefusal(url.error));
  }
  return fail(tries.length === 1 ? (tries[0] as string) : tries.join('; '));
}

/**
 * The games a player may open, given by the analysis page: the board's own page cannot import the
 * games' registry, which imports every board.
 */
export const AnalysisGames = createContext<readonly WebGame[]>([]);

/** Opens another game on the analysis board: pasted text, or a record file (Download's JSON, SGF, PGN). */
export function OpenAnalysis({ game: current }: { game: string }) {
  const games = useContext(AnalysisGames);
  const [game, setGame] = useState(current);
  const web = games.find((g) => g.id === game);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const go = (url: string) => {
    window.location.assign(url);
  };
  const openFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const setup = await readRecord(file);
    input.value = '';
    if (!setup.ok) return setError(setup.error.message);
    go(gameAnalysisUrl(setup.value));
  };
  const what = t(web?.pasteHint ?? 'analysis.paste.movesOneALine');
  const hint = web?.game.parsePosition ? t('analysis.paste.either', { what, other: t('analysis.paste.position') }) : what;
  return (
    <details class="open-analysis">
      <summary>{t('analysis.openAnother')}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const url = web ? pastedAnalysis(web, text) : fail(t('analysis.noSuchGame', { game }));
          if (url.ok) go(url.value);
          else setError(url.error.message);
        }}
      >
        <label>
          {t('create.game')}{' '}
          <select value={game} onChange={(e) => setGame(e.currentTarget.value)}>
            {games.map((g) => (
              <option value={g.id}>{g.game.title}</option>
            ))}
          </select>
        </label>
        <label class="paste">
          <span>{t('analysis.paste', { what: hint })}</span>
          <textarea rows={3} value={text} data-testid="paste-position" onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <div class="open-actions">
          <button type="submit" class="primary">
            {t('analysis.analyse')}
          </button>
          <label class="button-link">
            <FolderOpen class="icon" aria-hidden="true" /> {t('analysis.openRecord')}
            <input
              type="file"
              accept="application/json,.json,.sgf,.pgn"
              class="visually-hidden"
              onChange={(e) => void openFile(e.currentTarget)}
            />
          </label>
        </div>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}
