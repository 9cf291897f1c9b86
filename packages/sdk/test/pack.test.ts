// The SDK as another team gets it: `npm pack` (which builds it first, prepack), the tarball
// installed in a fresh project outside the repository without `@microsoft/signalr` (an optional
// peer), then an ESM TypeScript script (nodenext, strict, library declarations checked too), a
// CommonJS script, TypeScript's `bundler` and `node10` resolutions, and a browser bundle, each
// calling the SDK against the mock. React, react-dom and swr (with React's types) are installed
// beside it at the workspace's versions, for `@pustak/sdk/swr`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMock } from '@pustak/mock';
import { ONE_CALL_BUDGET_BYTES, measureSdk } from '../scripts/size.mjs';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const quiet = { info() {}, warn() {}, error() {} };

let mock: { url: string; close(): Promise<void> };
let work: string;
let project: string;
let packed: { filename: string; size: number; unpackedSize: number; files: { path: string }[] };

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command without blocking this process, which serves the mock the scripts call. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, npm_config_loglevel: 'error', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Fails with what the command printed, so a broken step says why. */
async function succeeded(pending: Promise<Ran>): Promise<string> {
  const result = await pending;
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** The version of `name` the workspace installed. */
const workspaceVersion = (name: string) => (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;

// Declarations are checked (the SDK's, and those of React and swr it reaches), TypeScript's own
// lib files are not (skipDefaultLibCheck): a fifth of each compiler run, which on a slow CI
// machine running three lanes took 35-54 s of its test's minute.
const tsconfig = (compilerOptions: Record<string, unknown>, files: string[]) =>
  JSON.stringify({
    compilerOptions: {
      strict: true, skipLibCheck: false, skipDefaultLibCheck: true, types: [], lib: ['es2022', 'dom', 'dom.iterable'], target: 'es2022', ...compilerOptions,
    },
    files,
  });

// Every entry of the package, each used: a missing export, condition or declaration fails the check.
const everyEntry = `import { createPustakClient, isApiError, type Book, type ConnectNotificationsOptions } from '@pustak/sdk';
import { formatRupees } from '@pustak/sdk/domain';
import type { NotificationConnection } from '@pustak/sdk/live';
import { booksApi, createRawClient } from '@pustak/sdk/resources';
import type { paths } from '@pustak/sdk/schema';
import { BANNER_PALETTE } from '@pustak/sdk/banner-colors';
import { pustakKey, useBooks, type PustakError } from '@pustak/sdk/swr';
export const booksHook: typeof useBooks = useBooks;
export const booksKey = pustakKey('books', 'list', { pageSize: 2 });
export type HookError = PustakError;
type Listed = paths['/book/all']['get']['responses'][200]['content']['application/json']['data'];
export async function firstTitles(baseUrl: string, live?: (options: ConnectNotificationsOptions) => NotificationConnection): Promise<string[]> {
  const books: Listed = (await booksApi(createRawClient({ baseUrl })).list({ pageSize: 2 })).items;
  const sdk = createPustakClient({ baseUrl });
  try {
    const page = await sdk.books.page({ pageSize: 2 });
    return [...books, ...page.items].map((book: Book) => \`\${book.title} \${formatRupees(book.pricing.unitPrice)} \${BANNER_PALETTE.colors.length} \${typeof live}\`);
  } catch (error) {
    if (isApiError(error)) return [String(error.status)];
    throw error;
  }
}
`;

beforeAll(async () => {
  mock = await startMock({ port: 0, log: quiet, prismUrl: inject('prismUrl') });
  work = await mkdtemp(join(tmpdir(), 'pustak-sdk-pack-'));
  const out = await succeeded(run('npm', ['pack', '--json', '--ignore-scripts=false', '--pack-destination', work], sdkDir));
  [packed] = JSON.parse(out.slice(out.indexOf('['))) as [typeof packed];
  project = join(work, 'consumer');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // Its dependencies come from the npm cache that the repository's install filled; the registry only if missing.
  // The optional peers of `/swr` at the versions the workspace has (so in that cache too).
  const peers = ['react', 'react-dom', 'swr', '@types/react'].map((name) => `${name}@${workspaceVersion(name)}`);
  await succeeded(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(work, packed.filename), ...peers], project));
}, 120_000);

