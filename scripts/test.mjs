#!/usr/bin/env node
// `npm test`: runs every Vitest project once, then prints the plain closing line
// "N passed, N failed" that CI counts (summed from Vitest's JSON report).
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const report = resolve(root, 'test-results/vitest.json');
await mkdir(dirname(report), { recursive: true });
await rm(report, { force: true });

const vitest = resolve(root, 'node_modules/vitest/vitest.mjs');
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const child = spawn(process.execPath, [vitest, ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((done) => child.on('exit', (c, s) => done(c ?? (s ? 1 : 0))));

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(await readFile(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = json.numFailedTests ?? 0;
  // A file that failed before any of its tests ran (an import or setup error) counts once.
  for (const file of json.testResults ?? []) {
    const aTestFailed = (file.assertionResults ?? []).some((t) => t.status === 'failed');
    if (file.status === 'failed' && !aTestFailed) failed += 1;
  }
  skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
} catch {
  failed += 1; // no report at all: vitest itself failed before running tests
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(code === 0 && failed === 0 && passed > 0 ? 0 : code || 1);
