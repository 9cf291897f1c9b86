#!/usr/bin/env node
// `npm run perf`: Lighthouse (mobile, its default config: a mid-range phone on a slow 4G line,
// simulated throttling) on the production build of the web app, in Debian's Chromium, served by
// the Pustak server with the demo data (in memory; /books and a book page rendered with their
// data, as in production), or with --mock by `vite preview` with the mock behind /api and /hubs.
// Prints the figures per page and run, then per page the median of the runs and the worst run's
// LCP beside the median's. A benchmark, not a test: it fails only when it cannot measure.
//
//   npm run perf                       5 runs of /, /books and a book page on the Pustak server
//   npm run perf -- --runs 10 --json perf.json
//   npm run perf -- --page /books      one page (repeatable)
//   npm run perf -- --mock             vite preview with the mock instead of the server
//   npm run perf -- --reports dir      also keeps each run's full Lighthouse report (JSON) in dir
//   npm run perf -- --traces dir       keeps the trace of each page's median and worst run (by LCP),
//                                      for DevTools' Performance panel, and prints what differs
//                                      between the two (LCP phases, main-thread work, requests)
//   npm run perf -- --traces dir --js-samples
//                                      the traces also carry V8's samples of the page's JavaScript
//                                      (what ran in each task), of a build not minified (its names
//                                      read); both slow the page a little
//   CHROMIUM_PATH=/path/to/chromium npm run perf
//
// On a loaded machine the figures come out worse than on a quiet one (Lighthouse's own CPU
// benchmark scales the simulated slowdown); compare medians taken under the same load. Its TBT
// counts each task's wall time, which on a shared machine is mostly other processes' turns (a
// 12 ms task became 60); the "CPU TBT" column counts the main thread's own CPU time per task
// instead (from the trace: the sum over tasks after the first paint of 4 x CPU time - 50 ms,
// Lighthouse's 4x slowdown, 2x for a task that lays the page out), an estimate that a busy machine leaves nearly alone: compare
// changes with it there, and with TBT on a quiet machine.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, preview } from 'vite';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startMock } from '@pustak/mock';
import { CHROMIUM_ARGS, chromiumPath } from '@pustak/dev-tools/chromium';

const BOOK = '0f0e0000-0000-4000-8000-000000000003'; // Muna Madan in the contract's examples (the mock's and the demo data's)
const DEFAULT_PAGES = ['/', '/books', `/bookDetails/${BOOK}`];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    page: { type: 'string', multiple: true },
    json: { type: 'string' },
    reports: { type: 'string' },
    traces: { type: 'string' },
    'js-samples': { type: 'boolean', default: false },
    mock: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');
const pages = args.page?.length ? args.page : DEFAULT_PAGES;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = resolve(root, 'packages/web');
const viteOptions = { root: webRoot, configFile: resolve(webRoot, 'vite.config.ts'), logLevel: 'warn' };

