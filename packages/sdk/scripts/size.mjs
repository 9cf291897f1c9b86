#!/usr/bin/env node
// `npm run size -w @pustak/sdk` (after `npm run build -w @pustak/sdk`): what the SDK's own code
// weighs in a browser bundle, bundled by esbuild, minified and gzipped (level 9, KB = 1024 bytes).
// openapi-fetch stays external, so the figure is ours alone; it is measured on its own beside
// it. The budget is on a page that makes one call through `@pustak/sdk/resources` (a group
// built on the raw client): `createPustakClient` builds every group, so a bundle of it carries
// all of them whatever the page calls, and is printed for comparison. Exits 1 over the budget.
//
//   node scripts/size.mjs [--from DIR]   DIR: where `@pustak/sdk` resolves from (an installed
//                                        tarball's project; default this package's dist/)
import { gzipSync } from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

/** The budget of a one-call browser bundle's SDK code, gzip. */
export const ONE_CALL_BUDGET_BYTES = 4 * 1024;

const sdkRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles `code` for the browser as an app would (tree-shaken, minified) and answers its bytes
 * and gzip bytes. `from` is where its imports resolve; `external` are left out of the figure.
 * @param {string} code
 * @param {{ from: string, external?: string[] }} options
 */
export async function bundleSize(code, { from, external = [] }) {
  const result = await build({
    stdin: { contents: code, resolveDir: from, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external,
    logLevel: 'silent',
  });
  const js = result.outputFiles.map((file) => file.contents);
  const bytes = js.reduce((sum, file) => sum + file.length, 0);
  const gzip = js.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0);
  return { bytes, gzip };
}

/**
 * The one-call pages: each lists books and nothing else. `sdk` is how the page names the SDK
 * (`@pustak/sdk` from an installed package, a dist/ path inside this repository).
 */
export function oneCallPages(sdk = '@pustak/sdk') {
  const root = sdk === '@pustak/sdk' ? sdk : `${sdk}/index.js`;
  const resources = sdk === '@pustak/sdk' ? `${sdk}/resources` : `${sdk}/modular.js`;
  return {
    modular: `import { booksApi, createRawClient } from ${JSON.stringify(resources)};
export const listBooks = () => booksApi(createRawClient({ baseUrl: '/api' })).list({ pageSize: 8 });`,
    full: `import { createPustakClient } from ${JSON.stringify(root)};
export const listBooks = () => createPustakClient({ baseUrl: '/api' }).books.list({ pageSize: 8 });`,
    swr: `import { PustakClientProvider, useBook } from ${JSON.stringify(sdk === '@pustak/sdk' ? `${sdk}/swr` : `${sdk}/swr/index.js`)};
export { PustakClientProvider, useBook };`,
    openapiFetch: `import createClient from 'openapi-fetch';
export const listBooks = () => createClient({ baseUrl: '/api' }).GET('/book/all', { params: { query: { pageSize: 8 } } });`,
  };
}

/**
 * Measures every row; `@microsoft/signalr` is never external, so a page that reaches it
 * without calling `/live` fails to bundle where signalr is not installed.
 * @param {{ from: string, sdk?: string }} where
 */
export async function measureSdk({ from, sdk }) {
  const pages = oneCallPages(sdk);
  const sdkOnly = { from, external: ['openapi-fetch'] };
  return {
    modular: await bundleSize(pages.modular, sdkOnly),
    full: await bundleSize(pages.full, sdkOnly),
    openapiFetch: await bundleSize(pages.openapiFetch, { from }),
    // What the hooks' entry adds beside the client: React and SWR are the page's own.
    swr: await bundleSize(pages.swr, { from, external: ['openapi-fetch', 'react', 'swr', 'swr/infinite'] }),
  };
}

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const sizes = values.from
    ? await measureSdk({ from: resolve(values.from) })
    : await measureSdk({ from: sdkRoot, sdk: './dist' });
  const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
  const row = (label, { bytes, gzip }) => console.log(`${label.padEnd(64)} ${kb(bytes).padStart(9)} min ${kb(gzip).padStart(9)} gzip`);
  console.log('@pustak/sdk, a browser page that lists books (esbuild, minified; gzip -9)');
  row('SDK code, booksApi(createRawClient()) from @pustak/sdk/resources', sizes.modular);
  row('SDK code, createPustakClient().books (all groups)', sizes.full);
  row('openapi-fetch beside it (one GET)', sizes.openapiFetch);
  row('@pustak/sdk/swr, useBook and its provider (react, swr external)', sizes.swr);
  const within = sizes.modular.gzip <= ONE_CALL_BUDGET_BYTES;
  console.log(`One-call budget: ${kb(sizes.modular.gzip)} of ${kb(ONE_CALL_BUDGET_BYTES)} gzip ${within ? 'OK' : 'OVER BUDGET'}`);
  process.exitCode = within ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
