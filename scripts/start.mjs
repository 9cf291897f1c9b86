#!/usr/bin/env node
// `npm start`: the real store on one origin, http://localhost:5173. The Pustak server runs on
// PGlite under .data/ (data survives a restart; `npm start -- --reset` starts over) and the
// web app's dev server proxies /api, /hubs, /uploads, /__dev and /metrics to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@pustak/dev-tools/free-port';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = resolve(root, 'packages/web');
const webPort = Number(process.env.PORT ?? 5173);
const serverPort = Number(process.env.SERVER_PORT ?? 0) || (await findFreePort());
const origin = `http://localhost:${webPort}`;
const started = performance.now();

// The server is TypeScript; its build is a quick transpile.
const build = spawn(process.execPath, [resolve(root, 'packages/server/build.mjs'), '--quiet'], { stdio: 'inherit' });
if ((await new Promise((done) => build.on('exit', done))) !== 0) process.exit(1);

const serverArgs = [resolve(root, 'packages/server/dist/main.js'), '--port', String(serverPort)];
if (process.argv.includes('--reset')) serverArgs.push('--reset');
const server = spawn(process.execPath, serverArgs, {
  stdio: ['inherit', 'pipe', 'inherit', 'ipc'],
  env: { ...process.env, NODE_ENV: 'development', PUBLIC_URL: process.env.PUBLIC_URL ?? origin },
});
// The server's own banner names its port; ours names the one origin to open. Later lines
// (the dev outbox, warnings) pass through.
let bannerDone = false;
server.stdout.on('data', (chunk) => {
  if (bannerDone) process.stdout.write(chunk);
});
const ready = await new Promise((done) => {
  server.on('message', (message) => message?.ready && done(message.ready));
  server.on('exit', () => done(null));
});
if (!ready) {
  console.error('\nThe Pustak server did not start (see above).');
  process.exit(1);
}
bannerDone = true;

process.env.PUSTAK_API_URL = ready;
const { createServer } = await import('vite');
let web;
try {
  web = await createServer({
    root: webRoot,
    configFile: resolve(webRoot, 'vite.config.ts'),
    server: { port: webPort, strictPort: true },
  });
  await web.listen();
} catch (error) {
  console.error(`\nCould not start the web app on port ${webPort}: ${error instanceof Error ? error.message : error}`);
  server.kill('SIGTERM');
  process.exit(1);
}

console.log(`
  Pustak is running (ready in ${Math.round(performance.now() - started)} ms)

  Store     ${origin}
  API       ${origin}/api   (the Pustak server, PGlite in .data/)
  Live hub  ${origin}/hubs/notification
  Outbox    ${origin}/__dev/outbox   (one-time codes and order e-mails land here)
  Metrics   ${origin}/metrics   (Prometheus text; the server's log is below, a line per request)

  Demo accounts, password pustak123: admin, staff, sita.
  npm start -- --reset starts over with the demo data. Ctrl-C stops everything.
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  // A server that has not stopped in 10 s is stopped outright: npm start never leaves one behind.
  const late = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await Promise.allSettled([web.close(), exited]);
  clearTimeout(late);
  process.exit(0);
}
// The terminal or pipe we write the server's lines to may be gone (its reader killed with us):
// that is no reason to stop reading the server's output, which it waits on to stop.
process.stdout.on('error', () => {});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  if (stopping) return;
  console.error(`\nThe Pustak server stopped (exit code ${code}).`);
  void web.close().then(() => process.exit(1));
});
