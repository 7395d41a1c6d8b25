import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describeOutcome } from '@hexarena/engines/engine/game.ts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PAGE_FILES } from '../page-files.ts';
import type { Catalog } from './catalog.ts';
import { formatDay, formatNumber, formatRating, type MessageKey, setCatalog, t } from './index.ts';
import { acceptedLanguages, LANGUAGES, LOCALES, type Locale, negotiate, PSEUDO } from './languages.ts';
import en from './messages/en.ts';
import { outcomeText, reasonText, refusalReason } from './outcome.ts';
import { PAGE_PARTS, PARTS, type Part, partOf } from './parts.ts';

const WEB = fileURLToPath(new URL('..', import.meta.url));
/** The static exports write pages in the site's languages from these catalogs too (export-static --lang). */
const CLI_STATIC = fileURLToPath(new URL('../../cli/static', import.meta.url));
const CLI_GAMES = fileURLToPath(new URL('../../cli/games', import.meta.url));

/**
 * Words that are the same in every language, and so may be written inline: the site's name, and the
 * games' names as their publishers and players write them everywhere (the engines' titles).
 */
const SAME_EVERYWHERE = new Set(['hexarena', 'Hive', 'Hex', 'Nonaga', 'DiceWars', 'Tic-tac-toe']);
/** Attributes whose words a player reads or hears (a screen reader says aria-label and title). */
const WORDED_ATTRIBUTES = new Set(['title', 'aria-label', 'aria-description', 'aria-valuetext', 'placeholder', 'alt', 'label']);
/** A component's props that carry words to show (its label, legend, prompt…), whatever the component. */
const WORDED_PROP = /label|title|legend|prompt|text|hint|caption|message|summary/i;

const catalogs = Object.fromEntries(
  await Promise.all(LOCALES.map(async (l) => [l, (await LANGUAGES[l].load()).default as Record<string, string>] as const)),
) as Record<Locale, Record<string, string>>;

/** A message's placeholders, and what kind each is (plain, number, plural, select…). */
function placeholders(elements: readonly MessageFormatElement[], into = new Map<string, number>()): Map<string, number> {
  for (const e of elements) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    if (e.type === TYPE.tag) {
      placeholders(e.children, into);
      continue;
    }
    into.set(e.value, e.type);
    if (e.type === TYPE.plural || e.type === TYPE.select) for (const option of Object.values(e.options)) placeholders(option.value, into);
  }
  return into;
}

/** Every source file of the app, but tests and the catalogs themselves. */
function sources(dir = WEB): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file.endsWith(`${path.sep}messages`) ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.(e2e\.)?test\.ts$|\.testing\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The literal text an expression puts on the page: a string or a template's own text, through the
 * branches of a condition and the operands of && || ??. A call's arguments are not shown (t('key'),
 * list.join(', ')); a template's placeholders are looked into.
 */
function shownLiterals(e: ts.Expression): string[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isTemplateExpression(e))
    return [
      e.head.text + e.templateSpans.map((s) => s.literal.text).join(' '),
      ...e.templateSpans.flatMap((s) => shownLiterals(s.expression)),
    ];
  if (ts.isParenthesizedExpression(e)) return shownLiterals(e.expression);
  if (ts.isConditionalExpression(e)) return [...shownLiterals(e.whenTrue), ...shownLiterals(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(e.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken)
      return [...shownLiterals(e.left), ...shownLiterals(e.right)];
  }
  return [];
}

/** Words: two letters in a row (a lone letter is notation: Q, X, a seat's A). */
const worded = (s: string) => /\p{L}{2}/u.test(s) && !SAME_EVERYWHERE.has(s.trim());

/**
 * Player-visible words written inline in a component: JSX text; the literal text of a child
 * expression ({'words'}, {cond ? 'a' : `b ${x}`}); and of a worded attribute, or a component's
 * worded prop (label=, title=, legend=, prompt=…).
 */
