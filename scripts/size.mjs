#!/usr/bin/env node
// `npm run size`: builds the web app and prints what each chunk weighs, and two figures of the
// home page's JavaScript, gzipped, each with its budget:
//   before first paint  what the built index.html loads before the page it was sent paints: its
//                       module scripts and modulepreload links and every chunk those import
//                       statically (the boot script, src/boot.ts; CSS is not JavaScript and not
//                       counted). Budget BUDGET_KB.
//   to take over        what the boot script loads once that paint is shown for the app to take
//                       the page over: its dynamic imports (the app's entry, src/main.tsx), the
//                       home page's own chunk if it is a lazy route, and every chunk those import
//                       statically (less what was loaded before the paint). Budget TAKEOVER_BUDGET_KB.
// Exits 1 above either budget.
//
//   npm run size                             build into packages/web/dist, then measure it
//   npm run size -- --dist DIR [--budget KB] [--takeover-budget KB]
//                                            measure an existing build (no build step)
//   npm run size -- --modules                build into a temporary folder with source maps and
//                                            also print what the home page's files are made of:
//                                            KB per package and per source file of the app and SDK
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const BUDGET_KB = 85;
export const TAKEOVER_BUDGET_KB = 97;

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string' },
    budget: { type: 'string', default: String(BUDGET_KB) },
    'takeover-budget': { type: 'string', default: String(TAKEOVER_BUDGET_KB) },
    modules: { type: 'boolean', default: false },
  },
});
const budgetKb = Number(args.budget);
const takeoverBudgetKb = Number(args['takeover-budget']);
if (!(budgetKb > 0) || !(takeoverBudgetKb > 0)) throw new Error('size: --budget and --takeover-budget must be positive numbers of KB');
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = resolve(root, 'packages/web');
// --modules builds elsewhere: dist/ is what production serves, and a map there publishes the source.
const outDir = args.dist ? resolve(args.dist) : args.modules ? await mkdtemp(join(tmpdir(), 'pustak-size-')) : resolve(webRoot, 'dist');

if (!args.dist) {
  const { build } = await import('vite');
  await build({
    root: webRoot,
    configFile: resolve(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    // 'hidden': the maps without the comment that names them, so the scripts weigh what they do.
    ...(args.modules ? { build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } } : {}),
  });
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
const beforePaint = new Set();
for (const file of [...htmlScripts, ...htmlPreloads]) await withStaticImports(file, beforePaint);
// What the boot script imports dynamically (the app's entry), and the home page's own chunk if
// it is a lazy route (Vite names it after its file, home-page.tsx).
const loaded = new Set();
for (const file of beforePaint) {
  const { text } = await sizeOf(file);
  for (const [, , spec] of text.matchAll(/\bimport\(\s*(["'`])(\.{1,2}\/[^"'`]+\.js)\1\s*\)/g)) await withStaticImports(join(dirname(file), spec), loaded);
}
const assets = (await readdir(join(outDir, 'assets'))).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
for (const file of assets.filter((f) => /^assets\/home-page-[\w-]+\.js$/.test(f))) await withStaticImports(file, loaded);
const takeover = new Set([...loaded].filter((file) => !beforePaint.has(file)));
if (takeover.size === 0) throw new Error('size: the boot script imports no entry after the paint');

const rows = [];
for (const file of assets) {
  const { raw, gzip } = await sizeOf(file);
  rows.push({ file, raw, gzip, mark: beforePaint.has(file) ? '*' : takeover.has(file) ? '+' : ' ' });
}
rows.sort((a, b) => b.gzip - a.gzip);
console.log('\nJavaScript files (KB raw / KB gzip; * = loaded on the home page before its first paint, + = loaded after it, to take the page over)');
for (const r of rows) console.log(`${r.mark} ${kb(r.raw).padStart(8)} ${kb(r.gzip).padStart(7)}  ${r.file}`);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
console.log(`\nAll JavaScript: ${kb(total)} KB gzip in ${rows.length} files`);
/** Prints a figure's line; whether it is within its budget. */
async function figure(label, files, budget) {
  let gzip = 0;
  for (const file of files) gzip += (await sizeOf(file)).gzip;
  const within = gzip / 1024 <= budget;
  console.log(`${label}: ${kb(gzip)} KB gzip in ${files.size} files (${gzip.toLocaleString('en')} bytes at gzip -9, KB = 1024 bytes; budget ${budget} KB) ${within ? 'OK' : 'OVER BUDGET'}`);
  return within;
}
const paintWithin = await figure('Home page before first paint', beforePaint, budgetKb);
const takeoverWithin = await figure('Home page to take over', takeover, takeoverBudgetKb);
const withinBudget = paintWithin && takeoverWithin;
if (args.modules) await printModules([...beforePaint, ...takeover]);
if (args.modules && !args.dist) {
  await rm(outDir, { recursive: true, force: true });
  await rm(`${outDir}-ssr`, { recursive: true, force: true });
}
process.exitCode = withinBudget ? 0 : 1;

/**
 * What `files` are made of, from their source maps: the generated code of each source, gzipped on
 * its own (so the parts add up to more than the files: gzip shares across them), per package
 * (node_modules) and per source file of the app and the SDK.
 */
async function printModules(files) {
  const code = new Map();
  for (const file of files) {
    let map;
    try {
      map = JSON.parse(await readFile(join(outDir, `${file}.map`), 'utf8'));
    } catch {
      console.log(`(no source map for ${file}: run with --modules and no --dist)`);
      continue;
    }
    const { text } = await sizeOf(file);
    for (const [source, part] of codeBySource(text, map)) code.set(source, (code.get(source) ?? '') + part);
  }
  const byName = new Map();
  for (const [source, part] of code) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    const name = pkg ?? (source ? source.replace(/^(\.\.\/)+/, '').replace(/^.*?packages\//, '') : '(bundler: runtime, CSS module class maps)');
    byName.set(name, (byName.get(name) ?? '') + part);
  }
  const rows = [...byName].map(([name, part]) => ({ name, raw: part.length, gzip: gzipSync(part, { level: 9 }).length })).sort((a, b) => b.gzip - a.gzip);
  console.log('\nWhat the home page loads before its first paint and to take over, by package and source (KB raw / KB gzip, each part on its own)');
  for (const r of rows.filter((r) => r.gzip >= 100)) console.log(`  ${kb(r.raw).padStart(7)} ${kb(r.gzip).padStart(6)}  ${r.name}`);
  const small = rows.filter((r) => r.gzip < 100);
  if (small.length) console.log(`  ${kb(small.reduce((sum, r) => sum + r.raw, 0)).padStart(7)} ${''.padStart(6)}  ${small.length} more sources under 0.1 KB gzip each`);
}

/** Each source's share of `text`, by the version 3 source map `map` (segments in VLQ). */
function codeBySource(text, map) {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const segments = [];
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = decodeVlq(segment);
      column += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        segments.push([lineStarts[lineIndex] + column, map.sources[source]]);
      } else segments.push([lineStarts[lineIndex] + column, null]);
    }
  });
  segments.sort((a, b) => a[0] - b[0]);
  const parts = new Map();
  segments.forEach(([start, name], i) => {
    const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
    parts.set(name, (parts.get(name) ?? '') + text.slice(start, end));
  });
  return parts;
}

/** The numbers of one source map segment (base64 VLQ). Only the source's delta is kept across segments by the caller. */
function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
