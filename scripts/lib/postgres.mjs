// A throwaway PostgreSQL: Debian's `postgresql` binaries, `initdb` into a temporary folder,
// `pg_ctl` on a free loopback port (its socket in that folder too), stopped and removed at the
// end, also when the process exits early. As root the cluster runs as the `postgres` user
// (PostgreSQL refuses to run as root). Used by the tests, `npm run server:cluster` and the bench.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from './free-port.mjs';

const run = promisify(execFile);

/**
 * The folder with initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/<version>/bin (15 or newer).
 * @returns {string | null}
 */
export function postgresBin() {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => /^\d+$/.test(v) && Number(v) >= 15).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) if (existsSync(join(base, version, 'bin/initdb'))) return join(base, version, 'bin');
  return null;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** @param {string} bin @param {string[]} args @returns {[string, string[]]} */
const command = (bin, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]);

/**
 * @typedef {object} PostgresCluster
 * @property {number} port
 * @property {(database?: string) => string} url postgres://postgres@127.0.0.1:<port>/<database>
 * @property {(name: string, template?: string) => Promise<string>} createDatabase creates a database (optionally a copy of a template); answers its URL
 * @property {(name: string) => Promise<void>} dropDatabase
 * @property {(statement: string, values?: unknown[]) => Promise<import('pg').QueryResult>} admin one statement on the `postgres` database
 * @property {() => Promise<void>} stop pg_ctl stop -m fast (the database goes down; `start` brings it back on the same port)
 * @property {() => Promise<void>} start
 * @property {() => Promise<void>} destroy stops the cluster and removes its folder
 */

/**
 * @param {{ settings?: string[] }} [options] extra `-c name=value` settings
 * @returns {Promise<PostgresCluster>}
 */
export async function startPostgres({ settings = [] } = {}) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: initdb and pg_ctl were not found (apt-get install -y postgresql).');
  const dir = await mkdtemp(join(tmpdir(), 'pustak-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  if (asRoot) {
    const user = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (user.status !== 0) throw new Error('Running as root, but there is no `postgres` user to run PostgreSQL as.');
    await chown(dir, Number(user.stdout.trim()), Number(group.stdout.trim()));
  }
  const port = await findFreePort();
  /** @param {string[]} args */
  const ctl = (args) => {
    const [file, argv] = command(join(bin, 'pg_ctl'), args);
    return run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
  };
  const stopSync = () => {
    const [file, argv] = command(join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    spawnSync(file, argv, { stdio: 'ignore' });
    spawnSync('rm', ['-rf', dir]);
  };
  // However the process ends (a failure, Ctrl-C, an uncaught error), the cluster goes with it.
  process.once('exit', stopSync);

  try {
    const [file, argv] = command(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    await run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    stopSync();
    throw error;
  }
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    // Throwaway data: speed over durability.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c shared_buffers=64MB',
    ...settings.map((s) => `-c ${s}`),
  ].join(' ');
  const start = async () => {
    await ctl(['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options]);
  };
  try {
    await start();
  } catch (error) {
    stopSync();
    throw error;
  }

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  /** @param {string} statement @param {unknown[]} [values] */
  const admin = async (statement, values = []) => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await client.query(statement, values);
    } finally {
      await client.end();
    }
  };
  let destroyed = false;
  return {
    port,
    url,
    admin,
    async createDatabase(name, template) {
      await admin(`create database "${name}"${template ? ` template "${template}"` : ''}`);
      return url(name);
    },
    async dropDatabase(name) {
      await admin(`drop database if exists "${name}" with (force)`);
    },
    async stop() {
      await ctl(['stop', '-D', dataDir, '-m', 'fast', '-w']);
    },
    start,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      process.removeListener('exit', stopSync);
      await ctl(['stop', '-D', dataDir, '-m', 'immediate', '-w']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