function inlineWords(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${path.relative(WEB, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && worded(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(source);
      const tag = node.parent.parent.tagName.getText(source);
      const component = /^[A-Z]/.test(tag);
      if (WORDED_ATTRIBUTES.has(name) || (component && WORDED_PROP.test(name))) {
        const value = node.initializer;
        const literals = ts.isStringLiteral(value)
          ? [value.text]
          : ts.isJsxExpression(value) && value.expression
            ? shownLiterals(value.expression)
            : [];
        for (const literal of literals.filter(worded)) found.push(`${where(node)} ${name}="${literal}"`);
      }
    }
    // Text written into JSX as a child: {'words'}, {`words ${x}`}, {cond ? 'words' : null}.
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
      for (const literal of shownLiterals(node.expression).filter(worded)) found.push(`${where(node)} {"${literal}"}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every component of the app: each .tsx file under src/web. */
const components = () => sources().filter((f) => f.endsWith('.tsx'));

describe('the catalogs', () => {
  const keys = Object.keys(en).sort();

  it.each(LOCALES)('%s has every key of the English source and no other', (locale) => {
    const have = Object.keys(catalogs[locale]).sort();
    expect({ missing: keys.filter((k) => !have.includes(k)), unknown: have.filter((k) => !keys.includes(k)) }).toEqual({
      missing: [],
      unknown: [],
    });
  });

  it.each(LOCALES)('%s: every message is ICU MessageFormat with the placeholders of its English source', (locale) => {
    const wrong: string[] = [];
    for (const key of keys) {
      const source = placeholders(parse(en[key as keyof typeof en]));
      const translated = placeholders(parse(catalogs[locale][key] ?? ''));
      // A translation may drop a plural's number (Japanese counts no "one"), never add or rename a placeholder.
      for (const name of translated.keys()) if (!source.has(name)) wrong.push(`${key}: {${name}} is not in English`);
      for (const name of source.keys()) if (!translated.has(name)) wrong.push(`${key}: {${name}} is missing`);
    }
    expect(wrong).toEqual([]);
  });

  it("every key is used by the app, or by the static exports (src/cli/static, the games' static boards and pictures)", () => {
    const code = [...sources(), ...sources(CLI_STATIC), ...sources(CLI_GAMES).filter((f) => /static-(board|picture)\.ts$/.test(f))]
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // A key named in full ('game.resign'), or by its prefix in a template (`settings.theme.${theme}`).
    const prefixes = [...code.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z-]+)*\.)\$\{/g)].map((m) => m[1] as string);
    const unused = keys.filter((k) => !code.includes(`'${k}'`) && !prefixes.some((p) => k.startsWith(p)));
    expect(unused).toEqual([]);
  });
});

/** The app's files a file imports: by `import … from` (its first load), and with `dynamic` by `import()` too (what it loads later). */
function imported(file: string, dynamic: boolean): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'";]*?\bfrom\s+'(\.{1,2}\/[^']+)'/gm),
    ...text.matchAll(/^\s*import\s+'(\.{1,2}\/[^']+)'/gm),
    ...(dynamic ? text.matchAll(/\bimport\('(\.{1,2}\/[^']+)'\)/g) : []),
  ].map((m) => path.resolve(path.dirname(file), m[1] as string));
  return found.filter((f) => /\.tsx?$/.test(f) && existsSync(f));
}

/** Every file `roots` bring in, through `import … from` (and with `dynamic`, `import()`). */
function reached(roots: readonly string[], dynamic: boolean): string[] {
  const seen = new Set(roots.map((r) => path.join(WEB, r)));
  // The catalogs are the words, not a page's code.
  const words = path.join(WEB, 'i18n', 'messages');
  for (const file of seen) for (const next of imported(file, dynamic)) if (next.startsWith(WEB) && !next.startsWith(words)) seen.add(next);
  return [...seen];
}

/** The catalog's keys a file's code names: in full ('game.resign'), or by a template's prefix (`settings.theme.${theme}`). */
function keysNamed(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const prefixes = [...code.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z-]+)*\.)\$\{/g)].map((m) => m[1] as string);
  return Object.keys(en).filter((k) => code.includes(`'${k}'`) || prefixes.some((p) => k.startsWith(p)));
}

/** The keys the files `roots` bring in name that are in none of `parts`, each with a file that names it. */
function outside(roots: readonly string[], dynamic: boolean, parts: readonly Part[]): string[] {
  return reached(roots, dynamic).flatMap((file) =>
    keysNamed(file)
      .filter((k) => !parts.includes(partOf(k)))
      .map((k) => `${path.relative(WEB, file)}: ${k} (${partOf(k)})`),
  );
}

describe('the catalog in parts (parts.ts: the build splits each language by its keys)', () => {
  it('every part holds keys, and the common part — the first load — at most 40% of them', () => {
    const count = (part: Part) => Object.keys(en).filter((k) => partOf(k) === part).length;
    for (const part of PARTS) expect(count(part), part).toBeGreaterThan(0);
    expect(count('common')).toBeLessThan(Object.keys(en).length * 0.4);
  });

  it('the first screen (main.tsx and the home page, without what they load later) needs only the common part', () => {
    expect(outside(['main.tsx', 'home.tsx'], false, ['common'])).toEqual([]);
  });

  it('the create dialog, loaded on the home page, comes with the play part', () => {
    expect(readFileSync(path.join(WEB, 'home.tsx'), 'utf8')).toMatch(/import\('\.\/create-game\.tsx'\), loadMessages\(\['play'\]\)/);
    expect(outside(['create-game.tsx'], false, ['common', 'play'])).toEqual([]);
  });

  it.each(Object.keys(PAGE_FILES) as (keyof typeof PAGE_FILES)[])(
    'the %s page, and all it loads later, needs only the parts it loads',
    (page) => {
      const app = readFileSync(path.join(WEB, 'app.tsx'), 'utf8');
      expect(app).toContain(`${page}: () =>`);
      expect(app).toContain(`import('./${PAGE_FILES[page]}')`);
      // Its parts loaded with its code (read without the formatter's line breaks).
      if (page !== 'home') expect(app.replace(/\s+/g, '')).toContain(`withWords(PAGE_PARTS.${page},import('./${PAGE_FILES[page]}')`);
      expect(outside([PAGE_FILES[page]], page !== 'home', ['common', ...PAGE_PARTS[page]])).toEqual([]);
    },
  );
});

describe('every component', () => {
  it('shows no word that is not from the catalog', () => {
    expect(components().length).toBeGreaterThan(60);
    expect(components().flatMap((f) => inlineWords(f))).toEqual([]);
  });

  it('the check sees each kind of word written inline, and lets catalog words, notation and the names pass', () => {
    const page = [
      'export const A = () => (',
      '  <p title="Inline title" aria-label={t(\'game.result\')}>',
      "    Inline text <b>{t('game.resign')}</b> hexarena",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a page's source text, with a template in it
      "    <span placeholder={'Inline placeholder'}>{`${n} inline players`}</span>",
      '    <Select label="Inline label" value={x} words={(v) => v} />',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a page's source text, with a template in it
      "    <>{ok ? 'Inline yes' : `inline no ${x}`} {'×'}{n}</>",
      '    <GameShell title="Hive" prompt={t(\'game.resign\')} seat="Q" />',
      '  </p>',
      ');',
    ].join('\n');
    expect(inlineWords(path.join(WEB, 'page.tsx'), page)).toEqual([
      'page.tsx:2 title="Inline title"',
      'page.tsx:3 text "Inline text"',
      'page.tsx:4 placeholder="Inline placeholder"',
      'page.tsx:4 {" inline players"}',
      'page.tsx:5 label="Inline label"',
      'page.tsx:6 {"Inline yes"}',
      'page.tsx:6 {"inline no "}',
    ]);
  });
});

describe('messages', () => {
  const speak = (locale: Locale) => setCatalog(locale, catalogs[locale] as Catalog);

  it('Russian counts 1, 2–4 and 5+ (and 11–14, 21) as Russian does', () => {
    speak('ru');
    expect([1, 2, 4, 5, 11, 14, 21, 22, 25].map((count) => t('pairing.players', { count }))).toEqual([
      '1 игрок',
      '2 игрока',
      '4 игрока',
      '5 игроков',
      '11 игроков',
      '14 игроков',
      '21 игрок',
      '22 игрока',
      '25 игроков',
    ]);
  });

  it('a message formatted once is the same text again, per values and per language spoken (t keeps what it formatted)', () => {
    speak('en');
    const cells = () => [t('editor.hex.cell', { cell: 'a1', stone: 'red' }), t('editor.hex.cell', { cell: 'a1', stone: 'none' })];
    expect(cells()).toEqual(['a1 red', 'a1 empty']);
    expect(cells()).toEqual(['a1 red', 'a1 empty']);
    // A number and its text are different values; the count decides the plural each time.
    expect([t('pairing.players', { count: 1 }), t('pairing.players', { count: '1' }), t('pairing.players', { count: 3 })]).toEqual([
      '1 player',
      '1 player',
      '3 players',
    ]);
    expect(t('online.loading')).toBe('Loading the game…');
    speak('es');
    expect(cells()).toEqual(['a1 roja', 'a1 vacía']);
    expect(t('online.loading')).toBe('Cargando la partida…');
  });

  it('English says 1 player and 3 players', () => {
    speak('en');
    expect([1, 3].map((count) => t('pairing.players', { count }))).toEqual(['1 player', '3 players']);
  });

  it('a day is written as the locale writes it, the month in words', () => {
    const day = Date.UTC(2026, 11, 5, 12);
    speak('en');
    expect(formatDay(day)).toBe('Dec 5, 2026');
    speak('ja');
    expect(formatDay(day)).toBe('2026年12月5日');
    speak('ru');
    expect(formatDay(day)).toMatch(/^5 дек\.? 2026/);
  });

  it('a rating is digits alone in every language; other numbers are grouped as the language groups them', () => {
    for (const locale of LOCALES) {
      speak(locale);
      expect(formatRating(1516), locale).toBe('1516');
    }
    speak('en');
    expect(formatNumber(12345)).toBe('12,345');
    speak('es');
    expect(formatNumber(12345)).toBe('12.345');
  });

  it('English results read as the engines word them', () => {
    speak('en');
    const seats = ['White', 'Black'];
    const cases = [
      { outcome: { kind: 'win' as const, winner: 0 as const, reason: 'queen surrounded' }, termination: null },
      { outcome: { kind: 'draw' as const, reason: 'agreed' }, termination: 'agreement' },
      { outcome: { kind: 'draw' as const, reason: 'Black aborted the game' }, termination: 'aborted' },
      { outcome: { kind: 'win' as const, winner: 1 as const, reason: 'something new on the server' }, termination: null },
      { outcome: { kind: 'win' as const, winner: 1 as const }, termination: null },
    ];
    for (const { outcome, termination } of cases)
      expect(outcomeText(outcome, seats, termination)).toBe(describeOutcome(outcome, seats, termination));
  });

  it('a result in Japanese and Spanish; an unknown reason stays in the server words', () => {
    speak('ja');
    expect(outcomeText({ kind: 'win', winner: 0, reason: 'queen surrounded' }, ['白', '黒'])).toBe('白の勝ち (女王蜂が包囲された)');
    expect(reasonText('White resigned')).toBe('白が投了');
    expect(reasonText('a reason from tomorrow')).toBe('a reason from tomorrow');
    speak('es');
    expect(reasonText('no winner after 1 rounds')).toBe('sin ganador tras 1 ronda');
  });
});

describe('the pseudo-locale', () => {
  it('is made from English: every key, the same placeholders, each message accented, bracketed and 40% longer', async () => {
    const { default: pseudo } = (await PSEUDO.load()) as { default: Record<string, string> };
    expect(Object.keys(pseudo).sort()).toEqual(Object.keys(en).sort());
    setCatalog(PSEUDO.locale, pseudo as Catalog);
    const wrong: string[] = [];
    for (const [key, english] of Object.entries(en)) {
      const names = [...placeholders(parse(english)).keys()].sort();
      if (JSON.stringify([...placeholders(parse(pseudo[key] ?? '')).keys()].sort()) !== JSON.stringify(names))
        wrong.push(`${key}: placeholders`);
      if (names.length > 0) continue;
      const said = t(key as MessageKey);
      if (!/^⟦[^A-Za-z]*⟧$/su.test(said)) wrong.push(`${key}: "${said}" is not all accented in brackets`);
      if (said.length - 2 < english.length * 1.4) wrong.push(`${key}: "${said}" is not 40% longer than "${english}"`);
    }
    expect(wrong).toEqual([]);
    expect(t('pairing.players', { count: 3 })).toMatch(/^⟦3 ƥĺáýéŕš \S.*⟧$/u);
    setCatalog('en', en);
  });
});

describe('refusals', () => {
  it("say the code's message in the player's language; English, and a code the app does not know, keep the server's words", () => {
    setCatalog('ru', catalogs.ru as Catalog);
    expect(refusalReason('not-your-turn', 'it is not your turn (X to move)')).toBe('сейчас не ваш ход');
    expect(refusalReason('a-new-code', 'something new')).toBe('something new');
    expect(refusalReason(undefined, 'the server is away')).toBe('the server is away');
    setCatalog('en', catalogs.en as Catalog);
    expect(refusalReason('not-your-turn', 'it is not your turn (X to move)')).toBe('it is not your turn (X to move)');
  });
});

describe('choosing the language', () => {
  it('takes the first of the browser languages the site speaks, English otherwise', () => {
    expect(negotiate(['ja-JP', 'en-US'])).toBe('ja');
    expect(negotiate(['fr-FR', 'es-MX'])).toBe('es');
    expect(negotiate(['fr-FR', 'de'])).toBe('en');
    expect(negotiate([])).toBe('en');
  });

  it('reads Accept-Language by weight', () => {
    expect(acceptedLanguages('fr;q=0.9, ru-RU, en;q=0.8, *;q=0.1')).toEqual(['ru-RU', 'fr', 'en']);
    expect(negotiate(acceptedLanguages('de, ru;q=0.5, ja;q=0'))).toBe('ru');
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
