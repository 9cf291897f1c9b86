#!/usr/bin/env node
// `npm run backup` and `npm run restore`: a shop's database and uploaded covers, in one folder.
//
//   npm run backup [-- --out <folder>]     default ./backups/pustak-<date>-<time>
//   npm run restore -- <folder>
//
// Configured like the server (DATABASE_URL, DATA_DIR, UPLOADS_DIR):
// - PostgreSQL: pg_dump's custom format (database.pgdump), a consistent snapshot taken while the
//   instances keep running; restore (pg_restore --clean) replaces the database's tables, so stop
//   the instances first and start them after. pg_dump and pg_restore come from PATH or PG_BIN (Debian:
//   /usr/lib/postgresql/15/bin), of the server's major version or newer.
// - PGlite: its data folder, as PGlite's own tarball (pglite.tar.gz). PGlite is one process's
//   database: stop the server, back up, start it again (backup and restore refuse while a server
//   runs on the folder).
// - The uploaded covers (uploads/), copied as they are.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { runningServer } from './server-lock.js';

const run = promisify(execFile);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Manifest {
  format: 'pustak-backup-1';
  createdAt: string;
  database: 'postgres' | 'pglite';
}

function fail(message: string): never {
  console.error(`\nPustak ${process.argv[2] ?? 'backup'}: ${message}\n`);
  process.exit(1);
}

function where() {
  const dataDir = resolve(process.env.DATA_DIR ?? join(repoRoot, '.data'));
  return {
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir,
    pgliteDir: join(dataDir, 'db'),
    uploadsDir: process.env.UPLOADS_DIR ? resolve(process.env.UPLOADS_DIR) : join(dataDir, 'uploads'),
  };
}

/** pg_dump or pg_restore: PG_BIN, then PATH, then Debian's newest. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const dirs = [process.env.PG_BIN, ...(process.env.PATH ?? '').split(':')].filter(Boolean) as string[];
  for (const dir of dirs) if (existsSync(join(dir, name))) return join(dir, name);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const version of readdirSync(base).sort((a, b) => Number(b) - Number(a))) {
      if (existsSync(join(base, version, 'bin', name))) return join(base, version, 'bin', name);
    }
  }
  fail(`${name} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) or set PG_BIN.`);
}

async function refuseWhileRunning(dataDir: string) {
  const pid = await runningServer(dataDir);
  if (pid) fail(`a Pustak server (process ${pid}) is using ${dataDir}. PGlite is one process's database: stop the server, run this again, then start it.`);
}

async function backup(out: string) {
  const { databaseUrl, dataDir, pgliteDir, uploadsDir } = where();
  if (existsSync(out) && readdirSync(out).length > 0) fail(`${out} is not empty; give another --out.`);
  await mkdir(out, { recursive: true });
  let database: Manifest['database'];
  if (databaseUrl) {
    database = 'postgres';
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(out, 'database.pgdump')}`, databaseUrl]).catch((error: Error) =>
      fail(`pg_dump failed: ${error.message}`),
    );
  } else {
    database = 'pglite';
    if (!existsSync(join(pgliteDir, 'PG_VERSION'))) fail(`no PGlite database in ${pgliteDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
    await refuseWhileRunning(dataDir);
    const pglite = new PGlite({ dataDir: pgliteDir, extensions: { pg_trgm } });
    try {
      // Dumping before PGlite is ready never settles.
      await pglite.waitReady;
      const tarball = await pglite.dumpDataDir('gzip');
      await writeFile(join(out, 'pglite.tar.gz'), Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  }
  if (existsSync(uploadsDir)) await cp(uploadsDir, join(out, 'uploads'), { recursive: true });
  else await mkdir(join(out, 'uploads'));
  const manifest: Manifest = { format: 'pustak-backup-1', createdAt: new Date().toISOString(), database };
  await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Pustak backup: the ${database === 'postgres' ? 'PostgreSQL database' : 'PGlite database'} and ${readdirSync(join(out, 'uploads')).length} uploaded covers in ${out}`);
}

async function restore(from: string) {
  const manifest = JSON.parse(await readFile(join(from, 'manifest.json'), 'utf8').catch(() => fail(`${from} has no manifest.json: not a Pustak backup.`))) as Manifest;
  if (manifest.format !== 'pustak-backup-1') fail(`${from} is a backup in an unknown format (${String(manifest.format)}).`);
  const { databaseUrl, dataDir, pgliteDir, uploadsDir } = where();
  if (manifest.database === 'postgres') {
    if (!databaseUrl) fail('this backup is of a PostgreSQL database: set DATABASE_URL to the database to restore it into.');
    await run(pgTool('pg_restore'), ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${databaseUrl}`, join(from, 'database.pgdump')]).catch(
      (error: Error) => fail(`pg_restore failed: ${error.message}`),
    );
  } else {
    if (databaseUrl) fail('this backup is of a PGlite database: unset DATABASE_URL (it restores into DATA_DIR).');
    await refuseWhileRunning(dataDir);
    const tarball = new Blob([await readFile(join(from, 'pglite.tar.gz'))]);
    await rm(pgliteDir, { recursive: true, force: true });
    await mkdir(pgliteDir, { recursive: true });
    const pglite = new PGlite({ dataDir: pgliteDir, loadDataDir: tarball, extensions: { pg_trgm } });
    await pglite.waitReady;
    await pglite.close();
  }
  await rm(uploadsDir, { recursive: true, force: true });
  await cp(join(from, 'uploads'), uploadsDir, { recursive: true });
  console.log(`Pustak restore: the ${manifest.database === 'postgres' ? 'PostgreSQL database' : 'PGlite database'} and the uploaded covers of ${manifest.createdAt} restored`);
}

const [command, ...rest] = process.argv.slice(2);
const option = (name: string) => {
  const index = rest.indexOf(`--${name}`);
  return index >= 0 ? rest[index + 1] : undefined;
};
if (command === 'backup') {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  await backup(resolve(option('out') ?? join(process.cwd(), 'backups', `pustak-${stamp}`)));
} else if (command === 'restore') {
  const from = rest.find((a) => !a.startsWith('--'));
  if (!from) fail('say which backup: npm run restore -- <folder>');
  await restore(resolve(from));
} else {
  fail('usage: backup.js backup [--out <folder>] | backup.js restore <folder>');
}
