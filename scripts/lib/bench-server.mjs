// The server as the benches run it: built (packages/server/dist), with the modules a bench seeds
// its database and signs its tokens with, and Node processes that say over IPC when they are ready.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { run } from './run.mjs';

/**
 * Builds the server and loads what a bench needs of it.
 * @param {string} root the repository's folder
 */
export async function buildServer(root) {
  await run(process.execPath, [join(root, 'packages/server/build.mjs'), '--quiet']);
  const { openDatabase } = await import(join(root, 'packages/server/dist/db/database.js'));
  const { hashPassword } = await import(join(root, 'packages/server/dist/auth/passwords.js'));
  const { createTokenService } = await import(join(root, 'packages/server/dist/auth/tokens.js'));
  const { sql } = await import('kysely');
  return { openDatabase, hashPassword, createTokenService, sql };
}

/**
 * A Node process with an IPC channel, answered once it sends `{ ready }`.
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
export function startNode(args, env = {}) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  return new Promise((done, fail) => {
    child.on('message', (m) => m?.ready && done(child));
    child.on('exit', (code) => fail(new Error(`a bench process exited early (${code})`)));
  });
}

/**
 * Stops a process (SIGTERM) and waits for it to exit.
 * @param {import('node:child_process').ChildProcess} child
 */
export function stopNode(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });
}
