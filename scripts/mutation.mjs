#!/usr/bin/env node
// `npm run mutation`: mutation testing of the rules, a check to run before a release (not part
// of `npm test`). Stryker plants small bugs (a comparison turned, a condition dropped, a string
// emptied) one at a time in the server's rules of money, stock and order status (scripts/mutation/targets.mjs) and the SDK's domain
// (packages/sdk/src/domain) and runs the tests that reach each; a bug no test notices survives.
// Prints each target's mutation score and its surviving mutants (file:line, mutator,
// replacement) and fails when a score is under the threshold.
//
// Incremental: each target's results are kept in reports/mutation/<target>-incremental.json
// (git-ignored, a local cache), and a later run tests again only the mutants whose code or
// tests changed. `--force` tests every mutant again; `--target server|sdk` runs one target;
// `--mutate <glob>` (repeatable) narrows a target to some files, e.g. the one being tested.
// Stryker works in copies of the repository under .stryker-tmp/ (removed after the run); the
// HTML reports go to reports/mutation/<target>.html.
import { mkdir } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';
import { TARGETS } from './mutation/targets.mjs';

const THRESHOLD = 85;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const { values: args } = parseArgs({
  options: {
    target: { type: 'string', multiple: true },
    force: { type: 'boolean', default: false },
    concurrency: { type: 'string' },
    mutate: { type: 'string', multiple: true },
  },
});
const chosen = args.target?.length ? TARGETS.filter((t) => args.target.includes(t.name)) : TARGETS;
if (chosen.length === 0) {
  console.error(`Unknown target ${args.target}; the targets are ${TARGETS.map((t) => t.name).join(', ')}.`);
  process.exit(2);
}
await mkdir(resolve(root, 'reports/mutation'), { recursive: true });

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Stryker's mutation score: detected / (detected + undetected); errors and ignored mutants do not count. */
function score(results) {
  const detected = results.filter((r) => DETECTED.has(r.status)).length;
  const undetected = results.filter((r) => UNDETECTED.has(r.status)).length;
  return { detected, undetected, score: detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected) };
}

const oneLine = (text) => (text.length > 80 ? `${text.slice(0, 77)}...` : text).replace(/\s+/g, ' ');

const summaries = [];
for (const target of chosen) {
  const started = Date.now();
  const mutate = args.mutate?.length ? args.mutate : target.mutate;
  console.log(`\n== mutation testing: ${target.name} (${mutate.join(', ')})`);
  const stryker = new Stryker({
    mutate,
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    // Every run of a test filters by the tests that reached the mutant (Vitest runner: per test).
    coverageAnalysis: 'perTest',
    // Vitest's related mode follows static imports; the server's rules are reached through
    // HTTP. The Vitest config lists the suites instead.
    vitest: { configFile: target.vitestConfig, related: false },
    incremental: true,
    incrementalFile: `reports/mutation/${target.name}-incremental.json`,
    force: args.force,
    reporters: ['html', process.stdout.isTTY ? 'progress' : 'progress-append-only'],
    htmlReporter: { fileName: `reports/mutation/${target.name}.html` },
    tempDirName: '.stryker-tmp',
    // Two cores shared with everything else: one test runner unless told otherwise.
    concurrency: Number(args.concurrency ?? process.env.MUTATION_CONCURRENCY ?? 1),
    // A busy machine: a mutant is a timeout only well past the tests' own time.
    timeoutMS: 20_000,
    dryRunTimeoutMinutes: 15,
    thresholds: { high: 95, low: THRESHOLD, break: null },
  });
  const results = await stryker.runMutationTest();
  const seconds = Math.round((Date.now() - started) / 1000);
  const survivors = results
    .filter((r) => UNDETECTED.has(r.status))
    .sort((a, b) => a.fileName.localeCompare(b.fileName) || a.location.start.line - b.location.start.line);
  summaries.push({ target, seconds, total: results.length, survivors, ...score(results) });
}

let failed = false;
for (const { target, seconds, total, survivors, detected, undetected, score: value } of summaries) {
  const pass = value >= THRESHOLD;
  failed ||= !pass;
  console.log(`\n${target.name}: mutation score ${value.toFixed(2)} % (${detected} detected, ${undetected} undetected of ${total} mutants), ${seconds} s${pass ? '' : `: under ${THRESHOLD} %`}`);
  for (const mutant of survivors) {
    const where = `${relative(root, resolve(root, mutant.fileName))}:${mutant.location.start.line}`;
    console.log(`  ${mutant.status === 'NoCoverage' ? 'no test reaches' : 'survived'} ${where} ${mutant.mutatorName}: ${oneLine(mutant.replacement ?? '')}`);
  }
}
process.exitCode = failed ? 1 : 0;
