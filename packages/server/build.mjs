#!/usr/bin/env node
// Builds packages/server/dist: every src/*.ts file transpiled on its own to ES2022 JavaScript
// (TypeScript's transpileModule: types are stripped, nothing is bundled). Type checking is
// `npm run typecheck`; this step only has to be quick enough to run before every start.
// A dist/ built from exactly the sources there are now (each file's size and time, this script,
// the TypeScript version: dist/.sources.json) is kept as it is, without loading TypeScript.
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const src = join(root, 'src');
const out = join(root, 'dist');

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const started = performance.now();
const quiet = process.argv.includes('--quiet');
const sourceFiles = [];
for await (const file of files(src)) sourceFiles.push(file);
const described = async (file) => {
  const { size, mtimeMs } = await stat(file);
  return [relative(root, file), size, mtimeMs];
};
const typescriptVersion = createRequire(import.meta.url)('typescript/package.json').version;
const sources = JSON.stringify({
  typescript: typescriptVersion,
  files: await Promise.all([fileURLToPath(import.meta.url), ...sourceFiles.sort()].map(described)),
});
const SOURCES = '.sources.json';
const upToDate = async () => (await readFile(join(out, SOURCES), 'utf8').catch(() => '')) === sources;
const done = () => {
  if (!quiet) console.log(`@pustak/server: dist/ is up to date (${sourceFiles.length} files)`);
  process.exit(0);
};
if (await upToDate()) done();

// One build at a time: two test processes (npm test's lanes) or a test and `npm start` that find
// dist/ out of date together would both build, and the second's swap would take away, for a
// moment, the dist/ the first had just started a server from. The one that waited finds it built.
const lock = `${out}.lock`;
const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
for (;;) {
  try {
    await mkdir(lock);
    await writeFile(join(lock, 'pid'), String(process.pid));
    break;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    const holder = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => '0'));
    const age = Date.now() - ((await stat(lock).catch(() => null))?.mtimeMs ?? Date.now());
    // A lock left by a build that died (killed, crashed) is taken over; a live one is waited for.
    if ((holder && !isAlive(holder)) || (!holder && age > 30_000)) await rm(lock, { recursive: true, force: true });
    else await new Promise((wake) => setTimeout(wake, 100));
  }
}
const unlock = () => rm(lock, { recursive: true, force: true });
if (await upToDate()) {
  await unlock();
  done();
}
const { default: ts } = await import('typescript');
// Built beside dist/ and swapped in at the end: a server process starting meanwhile (another
// test file, `npm start`) finds the previous complete build, never a half-written one.
const building = `${out}.building-${process.pid}`;
await rm(building, { recursive: true, force: true });
let count = 0;
for (const file of sourceFiles) {
  const { outputText } = ts.transpileModule(await readFile(file, 'utf8'), {
    fileName: file,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
      sourceMap: false,
    },
  });
  const target = resolve(building, relative(src, file)).replace(/\.ts$/, '.js');
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, outputText);
  count += 1;
}
await writeFile(join(building, SOURCES), sources);
// Another build may swap its own in at the same moment: move whatever is there aside and retry.
for (let attempt = 1; ; attempt += 1) {
  const previous = `${out}.previous-${process.pid}-${attempt}`;
  await rename(out, previous).catch((error) => {
    if (error.code !== 'ENOENT') throw error;
  });
  try {
    await rename(building, out);
    await rm(previous, { recursive: true, force: true });
    break;
  } catch (error) {
    await rm(previous, { recursive: true, force: true });
    if (attempt >= 5 || (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST')) throw error;
  }
}
await unlock();
if (!quiet) console.log(`@pustak/server: ${count} files built into dist/ in ${Math.round(performance.now() - started)} ms`);
