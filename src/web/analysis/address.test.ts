import { fail, unwrap } from '@hexarena/engines/engine/result.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { unfinishedGame } from '@hexarena/engines/games/hive/testing.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import { analysisUrl, gameAnalysisUrl, isAnalysisAddress, parseAnalysis } from './address.ts';
import { addMove, annotate, lineTree, movesTo } from './tree.ts';

// A refused move is named in the player's words (the catalog's).
beforeAll(() => setCatalog('en', en));

const { texts } = unfinishedGame('address', 12);
const hashOf = (url: string) => url.slice(url.indexOf('#'));

describe('an analysis in the address', () => {
  it('opens what it wrote: game, options, tree and the move shown', () => {
    const after5 = texts.slice(0, 5).reduce((s, t) => hive.play(s, unwrap(hive.parseMove(s, t))), hive.newGame(hive.defaultOptions, 's'));
    const other = hive
      .legalMoves(after5)
      .map((m) => hive.formatMove(after5, m))
      .find((t) => t !== texts[5]) as string;
    const side = addMove(
      lineTree(texts),
      texts.slice(0, 5).map(() => 0),
      other,
    );
    const tree = annotate(side.tree, side.path, { glyph: '!', comment: 'sharper' });
    const url = analysisUrl({ game: 'hive', options: { type: 'Base+MLP' }, seed: 's', tree, path: side.path });
    expect(url.startsWith('./#analysis&game=hive&')).toBe(true);
    expect(isAnalysisAddress(hashOf(url))).toBe(true);
    const opened = unwrap(parseAnalysis(hashOf(url)));
    expect(opened.refused).toBeNull();
    expect(opened.analysis.game.id).toBe('hive');
    expect(opened.analysis.rawOptions).toEqual({ type: 'Base+MLP' });
    expect(opened.analysis.tree).toEqual(tree);
    expect(opened.analysis.path).toEqual(side.path);
    // From an online game's page the link starts at the site's root.
    expect(gameAnalysisUrl({ game: 'hive', options: {}, seed: '', moves: texts }, 3, '/')).toMatch(
      /^\/#analysis&game=hive&tree=[^&]+&at=3$/,
    );
  });

  it('cuts an illegal move off with what follows it, and names it', () => {
    const broken = [...texts.slice(0, 4), 'wQ 9 9', ...texts.slice(5)];
    const opened = unwrap(parseAnalysis(hashOf(gameAnalysisUrl({ game: 'hive', options: {}, seed: '', moves: broken }))));
    expect(opened.refused).toEqual({ ply: 5, move: 'wQ 9 9', reason: expect.stringContaining('is not a move') });
    expect(movesTo(opened.analysis.tree, [0, 0, 0, 0, 0, 0])).toEqual(texts.slice(0, 4));
    // The move asked for is past the cut: the analysis opens at the start.
    expect(opened.analysis.path).toEqual([]);
  });

  it('starts from a position set up, and checks the moves after it from there', () => {
    const position = 'Base+MLP w4 wA1.-1.0 wQ.0.0 bQ.1.0 bB1.1.0 last.bB1';
    const start = unwrap(hive.parsePosition?.(position) ?? fail('no notation'));
    const next = hive.legalMoves(start).map((m) => hive.formatMove(start, m))[0] as string;
    const url = analysisUrl({ game: 'hive', options: {}, seed: '', position, tree: lineTree([next, 'wQ 9 9']), path: [0] });
    expect(new URLSearchParams(hashOf(url).slice(1)).get('position')).toBe(position);
    const opened = unwrap(parseAnalysis(hashOf(url)));
    expect(opened.analysis.position).toBe(position);
    expect(hive.formatPosition?.(opened.analysis.start as typeof start)).toBe(hive.formatPosition?.(start));
    // The first move is legal from the position (not from the game's start); the second is not.
    expect(movesTo(opened.analysis.tree, [0, 0])).toEqual([next]);
    expect(opened.refused).toMatchObject({ ply: 2, move: 'wQ 9 9' });
    expect(parseAnalysis(`#analysis&game=hive&position=${encodeURIComponent('Base w1 bQ.0.0 wQ.5.5')}`)).toMatchObject({
      ok: false,
      error: { message: /^The position in the address: / },
    });
    expect(parseAnalysis('#analysis&game=tictactoe&position=x')).toMatchObject({ ok: false, error: { message: /no position notation/ } });
  });

  it('says why the position in the address is refused in the player’s language', () => {
    setCatalog('es', es);
    try {
      expect(parseAnalysis(`#analysis&game=hex&position=${encodeURIComponent('5 b 5_2r_5_5_5')}`)).toMatchObject({
        ok: false,
        error: { message: 'La posición de la dirección: La fila 2 tiene 3 casillas, pero una fila de un tablero de 5×5 tiene 5.' },
      });
    } finally {
      setCatalog('en', en);
    }
  });

  it('refuses an unknown game, options that are not JSON or not the game’s, and a broken tree', () => {
    expect(parseAnalysis('#analysis&game=chess')).toMatchObject({ ok: false });
    expect(parseAnalysis('#analysis&game=hive&options=%7B')).toMatchObject({ ok: false, error: { message: /not JSON/ } });
    expect(parseAnalysis('#analysis&game=hive&options=%7B%22type%22%3A%22X%22%7D')).toMatchObject({ ok: false });
    expect(parseAnalysis('#analysis&game=hive&tree=(wS1')).toMatchObject({ ok: false, error: { message: /side line/ } });
    expect(isAnalysisAddress('#game=hive')).toBe(false);
    expect(isAnalysisAddress('#analysisx')).toBe(false);
    expect(isAnalysisAddress('#analysis')).toBe(true);
  });
});
