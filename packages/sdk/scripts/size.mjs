#!/usr/bin/env node
// `npm run size -w @pustak/sdk` (after `npm run build -w @pustak/sdk`): what the SDK's own code
// weighs once bundled, minified and gzipped. Dependencies (openapi-fetch, @microsoft/signalr)
// stay external, so the figure is ours alone; openapi-fetch is shown separately for context,
// and signalr is a lazy chunk (dynamic import) that no page pays for up front.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, 'dist');
const { dependencies = {} } = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8'));
const external = (id) => Object.keys(dependencies).some((dep) => id === dep || id.startsWith(`${dep}/`));

/** Bundles `input` (tree-shaken to what `code` imports) and returns minified and gzipped bytes. */
async function measure(label, code, { bundleDeps = false } = {}) {
  const entry = 'virtual:entry';
  const bundle = await rolldown({
    input: entry,
    external: bundleDeps ? (id) => id === '@microsoft/signalr' : external,
    logLevel: 'silent',
    plugins: [{
      name: 'entry',
      resolveId: (id) => (id === entry ? id : null),
      load: (id) => (id === entry ? code : null),
    }],
  });
  const { output } = await bundle.generate({ format: 'esm', minify: true });
  await bundle.close();
  const js = output.filter((chunk) => chunk.type === 'chunk').map((chunk) => chunk.code).join('\n');
  const bytes = Buffer.byteLength(js);
  const gzip = gzipSync(js, { level: 9 }).length;
  console.log(`${label.padEnd(52)} ${(bytes / 1024).toFixed(1).padStart(6)} KB min ${(gzip / 1024).toFixed(1).padStart(6)} KB gzip`);
  return gzip;
}

const index = JSON.stringify(resolve(dist, 'index.js'));
const domain = JSON.stringify(resolve(dist, 'domain/index.js'));
console.log('@pustak/sdk (dist, deps external unless noted)');
await measure('everything (client, resources, errors, live, domain)', `export * from ${index};`);
await measure('client + resources + errors (what api-client needs)', `export { createPustakClient, ApiError, NetworkError, isApiError } from ${index};`);
await measure('connectNotifications (signalr loaded lazily)', `export { connectNotifications } from ${index};`);
await measure('domain rules (@pustak/sdk/domain)', `export * from ${domain};`);
await measure('client + resources + errors, with openapi-fetch', `export { createPustakClient, ApiError } from ${index};`, { bundleDeps: true });