const quiet = { info() {}, warn: console.warn, error: console.error };
const outDir = await mkdtemp(join(tmpdir(), 'pustak-perf-build-'));
let mock;
let server;
let pustak;
try {
  if (args.mock) {
    mock = await startMock({ port: 0, log: quiet });
    process.env.PUSTAK_MOCK_URL = mock.url;
  }
  process.env.NODE_ENV = 'production';
  // With --js-samples the build keeps its names (not minified), so that the samples read.
  await build({ ...viteOptions, build: { outDir, emptyOutDir: true, ...(args['js-samples'] ? { minify: false } : {}) } });
  let appUrl;
  if (args.mock) {
    server = await preview({
      ...viteOptions,
      build: { outDir },
      preview: { port: 0, strictPort: false, host: '127.0.0.1', open: false },
    });
    appUrl = `http://127.0.0.1:${server.httpServer.address().port}`;
  } else {
    pustak = await startPustakServer(outDir);
    appUrl = pustak.origin;
  }
  console.log(`\nLighthouse (mobile) on the production build at ${appUrl} (${args.mock ? 'vite preview with the mock' : 'the Pustak server, demo data'}), ${runs} run(s) per page`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores\n`);

  const results = {};
  for (const path of pages) {
    results[path] = [];
    const traces = [];
    for (let run = 1; run <= runs; run++) {
      const { figures, lhr, trace } = await measureRetrying(`${appUrl}${path}`);
      if (args.reports) {
        await mkdir(args.reports, { recursive: true });
        await writeFile(join(args.reports, `${slug(path)}-${run}.json`), JSON.stringify(lhr));
      }
      results[path].push(figures);
      if (args.traces) traces.push({ run, figures, lhr, trace });
      console.log(`${path.padEnd(52)} run ${run}: ${format(figures)}`);
    }
    if (args.traces) await keepTraces(path, traces);
  }

  console.log('\nMedian per page (worst LCP: the slowest run; spread: worst minus median)');
  const header = ['page', 'perf', 'FCP s', 'LCP s', 'worst LCP s', 'spread s', 'CLS', 'TBT ms', 'CPU TBT ms', 'SI s', 'transfer KB', 'unused JS KB', 'blocking'];
  const rows = Object.entries(results).map(([path, list]) => {
    const m = median(list);
    const worst = Math.max(...list.map((f) => f.lcp));
    return [path, m.score, s(m.fcp), s(m.lcp), s(worst), s(worst - m.lcp), m.cls.toFixed(3), Math.round(m.tbt), Math.round(m.cpuTbt), s(m.si), kb(m.transfer), kb(m.unusedJs), m.renderBlocking];
  });
  printTable(header, rows);
  console.log(`\nload average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (args.json) await writeFile(args.json, JSON.stringify({ runs, target: args.mock ? 'mock' : 'server', results }, null, 2));
} finally {
  if (server) await new Promise((done) => server.httpServer.close(() => done()));
  await pustak?.stop();
  await mock?.close();
  await rm(outDir, { recursive: true, force: true });
  await rm(`${outDir}-ssr`, { recursive: true, force: true }); // the build's server-side bundle
}

/**
 * The Pustak server (its quick build first) on a free port with the demo data in memory, serving
 * the web build in `webDist` as production does: assets precompressed, /books and a book page
 * rendered with their data. Not NODE_ENV=production (that refuses the in-memory demo store).
 */
async function startPustakServer(webDist) {
  const built = spawn(process.execPath, [resolve(root, 'packages/server/build.mjs'), '--quiet'], { stdio: 'inherit' });
  if ((await new Promise((done) => built.on('exit', done))) !== 0) throw new Error('perf: the server build failed');
  const child = spawn(process.execPath, [resolve(root, 'packages/server/dist/main.js'), '--memory', '--port', '0', '--web-dist', webDist], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // No attempt limits and no request log: neither is what a page load measures.
    env: { ...process.env, NODE_ENV: 'development', RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
  });
  const origin = await new Promise((done, fail) => {
    child.on('message', (message) => message?.ready && done(message.ready));
    child.on('exit', (code) => fail(new Error(`perf: the Pustak server stopped (exit code ${code}) before it was ready`)));
  });
  return {
    origin: origin.replace('localhost', '127.0.0.1'),
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.on('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A run, again (twice at most) when Lighthouse could not record it (a trace without its
 * navigation start, NO_NAVSTART, now and then on a busy machine): a failed recording, not a figure.
 */
async function measureRetrying(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url);
    } catch (error) {
      if (attempt >= 3 || !/^Lighthouse: /.test(error.message)) throw error;
      console.warn(`${error.message.split('.')[0]}; measuring ${url} again`);
    }
  }
}

