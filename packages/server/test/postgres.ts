// The throwaway PostgreSQL of @pustak/dev-tools/postgres (scripts/lib/postgres.mjs), typed for
// the tests: initdb into a temporary folder, pg_ctl on a free loopback port, stopped and removed
// at the end (also when the test process exits early).
import type pg from 'pg';
// @ts-expect-error plain ESM script without type declarations
import { postgresBin as bin, startPostgres as start } from '@pustak/dev-tools/postgres';

export interface PostgresCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** Creates a database (optionally as a copy of a template); answers its URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /** Runs one statement on the `postgres` database. */
  admin(statement: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** pg_ctl stop -m fast: the database goes down; `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy(): Promise<void>;
}

export const postgresBin: () => string | null = bin;
export const startPostgres: (options?: { settings?: string[] }) => Promise<PostgresCluster> = start;
