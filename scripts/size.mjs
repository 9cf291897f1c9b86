#!/usr/bin/env node
// `npm run size`: builds the web app and prints what each chunk weighs, and the figure the
// storefront budget is about: the JavaScript the browser loads on the home page before it can
// render, gzipped. That is what the built index.html loads (its module scripts and modulepreload
// links), the home page's own chunk if it has one (a lazy route is fetched as soon as the entry
// runs; today the home page ships in the entry), and every chunk those import statically.
// Exits 1 above the budget.
//
//   npm run size                             build into packages/web/dist, then measure it
//   npm run size -- --dist DIR [--budget KB] measure an existing build (no build step)
import { readFile, readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const BUDGET_KB = 97;

const { values: args } = parseArgs({
  options: { dist: { type: 'string' }, budget: { type: 'string', default: String(BUDGET_KB) } },
});
const budgetKb = Number(args.budget);
if (!(budgetKb > 0)) throw new Error('size: --budget must be a positive number of KB');
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = resolve(root, 'packages/web');
const outDir = args.dist ? resolve(args.dist) : resolve(webRoot, 'dist');

if (!args.dist) {
  const { build } = await import('vite');
  await build({ root: webRoot, configFile: resolve(webRoot, 'vite.config.ts'), logLevel: 'warn' });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const sizes = new Map();
async function sizeOf(file) {
  if (!sizes.has(file)) {
    const source = await readFile(join(outDir, file));
    sizes.set(file, { raw: source.length, gzip: gzipSync(source, { level: 9 }).length, text: source.toString('utf8') });
  }
  return sizes.get(file);
}

/** Site-root paths (`/assets/x.js`) to files of the build (`assets/x.js`). */
const local = (href) => href.replace(/^\//, '');

/** A script plus what it imports statically (`import … from "./x.js"`, `import "./x.js"`), transitively. */
async function withStaticImports(file, into) {
  if (into.has(file)) return into;
  into.add(file);
  const { text } = await sizeOf(file);
  for (const [, spec] of text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    await withStaticImports(join(dirname(file), spec), into);
  }
  return into;
}

const html = await readFile(join(outDir, 'index.html'), 'utf8');
const htmlScripts = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => local(m[1]));
const htmlPreloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => local(m[1]));
if (htmlScripts.length === 0) throw new Error('size: index.html has no module script');
const beforeRender = new Set();
for (const file of [...htmlScripts, ...htmlPreloads]) await withStaticImports(file, beforeRender);
// The home page's own chunk, if it is a lazy route: Vite names it after its file (home-page.tsx).
const assets = (await readdir(join(outDir, 'assets'))).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
for (const file of assets.filter((f) => /^assets\/home-page-[\w-]+\.js$/.test(f))) await withStaticImports(file, beforeRender);

const rows = [];
for (const file of assets) {
  const { raw, gzip } = await sizeOf(file);
  rows.push({ file, raw, gzip, home: beforeRender.has(file) });
}
rows.sort((a, b) => b.gzip - a.gzip);
console.log('\nJavaScript files (KB raw / KB gzip, * = loaded on the home page before it renders)');
for (const r of rows) console.log(`${r.home ? '*' : ' '} ${kb(r.raw).padStart(8)} ${kb(r.gzip).padStart(7)}  ${r.file}`);
let homeGzip = 0;
for (const file of beforeRender) homeGzip += (await sizeOf(file)).gzip;
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
console.log(`\nAll JavaScript: ${kb(total)} KB gzip in ${rows.length} files`);
const withinBudget = homeGzip / 1024 <= budgetKb;
console.log(
  `Home page before render: ${kb(homeGzip)} KB gzip in ${beforeRender.size} files (${homeGzip.toLocaleString('en')} bytes at gzip -9, KB = 1024 bytes; budget ${budgetKb} KB) ${withinBudget ? 'OK' : 'OVER BUDGET'}`,
);
process.exitCode = withinBudget ? 0 : 1;
