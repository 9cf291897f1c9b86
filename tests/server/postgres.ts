// A throwaway PostgreSQL for tests: Debian's `postgresql` binaries, `initdb` into a temporary
// folder, `pg_ctl` on a free loopback port (its socket in that folder too), stopped and
// removed at the end, also when a test fails or the process exits. As root the cluster runs
// as the `postgres` user (PostgreSQL refuses to run as root).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
// @ts-expect-error plain ESM script without type declarations
import { findFreePort } from '../../scripts/lib/free-port.mjs';

const run = promisify(execFile);

/** The folder with initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresBin(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => /^\d+$/.test(v) && Number(v) >= 15).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) if (existsSync(join(base, version, 'bin/initdb'))) return join(base, version, 'bin');
  return null;
}

export interface PostgresCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** Creates a database (optionally as a copy of a template); answers its URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /** Runs one statement on the `postgres` database. */
  admin(statement: string): Promise<pg.QueryResult>;
  /** pg_ctl stop -m fast, then start again on the same port (the database restarted). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy(): Promise<void>;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export async function startPostgres(): Promise<PostgresCluster> {
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
  const port: number = await findFreePort();
  const ctl = (args: string[]) => {
    const [file, argv] = command(join(bin, 'pg_ctl'), args);
    return run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
  };
  const stopSync = () => {
    const [file, argv] = command(join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    spawnSync(file, argv, { stdio: 'ignore' });
    spawnSync('rm', ['-rf', dir]);
  };
  // However the test process ends (a failure, Ctrl-C, an uncaught error), the cluster goes with it.
  process.once('exit', stopSync);

  {
    const [file, argv] = command(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    await run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
  }
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    // A test database: speed over durability.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c shared_buffers=64MB',
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
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await client.query(statement);
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

