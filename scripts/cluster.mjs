#!/usr/bin/env node
// `npm run server:cluster -- --instances N`: N Pustak server instances on one PostgreSQL behind
// a small round-robin proxy, on one machine, so anyone can see several instances work together:
// sign in through one, order through another, hear the hub from any.
//
//   --instances N   how many instances (default 2)
//   --port P        the proxy's port, the one origin to use (default PORT or 3000)
//
// DATABASE_URL      use this PostgreSQL; without it a throwaway cluster is started (Debian's
//                   postgresql package: initdb + pg_ctl in a temporary folder, removed on exit)
// PUSTAK_JWT_SECRET the secret every instance shares (random for this run when unset)
// UPLOADS_DIR       the uploads folder every instance shares (a temporary one when unset)
//
// Ctrl-C (or SIGTERM) stops the proxy, then each instance gracefully, then the throwaway database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@pustak/dev-tools/free-port';
import { startPostgres } from '@pustak/dev-tools/postgres';
import { startRoundRobinProxy } from '@pustak/dev-tools/round-robin-proxy';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const instances = Number(option('instances', 2));
const port = Number(option('port', process.env.PORT ?? 3000));
if (!Number.isInteger(instances) || instances < 1 || instances > 16) fail('--instances must be a whole number from 1 to 16.');
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a port number.');

function fail(message) {
  console.error(`\nPustak cluster: ${message}\n`);
  process.exit(1);
}

/** Everything to undo, last first. */
const undo = [];
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const step of undo.reverse()) await step().catch((error) => console.error(error.message));
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

try {
  const build = spawn(process.execPath, [join(root, 'packages/server/build.mjs'), '--quiet'], { stdio: 'inherit' });
  if ((await new Promise((done) => build.on('exit', done))) !== 0) throw new Error('the server build failed');

  let databaseUrl = process.env.DATABASE_URL;
  let where = 'DATABASE_URL';
  if (!databaseUrl) {
    const cluster = await startPostgres();
    undo.push(() => cluster.destroy());
    databaseUrl = await cluster.createDatabase('pustak');
    where = `a throwaway PostgreSQL on 127.0.0.1:${cluster.port} (removed on exit)`;
  }
  const secret = process.env.PUSTAK_JWT_SECRET ?? randomBytes(32).toString('base64url');
  let uploadsDir = process.env.UPLOADS_DIR;
  if (!uploadsDir) {
    const dir = await mkdtemp(join(tmpdir(), 'pustak-cluster-uploads-'));
    undo.push(() => rm(dir, { recursive: true, force: true }));
    uploadsDir = dir;
  }

  const upstreams = [];
  const children = [];
  undo.push(() =>
    Promise.all(
      children.map(
        (child) =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done(undefined);
            child.once('exit', done);
            child.kill('SIGTERM');
          }),
      ),
    ),
  );
  // One after the other: the first migrates and seeds (the others would wait on its locks anyway).
  for (let n = 1; n <= instances; n += 1) {
    const instancePort = await findFreePort();
    const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js'), '--port', String(instancePort)], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development', DATABASE_URL: databaseUrl, PUSTAK_JWT_SECRET: secret, UPLOADS_DIR: uploadsDir },
    });
    children.push(child);
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) if (line.trim() && ready) out.write(`[instance ${n}] ${line}\n`);
      });
    };
    let ready = false;
    let early = '';
    child.stderr.on('data', (chunk) => !ready && (early += chunk));
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    await new Promise((done, failed) => {
      child.on('message', (message) => message?.ready && done(undefined));
      child.on('exit', (code) => (ready ? undefined : failed(new Error(`instance ${n} exited (${code}) before it was ready:\n${early}`))));
    });
    ready = true;
    child.on('exit', (code, signal) => !stopping && console.error(`[instance ${n}] exited (${signal ?? code}); the proxy sends its requests to the others`));
    upstreams.push({ host: '127.0.0.1', port: instancePort });
  }

  const proxy = await startRoundRobinProxy({ upstreams, port });
  undo.push(() => proxy.close());
  console.log(`
  Pustak cluster: ${instances} instance${instances === 1 ? '' : 's'} on PostgreSQL behind a round-robin proxy

  Open        ${proxy.url}            (API ${proxy.url}/api, hub ${proxy.url}/hubs/notification)
  Instances   ${upstreams.map((u) => `127.0.0.1:${u.port}`).join(', ')}   (each answers /healthz and /readyz)
  Database    ${where}
  Uploads     ${uploadsDir}   (shared by every instance)

  Demo accounts (password pustak123): admin, staff, sita. Ctrl-C stops everything.
`);
} catch (error) {
  console.error(`\nPustak cluster: ${error instanceof Error ? error.message : String(error)}\n`);
  await stop(1);
}
