import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { WEB_DIST } from '../src/cli/commands/serve.ts';
import { type ServerProcess, startServer } from '../src/server/online.testing.ts';
import { CHROMIUM_FLAGS, chromiumPath } from '../src/web/headless-chromium.ts';
import { prepareSitePages } from '../src/web/site-pages.testing.ts';

/**
 * `npm run check:web`: Lighthouse 12.2.3 (the last for Node 20) on the home page, an online game's
 * page and a player's profile, and the home page and the game again in a Spanish browser (issue 47:
 * the scores hold with a language other than English chosen; the run fails if the page loaded any
 * catalog but Spanish's), served by a real `hexarena serve` with something on each page
 * (src/web/site-pages.testing.ts), in Debian's chromium. Prints each page's four category scores and
 * the first load's transfer size (the home page's HTML, JS and CSS as sent, gzipped), and exits 1 when
 * a score is under the bar (performance 95, accessibility 100, best practices 95) or the first load
 * reaches 150 KB.
 *
 * Builds nothing: it serves dist/web and runs bin/hexarena.js as they are, so build first
 * (`npx vite build` and `node scripts/build-cli.mjs`; `npm ci` builds the CLI and `npm test` the app).
 * Each page twice: Lighthouse's desktop preset (simulated throttling: 40 ms round trips, 10 Mb/s, no
 * CPU slowdown), then its default mobile one (a Moto G class phone: 4× slower CPU, slow 4G). The
 * mobile run holds accessibility and best practices to the same bars; its performance is printed
 * against the target of 95 (issue 46) and not held, as it is not reached yet (a phone's figures on this
 * machine: 51–82 home, 43–66 a game, 70–89 a profile) — a red check would stop every change, not
 * tell of one. `--desktop` or `--mobile` runs one alone. Each page's line ends with Lighthouse's
 * benchmark index of this machine at the time (it expects 1000 or more: under it, a busy machine's
 * slowness is counted as the page's, the mobile figures first); a desktop run made while the index
 * had fallen well under the check's best is run again (SLOWED), and the line says so.
 */
const BARS = { performance: 0.95, accessibility: 1, 'best-practices': 0.95 } as const;
/** What a preset is held to: the phone's performance is printed against its bar, not held (see above). */
const HELD: Record<'desktop' | 'mobile', readonly (keyof typeof BARS)[]> = {
  desktop: ['performance', 'accessibility', 'best-practices'],
  mobile: ['accessibility', 'best-practices'],
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FIRST_LOAD_LIMIT = 150 * 1024;
type Preset = 'desktop' | 'mobile';
const PRESETS: readonly Preset[] = process.argv.includes('--mobile')
  ? ['mobile']
  : process.argv.includes('--desktop')
    ? ['desktop']
    : ['desktop', 'mobile'];
/** `--reports`: each page's whole Lighthouse report, as JSON in test-results/, to read what it found. */
const reports = process.argv.includes('--reports');

/**
 * Debian's chromium with a DevTools port for Lighthouse, and the port once it listens; with `lang`, a
 * browser in that language (navigator.languages and Accept-Language), as a Spanish player's is.
 */
async function startChromium(profile: string, lang?: string): Promise<{ child: ChildProcess; port: number }> {
  const language = lang ? [`--lang=${lang}`, `--accept-lang=${lang}`] : [];
  const child = spawn(
    chromiumPath(),
    [...CHROMIUM_FLAGS, ...language, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not open its DevTools port:\n${said}`)), 30_000);
    child.stderr?.on('data', (d: Buffer) => {
      said += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}) before opening its DevTools port:\n${said}`)));
    child.once('error', (error) => reject(new Error(`chromium could not start (${chromiumPath()}): ${error.message}`)));
  });
  return { child, port };
}

/** The home page's first load: its document, scripts and style sheets as sent (bytes on the wire). */
function firstLoadBytes(lhr: Result): { bytes: number; files: string[] } {
  const items = (lhr.audits['network-requests']?.details as { items?: { url: string; transferSize?: number; resourceType?: string }[] })
    ?.items;
  const kept = (items ?? []).filter((r) => ['Document', 'Script', 'Stylesheet'].includes(r.resourceType ?? ''));
  return {
    bytes: kept.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    files: kept.map((r) => `${new URL(r.url).pathname} ${((r.transferSize ?? 0) / 1024).toFixed(1)} KB`),
  };
}

