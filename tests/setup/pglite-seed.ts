// The seeded example database for the test servers on PGlite (packages/server/test/helpers.ts),
// made once per Vitest run instead of once per test file: PGlite's initdb, the migrations and
// the seed cost seconds of the two cores each time, loading the copy well under one. Written to
// a temporary file, named to the tests with inject('pgliteSeed'), removed after the run.
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
import { buildSeededDump } from '@pustak/server/test/seeded-dump';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, seeded PGlite data directory (seeded as of NOW). */
    pgliteSeed?: string;
  }
}

/**
 * The seed in `dir`, built by whichever process asks first: the others wait for its file (or
 * its failure). A folder of the caller's own is simply built into.
 */
async function seedIn(dir: string): Promise<string> {
  const file = join(dir, 'seeded.tar');
  const failed = join(dir, 'failed');
  try {
    await (await open(join(dir, 'building'), 'wx')).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const deadline = Date.now() + 180_000;
    while (!existsSync(file)) {
      if (existsSync(failed)) throw new Error(`the seeded database could not be built: ${await readFile(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error('the seeded database was not built within 180 s');
      await sleep(100);
    }
    return file;
  }
  try {
    await writeFile(`${file}.part`, new Uint8Array(await (await buildSeededDump()).arrayBuffer()));
    await rename(`${file}.part`, file);
  } catch (error) {
    await writeFile(failed, String(error));
    throw error;
  }
  return file;
}

export default async function setup(project: TestProject) {
  // Run without scripts/test.mjs (a plain `vitest`): a folder of its own, removed after the run.
  const own = process.env.PUSTAK_TEST_SEED_DIR ? undefined : await mkdtemp(join(tmpdir(), 'pustak-seed-'));
  const removeOwn = async () => {
    if (own) await rm(own, { recursive: true, force: true });
  };
  try {
    project.provide('pgliteSeed', await seedIn(own ?? process.env.PUSTAK_TEST_SEED_DIR!));
  } catch (error) {
    await removeOwn();
    throw error;
  }
  return removeOwn;
}
