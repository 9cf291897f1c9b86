#!/usr/bin/env node
// `npm run size`: builds the web app and prints what each chunk weighs, and the figure the
// storefront budget is about: the JavaScript the home page needs before it can render
// (entry chunk, its static imports, and the home route's chunk with its static imports), gzipped.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const BUDGET_KB = 115;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = resolve(root, 'packages/web');
const outDir = resolve(webRoot, 'dist');

await build({
  root: webRoot,
  configFile: resolve(webRoot, 'vite.config.ts'),
  logLevel: 'warn',
  build: { manifest: true },
});

const manifest = JSON.parse(await readFile(resolve(outDir, '.vite/manifest.json'), 'utf8'));
const kb = (bytes) => (bytes / 1024).toFixed(1);
const sizes = new Map();
async function sizeOf(file) {
  if (!sizes.has(file)) {
    const source = await readFile(resolve(outDir, file));
    sizes.set(file, { raw: source.length, gzip: gzipSync(source, { level: 9 }).length });
  }
  return sizes.get(file);
}

/** A chunk's file plus everything it imports statically, transitively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('size: could not find the entry chunk in the manifest');
// The home page may have a chunk of its own (lazy route) or sit in the entry chunk; with no
// chunk of its own, homeKey is undefined and staticClosure adds nothing for it.
const homeKey = Object.keys(manifest).find((k) => /features\/home\/home-page\.tsx$/.test(k));
const homeFiles = staticClosure(homeKey, staticClosure(entryKey));

const rows = [];
for (const chunk of Object.values(manifest)) {
  if (!chunk.file.endsWith('.js')) continue;
  const { raw, gzip } = await sizeOf(chunk.file);
  rows.push({ file: chunk.file, source: chunk.src ?? chunk.name ?? '', raw, gzip, home: homeFiles.has(chunk.file) });
}
rows.sort((a, b) => b.gzip - a.gzip);
console.log('\nJavaScript chunks (KB raw / KB gzip, * = needed by the home page before it renders)');
for (const r of rows) {
  console.log(`${r.home ? '*' : ' '} ${kb(r.raw).padStart(8)} ${kb(r.gzip).padStart(7)}  ${r.file}  ${r.source}`);
}
let homeGzip = 0;
for (const file of homeFiles) homeGzip += (await sizeOf(file)).gzip;
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
console.log(`\nAll JavaScript: ${kb(total)} KB gzip in ${rows.length} chunks`);
const withinBudget = homeGzip / 1024 <= BUDGET_KB;
console.log(
  `Home page before render: ${kb(homeGzip)} KB gzip (${homeGzip.toLocaleString('en')} bytes at gzip -9, KB = 1024 bytes; budget ${BUDGET_KB} KB) ${withinBudget ? 'OK' : 'OVER BUDGET'}`,
);
process.exitCode = withinBudget ? 0 : 1;