afterAll(async () => {
  await mock?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the packed SDK', () => {
  it('holds dist (ESM and CommonJS, with types), README, CHANGELOG and LICENSE, and no sources', async () => {
    const files = packed.files.map((file) => file.path);
    for (const built of [
      'dist/index.js', 'dist/index.d.ts', 'dist/domain/index.js', 'dist/notifications.js', 'dist/modular.js', 'dist/generated/schema.js',
      'dist/swr/index.js', 'dist/swr/index.d.ts', 'dist/cjs/src/swr/index.js', 'dist/cjs/src/swr/index.d.ts',
      'dist/cjs/package.json', 'dist/cjs/src/index.js', 'dist/cjs/src/index.d.ts', 'dist/cjs/src/modular.d.ts', 'dist/cjs/banner-colors.js',
      'banner-colors.js', 'banner-colors.d.ts', 'examples/list-and-order.mjs', 'README.md', 'CHANGELOG.md', 'LICENSE', 'package.json',
    ]) {
      expect(files).toContain(built);
    }
    expect(files.some((file) => file.startsWith('src/') || file.startsWith('test/'))).toBe(false);
    // The README is read on the registry, outside the repository: its links go to the web or to files it ships.
    const readme = await readFile(join(sdkDir, 'README.md'), 'utf8');
    const local = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/i.test(href));
    for (const href of local) expect(files, `README links to ${href}`).toContain(href.replace(/^\.\//, ''));
    const manifest = JSON.parse(await readFile(join(project, 'node_modules/@pustak/sdk/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      license: 'MIT', repository: { type: 'git' },
      peerDependenciesMeta: { '@microsoft/signalr': { optional: true }, react: { optional: true }, swr: { optional: true } },
    });
    expect(existsSync(join(project, 'node_modules/@microsoft/signalr'))).toBe(false);
  });

  it('runs an ESM TypeScript script checked under nodenext against the mock', async () => {
    await writeFile(join(project, 'titles.ts'), everyEntry);
    await writeFile(join(project, 'main.ts'), `import { firstTitles } from './titles.js';
console.log(JSON.stringify(await firstTitles(process.argv[2]!)));
declare const process: { argv: string[] };
`);
    // require() types: a .cts file resolves every entry through the "require" condition.
    await writeFile(join(project, 'required.cts'), everyEntry);
    await writeFile(join(project, 'tsconfig.json'), tsconfig({ module: 'nodenext', moduleResolution: 'nodenext', outDir: 'out' }, ['main.ts', 'titles.ts', 'required.cts']));
    await succeeded(run(process.execPath, [tsc, '-p', 'tsconfig.json'], project));
    const esm = JSON.parse(await succeeded(run(process.execPath, ['out/main.js', `${mock.url}/api`], project))) as string[];
    // The mock answers its example page (whatever pageSize asks): books from both calls, each priced.
    expect(esm.length).toBeGreaterThan(1);
    for (const line of esm) expect(line).toMatch(/^.+ Rs\. [\d,]+\.\d\d 5 undefined$/);
  }, 60_000);

  it('runs a CommonJS script against the mock', async () => {
    await writeFile(join(project, 'main.cjs'), `const { createPustakClient, NotFoundError, formatRupees } = require('@pustak/sdk');
const { booksApi, createRawClient } = require('@pustak/sdk/resources');
const { BANNER_PALETTE } = require('@pustak/sdk/banner-colors');
const { connectNotifications } = require('@pustak/sdk/live');
(async () => {
  const sdk = createPustakClient({ baseUrl: process.argv[2] });
  const { items, pagination } = await sdk.books.list({ pageSize: 3 });
  const viaResources = await booksApi(createRawClient({ baseUrl: process.argv[2] })).list({ pageSize: 1 });
  const missing = await sdk.catalog.get(items[0].bookId, { headers: { Prefer: 'code=404' } }).catch((error) => error);
  console.log(JSON.stringify({
    titles: items.map((book) => book.title), total: pagination.totalItems, price: formatRupees(items[0].pricing.unitPrice),
    sameFirst: viaResources.items[0].bookId === items[0].bookId, notFound: missing instanceof NotFoundError,
    colors: BANNER_PALETTE.colors.length, live: typeof connectNotifications,
  }));
})().catch((error) => { console.error(error); process.exit(1); });
`);
    const cjs = JSON.parse(await succeeded(run(process.execPath, ['main.cjs', `${mock.url}/api`], project))) as Record<string, unknown>;
    expect(cjs).toMatchObject({ sameFirst: true, notFound: true, colors: 5, live: 'function' });
    expect((cjs['titles'] as string[]).length).toBeGreaterThan(0);
    expect(cjs['total']).toBeGreaterThan(0);
    expect(cjs['price']).toMatch(/^Rs\. [\d,]+\.\d\d$/);
  }, 60_000);

  it('renders a /swr hook from ESM and from CommonJS, under the key it derives from the call', async () => {
    // A server render shows what the cache holds under the hook's key: a page read from the mock
    // and put there under pustakKey(...) is what useBooks({ pageSize: 2 }) renders.
    const render = (load: string) => `${load}
  const client = createPustakClient({ baseUrl: process.argv[2] });
  const params = { pageSize: 2 };
  const page = await client.books.list(params);
  const Titles = () => {
    const { data } = useBooks(params);
    return createElement('ul', null, ...(data?.items ?? []).map((book) => createElement('li', { key: book.bookId }, book.title)));
  };
  const html = renderToString(createElement(PustakClientProvider, { client },
    createElement(SWRConfig, { value: { fallback: { [unstable_serialize(pustakKey('books', 'list', params))]: page } } }, createElement(Titles))));
  console.log(JSON.stringify({ html, titles: page.items.map((book) => book.title) }));`;
    await writeFile(join(project, 'swr.mjs'), render(`import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig, unstable_serialize } from 'swr';
import { createPustakClient } from '@pustak/sdk';
import { PustakClientProvider, pustakKey, useBooks } from '@pustak/sdk/swr';`));
    await writeFile(join(project, 'swr.cjs'), `(async () => {${render(`const { createElement } = require('react');
const { renderToString } = require('react-dom/server');
const { SWRConfig, unstable_serialize } = require('swr');
const { createPustakClient } = require('@pustak/sdk');
const { PustakClientProvider, pustakKey, useBooks } = require('@pustak/sdk/swr');`)}
})().catch((error) => { console.error(error); process.exit(1); });
`);
    for (const script of ['swr.mjs', 'swr.cjs']) {
      const { html, titles } = JSON.parse(await succeeded(run(process.execPath, [script, `${mock.url}/api`], project))) as { html: string; titles: string[] };
      expect(titles.length, script).toBeGreaterThan(0);
      expect(html, script).toBe(`<ul>${titles.map((title) => `<li>${title.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}</li>`).join('')}</ul>`);
    }
  }, 60_000);

  it('runs the example the README names from where it is installed', async () => {
    const out = await succeeded(run(process.execPath, ['node_modules/@pustak/sdk/examples/list-and-order.mjs'], project, { PUSTAK_API: `${mock.url}/api` }));
    expect(out).toMatch(/Signed in as \S+/);
    expect(out).toMatch(/claim code \S+/);
  }, 30_000);

  // A compiler run a test (each 4-5 CPU-s, most of it the declarations of React and csstype):
  // two in one test overran its minute on a CI machine running three lanes on two cores.
  it('type-checks under bundler resolution', async () => {
    await writeFile(join(project, 'tsconfig.bundler.json'), tsconfig({ module: 'esnext', moduleResolution: 'bundler', noEmit: true }, ['titles.ts']));
    await succeeded(run(process.execPath, [tsc, '-p', 'tsconfig.bundler.json'], project));
  }, 60_000);

  it('type-checks under node10 resolution, which knows no "exports" (typesVersions)', async () => {
    await writeFile(join(project, 'titles-node10.ts'), everyEntry);
    await writeFile(join(project, 'tsconfig.node10.json'), tsconfig({ module: 'commonjs', moduleResolution: 'node10', noEmit: true }, ['titles-node10.ts']));
    await succeeded(run(process.execPath, [tsc, '-p', 'tsconfig.node10.json'], project));
  }, 60_000);

  it('reaches @microsoft/signalr from /live only, in both builds', async () => {
    const installed = join(project, 'node_modules/@pustak/sdk');
    /** The package's files that loading `entry` reaches through relative imports and requires. */
    const reached = async (entry: string, into = new Set<string>()): Promise<Set<string>> => {
      if (into.has(entry)) return into;
      into.add(entry);
      const code = await readFile(entry, 'utf8');
      for (const [, spec] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
        await reached(join(dirname(entry), spec!), into);
      }
      return into;
    };
    const loadsSignalr = async (entry: string) => {
      for (const file of await reached(join(installed, entry))) {
        // Comments may name it; code that loads it names it in quotes.
        if (/["']@microsoft\/signalr["']/.test(await readFile(file, 'utf8'))) return true;
      }
      return false;
    };
    for (const entry of ['dist/index.js', 'dist/cjs/src/index.js', 'dist/modular.js', 'dist/cjs/src/modular.js', 'dist/domain/index.js', 'dist/swr/index.js', 'dist/cjs/src/swr/index.js']) {
      expect(await loadsSignalr(entry), entry).toBe(false);
    }
    expect(await loadsSignalr('dist/notifications.js')).toBe(true);
    expect(await loadsSignalr('dist/cjs/src/notifications.js')).toBe(true);
  });

  it('bundles a one-call browser page within the budget, without signalr', async () => {
    const sizes = await measureSdk({ from: project });
    expect(sizes.modular.gzip).toBeLessThanOrEqual(ONE_CALL_BUDGET_BYTES);
    // The tree-shakable path is the point: the full client carries every group.
    expect(sizes.modular.gzip).toBeLessThan(sizes.full.gzip);
  });
});
