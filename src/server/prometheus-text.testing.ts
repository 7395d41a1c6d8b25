/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), for tests: every line must
 * be a comment, a HELP or TYPE line, or a sample of a family declared before it; label values are
 * unescaped; histograms must have cumulative buckets ending in +Inf equal to their count. Anything
 * else throws, naming the line.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  readonly type: MetricType;
  help: string;
  readonly samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
/** Which suffixes a sample of each type may add to its family's name. */
const SUFFIXES: Record<MetricType, readonly string[]> = {
  counter: ['', '_total', '_created'],
  gauge: [''],
  histogram: ['_bucket', '_sum', '_count', '_created'],
  summary: ['', '_sum', '_count', '_created'],
  untyped: [''],
};

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  if (!text.endsWith('\n')) throw new Error('the exposition does not end with a line feed');
  for (const [i, line] of text.slice(0, -1).split('\n').entries()) {
    const where = `line ${i + 1} (${line.slice(0, 80)})`;
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      comment(families, line, where);
      continue;
    }
    const sample = parseSample(line, where);
    const family = familyOf(families, sample.name);
    if (!family) throw new Error(`${where}: a sample of no declared family`);
    family.samples.push(sample);
  }
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

function comment(families: Map<string, Family>, line: string, where: string): void {
  const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
  if (!m) return; // any other comment
  const [, kind, name, rest] = m as unknown as [string, string, string, string];
  if (!NAME.test(name)) throw new Error(`${where}: bad metric name`);
  if (kind === 'TYPE') {
    if (!TYPES.has(rest)) throw new Error(`${where}: unknown type`);
    const known = families.get(name);
    if (known && known.samples.length > 0) throw new Error(`${where}: TYPE after samples`);
    families.set(name, { name, type: rest as MetricType, help: known?.help ?? '', samples: [] });
  } else {
    const family = families.get(name) ?? { name, type: 'untyped' as MetricType, help: '', samples: [] };
    family.help = rest.replace(/\\(\\|n)/g, (_, c: string) => (c === 'n' ? '\n' : '\\'));
    families.set(name, family);
  }
}

function parseSample(line: string, where: string): Sample {
  const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
  if (!name) throw new Error(`${where}: no metric name`);
  let at = name.length;
  const labels: Record<string, string> = {};
  if (line[at] === '{') {
    at++;
    while (line[at] !== '}') {
      const label = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(at))?.[0];
      if (!label || !LABEL.test(label)) throw new Error(`${where}: bad label name at ${at}`);
      at += label.length;
      if (line.slice(at, at + 2) !== '="') throw new Error(`${where}: expected =" after ${label}`);
      at += 2;
      let value = '';
      for (;;) {
        const c = line[at++];
        if (c === undefined) throw new Error(`${where}: unterminated label value`);
        if (c === '"') break;
        if (c === '\\') {
          const e = line[at++];
          if (e === 'n') value += '\n';
          else if (e === '\\' || e === '"') value += e;
          else throw new Error(`${where}: bad escape \\${e}`);
        } else value += c;
      }
      if (Object.hasOwn(labels, label)) throw new Error(`${where}: label ${label} twice`);
      labels[label] = value;
      if (line[at] === ',') at++;
      else if (line[at] !== '}') throw new Error(`${where}: expected , or } at ${at}`);
    }
    at++;
  }
  const parts = line.slice(at).trim().split(/\s+/);
  if (line[at] !== ' ' || parts.length < 1 || parts.length > 2) throw new Error(`${where}: expected a value (and a timestamp)`);
  const value = number(parts[0] as string, where);
  if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`${where}: bad timestamp`);
  return { name, labels, value };
}

/**
 * A sample's value as Prometheus reads it: a float, or NaN and the infinities in any case (its parser
 * takes them as Go's ParseFloat does, so `Nan`, as prom-client writes a mean of no samples, is valid).
 */
function number(text: string, where: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`${where}: bad value ${text}`);
  return Number(text);
}

function familyOf(families: Map<string, Family>, sample: string): Family | undefined {
  for (const family of families.values()) if (SUFFIXES[family.type].some((suffix) => sample === family.name + suffix)) return family;
  return undefined;
}

/** Per label set (le aside): buckets never decrease, the last is +Inf, and it equals the count. */
function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(rest);
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      entry.buckets.push([number(le, family.name), s.value]);
    } else if (s.name.endsWith('_count')) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    const last = buckets.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY) throw new Error(`${family.name} ${key}: no +Inf bucket last`);
    for (let i = 1; i < buckets.length; i++) {
      const [le, n] = buckets[i] as [number, number];
      const [prevLe, prevN] = buckets[i - 1] as [number, number];
      if (!(le > prevLe) || n < prevN) throw new Error(`${family.name} ${key}: buckets not cumulative`);
    }
    if (count !== last[1]) throw new Error(`${family.name} ${key}: the +Inf bucket is not the count`);
  }
}

/** The value of the one sample of `name` (the family's own name for counters' `_total`) with `labels`. */
export function sampleValue(families: Map<string, Family>, sample: string, labels: Record<string, string> = {}): number {
  for (const family of families.values())
    for (const s of family.samples) if (s.name === sample && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) return s.value;
  throw new Error(`no sample ${sample} ${JSON.stringify(labels)}`);
}
