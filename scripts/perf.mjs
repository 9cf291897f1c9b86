#!/usr/bin/env node
// `npm run perf`: Lighthouse (mobile, its default config: a mid-range phone on a slow 4G line,
// simulated throttling) on the production build of the web app, served by `vite preview` with the
// mock behind /api and /hubs, in Debian's Chromium. Prints the figures per page and run and the
// median of the runs. A benchmark, not a test: it fails only when it cannot measure.
//
//   npm run perf                       3 runs of /, /books and a book page
//   npm run perf -- --runs 5 --json perf.json
//   npm run perf -- --page /books      one page (repeatable)
//   npm run perf -- --reports dir      also keeps each run's full Lighthouse report (JSON) in dir
//   CHROMIUM_PATH=/path/to/chromium npm run perf
//
// On a loaded machine the figures come out worse than on a quiet one (Lighthouse's own CPU
// benchmark scales the simulated slowdown); compare medians taken under the same load.
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

const BOOK = '0f0e0000-0000-4000-8000-000000000003'; // Muna Madan in the mock's examples
const DEFAULT_PAGES = ['/', '/books', `/bookDetails/${BOOK}`];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    json: { type: 'string' },
    reports: { type: 'string' },
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
const mock = await startMock({ port: 0, log: quiet });
process.env.PUSTAK_MOCK_URL = mock.url;
let server;
try {
  process.env.NODE_ENV = 'production';
  await build({ ...viteOptions, build: { outDir, emptyOutDir: true } });
  server = await preview({
    ...viteOptions,
    build: { outDir },
    preview: { port: 0, strictPort: false, host: '127.0.0.1', open: false },
  });
  const address = server.httpServer.address();
  const appUrl = `http://127.0.0.1:${address.port}`;
  console.log(`\nLighthouse (mobile) on the production build at ${appUrl}, ${runs} run(s) per page`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores\n`);

  const results = {};
  for (const path of pages) {
    results[path] = [];
    for (let run = 1; run <= runs; run++) {
      const { figures, lhr } = await measure(`${appUrl}${path}`);
      if (args.reports) {
        await mkdir(args.reports, { recursive: true });
        const name = `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`;
        await writeFile(join(args.reports, name), JSON.stringify(lhr));
      }
      results[path].push(figures);
      console.log(`${path.padEnd(52)} run ${run}: ${format(figures)}`);
    }
  }

  console.log('\nMedian per page');
  const header = ['page', 'perf', 'FCP s', 'LCP s', 'CLS', 'TBT ms', 'SI s', 'transfer KB', 'unused JS KB', 'blocking'];
  const rows = Object.entries(results).map(([path, list]) => {
    const m = median(list);
    return [path, m.score, s(m.fcp), s(m.lcp), m.cls.toFixed(3), Math.round(m.tbt), s(m.si), kb(m.transfer), kb(m.unusedJs), m.renderBlocking];
  });
  printTable(header, rows);
  console.log(`\nload average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (args.json) await writeFile(args.json, JSON.stringify({ runs, results }, null, 2));
} finally {
  if (server) await new Promise((done) => server.httpServer.close(() => done()));
  await mock.close();
  await rm(outDir, { recursive: true, force: true });
  await rm(`${outDir}-ssr`, { recursive: true, force: true }); // the build's server-side bundle
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
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
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
    };
    return { figures, lhr };
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
  return `perf ${f.score}  LCP ${s(f.lcp)} s  CLS ${f.cls.toFixed(3)}  TBT ${Math.round(f.tbt)} ms  transfer ${kb(f.transfer)} KB`;
}
function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