/** One Lighthouse run in a fresh Chromium with a fresh profile. */
async function measure(url) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'pustak-perf-profile-'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: CHROMIUM_ARGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const flags = { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' };
    if (args['js-samples']) flags.additionalTraceCategories = 'disabled-by-default-v8.cpu_profiler';
    const result = await lighthouse(url, flags);
    const trace = result?.artifacts?.Trace ?? result?.artifacts?.traces?.defaultPass;
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const a = lhr.audits;
    const num = (id) => {
      const value = a[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no figure for ${id} on ${url}`);
      return value;
    };
    // Lighthouse 13 folds the unused-JS and render-blocking audits into insights; read
    // whichever this version has.
    const unused = a['unused-javascript'];
    const blocking = a['render-blocking-insight'] ?? a['render-blocking-resources'];
    const figures = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      cls: num('cumulative-layout-shift'),
      tbt: num('total-blocking-time'),
      si: num('speed-index'),
      transfer: num('total-byte-weight'),
      unusedJs: unused?.details?.overallSavingsBytes ?? 0,
      renderBlocking: blocking?.details?.items?.length ?? 0,
      cpuTbt: trace ? mainThreadTasks(trace).cpuTbt : NaN,
    };
    return { figures, lhr, trace };
  } finally {
    await chrome.kill();
    await rm(userDataDir, { recursive: true, force: true }).catch(() => {});
  }
}

function median(list) {
  const pick = (key) => {
    const sorted = list.map((f) => f[key]).sort((x, y) => x - y);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  return Object.fromEntries(Object.keys(list[0]).map((key) => [key, pick(key)]));
}
function s(ms) {
  return (ms / 1000).toFixed(2);
}
function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}
function format(f) {
  return `perf ${f.score}  LCP ${s(f.lcp)} s  CLS ${f.cls.toFixed(3)}  TBT ${Math.round(f.tbt)} ms (CPU ${Math.round(f.cpuTbt)})  transfer ${kb(f.transfer)} KB`;
}
function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
/**
 * Writes the traces of the page's median and worst run (by LCP) into --traces, and prints side
 * by side what Lighthouse saw in each: the LCP element and its phases, what was observed on the
 * unthrottled load, the main thread's work and long tasks, and the requests that started before
 * the observed LCP.
 */
async function keepTraces(path, traces) {
  await mkdir(args.traces, { recursive: true });
  const byLcp = [...traces].sort((a, b) => a.figures.lcp - b.figures.lcp);
  const picks = [
    ['median', byLcp[Math.floor((byLcp.length - 1) / 2)]],
    ['worst', byLcp.at(-1)],
  ];
  const described = [];
  for (const [name, pick] of picks) {
    const file = join(args.traces, `${slug(path)}-${name}.trace.json`);
    if (pick.trace) await writeFile(file, JSON.stringify(pick.trace));
    described.push([`${name} (run ${pick.run})`, describeRun(pick.lhr)]);
  }
  const keys = [...new Set(described.flatMap(([, d]) => Object.keys(d)))];
  console.log(`\n  ${path}: median and worst run by LCP (traces in ${args.traces})`);
  printTable(['', ...described.map(([name]) => name)], keys.map((key) => [key, ...described.map(([, d]) => d[key] ?? '-')]));
  const median = picks[0][1];
  if (median.trace) {
    const { fcp, tasks } = mainThreadTasks(median.trace);
    console.log(`\n  ${path}, median run: the main thread's tasks of 10 ms CPU or more (ms from navigation; first paint at ${Math.round(fcp)})`);
    for (const task of tasks.filter((t) => t.cpu >= 10)) {
      console.log(`  @${String(Math.round(task.start)).padStart(5)}  CPU ${task.cpu.toFixed(1).padStart(5)}  wall ${task.wall.toFixed(1).padStart(5)}  ${task.runs}`);
    }
  }
  console.log('');
}

/** What one run's report says about its LCP and its main thread. */
function describeRun(lhr) {
  const a = lhr.audits;
  const out = {};
  const m = a.metrics?.details?.items?.[0] ?? {};
  out['LCP (simulated) ms'] = Math.round(a['largest-contentful-paint'].numericValue);
  out['TBT ms'] = Math.round(a['total-blocking-time'].numericValue);
  out['observed FCP / LCP / load ms'] = `${m.observedFirstContentfulPaint} / ${m.observedLargestContentfulPaint} / ${m.observedLoad}`;
  const lcp = a['lcp-breakdown-insight']?.details?.items ?? [];
  for (const part of lcp.find((item) => item.type === 'table')?.items ?? []) out[`LCP ${part.label.toLowerCase()} ms`] = Math.round(part.duration);
  const node = lcp.find((item) => item.type === 'node');
  if (node) out['LCP element'] = `${node.snippet} "${String(node.nodeLabel).slice(0, 30)}"`;
  for (const item of a['mainthread-work-breakdown']?.details?.items ?? []) out[`main thread: ${item.groupLabel} ms`] = Math.round(item.duration);
  const long = a['long-tasks']?.details?.items ?? [];
  out['long tasks (count, ms in all)'] = `${long.length}, ${Math.round(long.reduce((sum, t) => sum + t.duration, 0))}`;
  const observedLcp = m.observedLargestContentfulPaint ?? Infinity;
  const early = (a['network-requests']?.details?.items ?? []).filter((r) => r.networkRequestTime <= observedLcp);
  out['requests before observed LCP'] = early.length;
  out['KB before observed LCP'] = kb(early.reduce((sum, r) => sum + (r.transferSize ?? 0), 0));
  out['server response ms'] = Math.round(a['server-response-time']?.numericValue ?? a['document-latency-insight']?.numericValue ?? NaN);
  return out;
}

function slug(path) {
  return path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
}

/**
 * The renderer's main-thread tasks in a Lighthouse trace (start and first paint in ms from the
 * navigation, wall and CPU ms, what ran in them, largest first) and the CPU TBT estimate: over
 * the tasks after the first contentful paint, the sum of 4 x CPU time - 50 ms where positive
 * (2 x for a task with layout in it, as Lighthouse's simulation counts those).
 */
export function mainThreadTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const key = (e) => `${e.pid}:${e.tid}`;
  const perThread = new Map();
  for (const e of events) if (e.ph === 'X') perThread.set(key(e), (perThread.get(key(e)) ?? 0) + 1);
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map(key)
    .sort((a, b) => (perThread.get(b) ?? 0) - (perThread.get(a) ?? 0))[0];
  const onMain = events.filter((e) => key(e) === main);
  const start = (onMain.find((e) => e.name === 'navigationStart') ?? events.find((e) => e.name === 'navigationStart'))?.ts ?? 0;
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint')?.ts ?? start;
  const isTask = (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
  const spans = onMain.filter((e) => e.ph === 'X' && e.ts >= start).sort((a, b) => a.ts - b.ts);
  const tasks = [];
  let cpuTbt = 0;
  let i = 0;
  for (const task of spans.filter(isTask)) {
    const end = task.ts + task.dur;
    while (i < spans.length && spans[i].ts < task.ts) i++;
    const inside = new Map();
    for (let j = i; j < spans.length && spans[j].ts < end; j++) {
      const e = spans[j];
      if (isTask(e) || e.ts + e.dur > end) continue;
      const d = e.args?.data ?? {};
      const what = `${e.name}${d.url ? ` ${String(d.url).split('/').pop()}` : d.type ? ` ${d.type}` : ''}`;
      inside.set(what, (inside.get(what) ?? 0) + e.dur);
    }
    const cpu = (task.tdur ?? task.dur) / 1000;
    // Lighthouse's simulation slows a task that lays the page out by half as much (2x, not 4x).
    if (task.ts > fcp) cpuTbt += Math.max(0, (inside.has('Layout') ? 2 : 4) * cpu - 50);
    const runs = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([what, us]) => `${what} ${(us / 1000).toFixed(1)}`).join(' | ');
    tasks.push({ start: (task.ts - start) / 1000, wall: task.dur / 1000, cpu, runs });
  }
  return { fcp: (fcp - start) / 1000, tasks, cpuTbt };
}
