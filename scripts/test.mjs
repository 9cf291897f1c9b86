#!/usr/bin/env node
// `npm test`: runs every Vitest project once, then prints the plain closing line
// "N passed, N failed" that CI counts (summed from Vitest's JSON reports).
//
// Two cores, three lanes: three Vitest processes side by side.
//   browser lane: the browser end to end (one Chromium at a time), from the start: its files
//                 run one after another and are the longest chain of the run;
//   node lane:    the web pages (jsdom), contract, SDK and mock side by side (with its own
//                 Prism mock), then the server on PGlite;
//   pg lane:      the server on PostgreSQL, from the start: its files run one at a time and
//                 mostly wait on the database, so they fill the cores the other lanes leave idle
//                 (after the node lane they added ~55 s to the end of the run).
// In one Vitest process the files that run one at a time (server, server-pg, e2e) would all
// queue in a single line behind each other. Each lane's output lines carry its name.
// With arguments (`npm test -- --project sdk`, a file name, ...) one Vitest process runs them.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = resolve(root, 'test-results');
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs');
await mkdir(reports, { recursive: true });

// The seeded PGlite database both lanes' test servers start from, built once for both
// (tests/setup/pglite-seed.ts): a folder for it, removed after the run.
const seedDir = await mkdtemp(join(tmpdir(), 'pustak-seed-'));
process.env.PUSTAK_TEST_SEED_DIR = seedDir;

const extra = process.argv.slice(2);
const lanes = extra.length > 0
  ? [{ name: '', projects: [], args: extra }]
  : [
      { name: 'browser', projects: ['e2e'], args: [] },
      { name: 'node', projects: ['web', 'contract', 'sdk', 'mock', 'server'], args: [] },
      { name: 'pg', projects: ['server-pg'], args: [] },
    ];

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

/** Runs one Vitest process; its output goes through line by line, prefixed with the lane's name. */
async function runLane({ name, projects, args }) {
  const report = resolve(reports, name ? `vitest-${name}.json` : 'vitest.json');
  await rm(report, { force: true });
  const child = spawn(
    process.execPath,
    [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...projects.flatMap((p) => ['--project', p]), ...args],
    { cwd: root, stdio: name ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: name ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') } : process.env },
  );
  children.add(child);
  if (name) {
    const prefix = `[${name}] `;
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
  }
  // 'close', not 'exit': by then every line the lane wrote has been passed on, so the closing
  // summary is always the last thing printed.
  const started = Date.now();
  const code = await new Promise((done) => child.on('close', (c, s) => done(c ?? (s ? 1 : 0))));
  children.delete(child);
  return { code, seconds: Math.round((Date.now() - started) / 1000), ...(await countsOf(report)), failures: await failuresOf(report, root) };
}

/**
 * The failed tests of one JSON report, a line each with the start of their message: printed
 * again at the very end, so a log cut to its last lines (CI shows only those) still names them.
 */
async function failuresOf(report, base) {
  try {
    const json = JSON.parse(await readFile(report, 'utf8'));
    return (json.testResults ?? []).flatMap((file) => {
      const where = file.name?.startsWith(base) ? file.name.slice(base.length + 1) : file.name;
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      if (failed.length === 0) return file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : [];
      return failed.map((t) => `${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    });
  } catch {
    return [];
  }
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- the reporter's colour codes
  const line = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** Passed, failed and skipped tests of one JSON report. A file that failed before any of its tests ran counts once. */
async function countsOf(report) {
  try {
    const json = JSON.parse(await readFile(report, 'utf8'));
    let failed = json.numFailedTests ?? 0;
    for (const file of json.testResults ?? []) {
      const aTestFailed = (file.assertionResults ?? []).some((t) => t.status === 'failed');
      if (file.status === 'failed' && !aTestFailed) failed += 1;
    }
    return { passed: json.numPassedTests ?? 0, failed, skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0) };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 }; // no report at all: Vitest failed before running tests
  }
}

const started = Date.now();
const results = await Promise.all(lanes.map(runLane)).finally(() => rm(seedDir, { recursive: true, force: true }));
const sum = (key) => results.reduce((total, r) => total + r[key], 0);
const [passed, failed, skipped] = [sum('passed'), sum('failed'), sum('skipped')];
if (lanes.length > 1) {
  for (const [i, lane] of lanes.entries()) console.log(`${lane.name} lane: ${results[i].passed} passed, ${results[i].failed} failed in ${results[i].seconds} s`);
  console.log(`all lanes: ${Math.round((Date.now() - started) / 1000)} s`);
}
const failures = results.flatMap((r, i) => r.failures.map((f) => `  ${lanes[i].name ? `[${lanes[i].name}] ` : ''}${f}`));
if (failures.length > 0) console.log(`\nfailed:\n${failures.join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(results.every((r) => r.code === 0) && failed === 0 && passed > 0 ? 0 : 1);
