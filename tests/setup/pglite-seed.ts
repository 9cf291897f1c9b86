// The seeded example database for the test servers on PGlite (tests/server/helpers.ts), made
// once per Vitest run instead of once per test file: PGlite's initdb, the migrations and the
// seed cost seconds of the two cores each time, loading the copy well under one. Written to a
// temporary file, named to the tests with inject('pgliteSeed'), removed after the run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSeededDump } from '../server/seeded-dump.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, seeded PGlite data directory (seeded as of NOW). */
    pgliteSeed?: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'pustak-seed-'));
  try {
    const file = join(dir, 'seeded.tar');
    await writeFile(file, new Uint8Array(await (await buildSeededDump()).arrayBuffer()));
    project.provide('pgliteSeed', file);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