/** The catalog parts a page loaded (`i18n-es-common`…): a run in a language must load that language's alone. */
function catalogsLoaded(lhr: Result): string[] {
  const items = (lhr.audits['network-requests']?.details as { items?: { url: string }[] })?.items ?? [];
  return items.flatMap((r) => {
    const m = /\/assets\/(i18n-[a-zA-Z-]+?-(?:common|play|study|people))-/.exec(new URL(r.url).pathname);
    return m ? [m[1] as string] : [];
  });
}

/** The audits that cost a category points, worst first: what to fix. */
function shortfalls(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .sort((a, b) => b.ref.weight * (1 - (b.audit?.score ?? 1)) - a.ref.weight * (1 - (a.audit?.score ?? 1)))
    .map(({ audit }) => `${audit?.id} (${audit?.score}): ${audit?.title}${audit?.displayValue ? ` — ${audit.displayValue}` : ''}`);
}

/**
 * One page's Lighthouse report. Lighthouse now and then fails to record a load's trace (NO_NAVSTART,
 * NO_FCP on a busy machine): such a run is tried again, up to three times, saying so.
 */
async function audit(url: string, port: number, preset: Preset): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(
      url,
      { port, hostname: '127.0.0.1', output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      preset === 'mobile' ? undefined : desktopConfig,
    );
    const problem = run ? run.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse gave no result' };
    if (run && !problem) return run.lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not load ${url}: ${problem?.message}`);
    console.log(`    Lighthouse could not load ${url} (${problem?.code}); trying again`);
  }
}

/**
 * Runs a preset's audit is the median of: the desktop figures are held at 95 and one load of the
 * home page on this machine scores anywhere from 87 to 100 between runs of the same build, quiet
 * (seven runs: 87 93 97 97 99 99 100), its blocking time 16–290 ms. Lighthouse's own advice is the
 * median of five; with about two runs in seven under the bar, five left a median under it about one
 * check in seven (a failed CI run twice), nine about one in twelve. The phone's performance is printed,
 * not held: one run.
 */
const RUNS: Record<Preset, number> = { desktop: 9, mobile: 1 };
// Each browser's first load is not counted (see main): it measures the browser starting, not the page.

/**
 * A run whose benchmark index (Lighthouse's measure of the machine's speed, taken as the run starts)
 * is under this share of the highest this check has seen ran on a machine slowed by something else:
 * its Total Blocking Time is the machine's as much as the page's. Such a run is set aside and run
 * again, at most EXTRA_RUNS times a page, and the line says so. Seen: the index of a quiet 2-core
 * machine here 2,500–2,900 with dips to 1,450–1,800 from outside, and each dip the worst run of its
 * page (a Spanish home page measured at 1,715 twice failed a check at 93–94 that its other runs passed
 * at 97–100).
 */
const SLOWED = 0.75;
const EXTRA_RUNS = 5;
let fastestIndex = 0;

/** Lighthouse's measure of the machine at the run, and the highest seen so far in this check. */
function noteIndex(lhr: Result): number {
  fastestIndex = Math.max(fastestIndex, lhr.environment.benchmarkIndex);
  return lhr.environment.benchmarkIndex;
}

/**
 * The run of median performance among `runs` audits of one page (its whole report, as Lighthouse's
 * median run is), runs on a slowed machine set aside (SLOWED): with how many were.
 */
async function medianAudit(url: string, port: number, preset: Preset): Promise<{ lhr: Result; setAside: number[] }> {
  const kept: Result[] = [];
  const setAside: Result[] = [];
  while (kept.length < RUNS[preset] && setAside.length < EXTRA_RUNS) {
    const lhr = await audit(url, port, preset);
    const index = noteIndex(lhr);
    if (RUNS[preset] > 1 && index < SLOWED * fastestIndex) setAside.push(lhr);
    else kept.push(lhr);
  }
  // Still short after the extra runs (the machine slowed throughout): the runs set aside count too.
  const runs = kept.length < RUNS[preset] ? [...kept, ...setAside] : kept;
  runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  return { lhr: runs[Math.floor(runs.length / 2)] as Result, setAside: setAside.map((r) => Math.round(r.environment.benchmarkIndex)) };
}

async function main(): Promise<number> {
  const started = Date.now();
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`no app in ${WEB_DIST}: build it first (npx vite build)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-check-web-'));
  let server: ServerProcess | undefined;
  let chromium: ChildProcess | undefined;
  let chromiumEs: ChildProcess | undefined;
  try {
    server = await startServer(dataDir, { HEXARENA_WEB_DIST: WEB_DIST, HEXARENA_API_RATE: '100000' });
    const site = await prepareSitePages(server.base);
    const started2 = await startChromium(path.join(dataDir, 'chromium'));
    chromium = started2.child;
    // The same bars with a language other than English chosen (issue 47): a Spanish browser's home and game.
    const spanish = await startChromium(path.join(dataDir, 'chromium-es'), 'es');
    chromiumEs = spanish.child;
    const pages: readonly { name: string; url: string; port: number; lang?: string }[] = [
      { name: 'home', url: `${server.base}/`, port: started2.port },
      { name: 'game', url: `${server.base}/g/${site.finishedGame}`, port: started2.port },
      { name: 'profile', url: `${server.base}/u/${site.player}`, port: started2.port },
      { name: 'home es', url: `${server.base}/`, port: spanish.port, lang: 'es' },
      { name: 'game es', url: `${server.base}/g/${site.finishedGame}`, port: spanish.port, lang: 'es' },
    ];
    // One load of the home page in each browser first, not counted: a browser's first page pays for
    // its own start (its caches, its GPU and network processes), which a player's running browser has
    // paid already; counted, it made the first page measured the slowest of a run.
    for (const port of [started2.port, spanish.port]) noteIndex(await audit(`${server.base}/`, port, PRESETS[0] ?? 'desktop'));
    const failures: string[] = [];
    let firstLoad: ReturnType<typeof firstLoadBytes> | null = null;
    for (const preset of PRESETS) {
      console.log(
        `Lighthouse ${preset === 'mobile' ? 'mobile (default config)' : 'desktop preset'}, Debian's chromium at ${chromiumPath()}${RUNS[preset] > 1 ? `; each page the median of ${RUNS[preset]} runs` : ''}`,
      );
      for (const page of pages) {
        const { lhr, setAside } = await medianAudit(page.url, page.port, preset);
        if (reports) {
          mkdirSync('test-results', { recursive: true });
          const file = `lighthouse-${page.name.replace(' ', '-')}${preset === 'mobile' ? '-mobile' : ''}.json`;
          writeFileSync(`test-results/${file}`, JSON.stringify(lhr, null, 1));
        }
        if (page.lang) {
          const catalogs = catalogsLoaded(lhr);
          if (!catalogs.includes(`i18n-${page.lang}-common`) || catalogs.some((c) => !c.startsWith(`i18n-${page.lang}-`)))
            failures.push(`${page.name} (${preset}): not in ${page.lang}: the catalogs loaded were ${catalogs.join(', ') || 'none'}`);
        }
        const scores = CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`);
        const where = new URL(page.url).pathname;
        console.log(
          `${page.name.padEnd(8)} ${scores.join(', ')}  (${where}; benchmark index ${Math.round(lhr.environment.benchmarkIndex)})`,
        );
        if (setAside.length > 0)
          console.log(
            `    ${setAside.length} run(s) set aside, the machine slowed (benchmark index ${setAside.join(', ')}, under ${Math.round(SLOWED * fastestIndex)}) and run again`,
          );
        for (const [category, bar] of Object.entries(BARS)) {
          const score = lhr.categories[category]?.score ?? 0;
          if (score >= bar) continue;
          if (!HELD[preset].includes(category as keyof typeof BARS)) {
            console.log(`    ${category} ${Math.round(score * 100)} is under its target ${bar * 100} (printed, not held)`);
            continue;
          }
          failures.push(`${page.name} (${preset}): ${category} ${Math.round(score * 100)} is under ${bar * 100}`);
          for (const line of shortfalls(lhr, category)) console.log(`    ${category}: ${line}`);
        }
        // The bytes are the same under either preset (throttling is simulated): the first run's.
        if (page.name === 'home' && !firstLoad) firstLoad = firstLoadBytes(lhr);
      }
    }
    if (!firstLoad || firstLoad.bytes === 0) throw new Error('the home page loaded nothing that Lighthouse recorded');
    const kb = (firstLoad.bytes / 1024).toFixed(1);
    console.log(`first load: ${kb} KB transferred (HTML, JS and CSS, gzipped): ${firstLoad.files.join(', ')}`);
    if (firstLoad.bytes >= FIRST_LOAD_LIMIT) failures.push(`the first load is ${kb} KB, not under ${FIRST_LOAD_LIMIT / 1024} KB`);
    console.log(`check:web took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const f of failures) console.error(`check:web: ${f}`);
    return failures.length > 0 ? 1 : 0;
  } finally {
    for (const child of [chromium, chromiumEs])
      if (child && child.exitCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await gone;
      }
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`check:web: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
