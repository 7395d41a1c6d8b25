// Writes scripts/test-durations.json, the seconds each test file took, from a report of vitest's JSON
// reporter (`npm run test:durations` runs the suite and then this). The sequencer
// (scripts/longest-first.ts) starts the longest files first by these figures. Whole tenths of a
// second, names in order: a refresh changes only the lines of files whose time changed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reportFile = process.argv[2];
if (!reportFile) {
  console.error('usage: node scripts/record-durations.mjs <vitest JSON report>');
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const durations = {};
for (const file of [...report.testResults].sort((a, b) => a.name.localeCompare(b.name))) {
  const name = path.relative(root, file.name).split(path.sep).join('/');
  durations[name] = Math.round((file.endTime - file.startTime) / 100) / 10;
}
const out = fileURLToPath(new URL('./test-durations.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(durations, null, 2)}\n`);
const total = Object.values(durations).reduce((sum, s) => sum + s, 0);
console.log(`${Object.keys(durations).length} files, ${Math.round(total)} s in all, written to ${path.relative(root, out)}`);
