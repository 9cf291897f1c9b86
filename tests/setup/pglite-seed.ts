// The seeded example database for the test servers on PGlite (tests/server/helpers.ts), made
// once per Vitest run instead of once per test file: PGlite's initdb, the migrations and the
// seed cost seconds of the two cores each time, loading the copy well under one. Written to a
// temporary file, named to the tests with inject('pgliteSeed'), removed after the run.
//
// `npm test` runs two Vitest processes side by side (scripts/test.mjs), and both need it: given
// PUSTAK_TEST_SEED_DIR (a folder test.mjs makes and removes), the first to get here builds it
// there and the other waits for that file, so it is built once per `npm test`.
import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';
import { buildSeededDump } from '../server/seeded-dump.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, seeded PGlite data directory (seeded as of NOW). */
    pgliteSeed?: string;
  }
}

const writeSeed = async (file: string) => {
  await writeFile(`${file}.part`, new Uint8Array(await (await buildSeededDump()).arrayBuffer()));
  await rename(`${file}.part`, file);
};

/** The seed in a folder shared with another Vitest process: built by whichever asks first. */
async function sharedSeed(dir: string): Promise<string> {
  const file = join(dir, 'seeded.tar');
  const failed = join(dir, 'failed');
  try {
    await (await open(join(dir, 'building'), 'wx')).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is building it: its file, or its failure, within the build's deadline.
    const deadline = Date.now() + 180_000;
    while (!existsSync(file)) {
      if (existsSync(failed)) throw new Error(`the seeded database could not be built: ${await readFile(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error('the seeded database was not built within 180 s');
      await sleep(100);
    }
    return file;
  }
  try {
    await writeSeed(file);
  } catch (error) {
    await writeFile(failed, String(error));
    throw error;
  }
  return file;
}

export default async function setup(project: TestProject) {
  const shared = process.env.PUSTAK_TEST_SEED_DIR;
  if (shared) {
    project.provide('pgliteSeed', await sharedSeed(shared));
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'pustak-seed-'));
  try {
    const file = join(dir, 'seeded.tar');
    await writeSeed(file);
    project.provide('pgliteSeed', file);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
