// Global setup of the `server-pg` project: one throwaway PostgreSQL cluster for every file of
// the project (the suites' servers each get a fresh database copied from a seeded template).
// Stopped in the teardown, and by an exit hook if the run dies before it.
import type { TestProject } from 'vitest/node';
import { startPostgres, type PostgresCluster } from './postgres.js';

let cluster: PostgresCluster | undefined;

export default async function setup(project: TestProject) {
  cluster = await startPostgres();
  project.provide('postgres', { adminUrl: cluster.url(), port: cluster.port });
  return async () => {
    await cluster?.destroy();
  };
}
