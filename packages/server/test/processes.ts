// The server as a real process (`node packages/server/dist/main.js`), as `npm run server`
// runs it: built once per test file, on a free loopback port, stopped even when a test fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
// @ts-expect-error plain ESM script without type declarations
import { findFreePort } from '@pustak/dev-tools/free-port';

const root = resolve(import.meta.dirname, '../../..');

/**
 * --liftoff-only: V8 compiles WebAssembly with its baseline compiler only. PGlite is a large
 * WebAssembly module, and by default V8 also recompiles its busy functions with the optimising
 * compiler in the background: that pays off in a server that runs for days, not in one a test
 * starts for seconds, initialising PGlite from scratch. Measured on the 2-core machine: a server
 * process to ready 5.7 to 4.2 CPU-s; the server suites (five such processes) 98.8 to 90.8 CPU-s.
 * Only here, never for the server a shop runs, nor for the Vitest processes, whose in-process
 * test servers answer the whole end to end's browser traffic (281.7 to 303.0 CPU-s with it).
 */
const NODE_FLAGS = ['--liftoff-only'];

let built: Promise<unknown> | undefined;

/** Transpiles packages/server once per test process. */
export const buildServer = () => (built ??= promisify(execFile)(process.execPath, [resolve(root, 'packages/server/build.mjs'), '--quiet']));

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

// main.ts sheds load by default (503 while the event loop lags over 1 s): on a busy CI machine a
// freshly started instance's first request was shed (pg-faults: "negotiate: 503"). Only a test
// about shedding (which names its limits) keeps it.
const NO_LOAD_SHEDDING = { MAX_EVENT_LOOP_DELAY_MS: '0', MAX_DB_WAITING: '0' };
const sheds = (env: Record<string, string>) => 'MAX_EVENT_LOOP_DELAY_MS' in env || 'MAX_DB_WAITING' in env;

/**
 * `niceness` (0 to 19) lowers the CPU priority of the server's main thread once it is ready (not
 * its start's, nor PGlite's thread's): on a machine busy with other work the thread that answers
 * HTTP gets the CPU last, so a load the test generates saturates the server, not the test's client.
 */
export async function startServerProcess({ args = [] as string[], env = {} as Record<string, string>, port = 0, niceness = 0 } = {}): Promise<ServerProcess> {
  await buildServer();
  const boundPort = port || (await findFreePort());
  const child = spawn(process.execPath, [...NODE_FLAGS, resolve(root, 'packages/server/dist/main.js'), '--port', String(boundPort), ...args], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, NODE_ENV: 'development', ...(sheds(env) ? {} : NO_LOAD_SHEDDING), ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    child.on('message', (message: { ready?: string }) => {
      if (message?.ready) {
        clearTimeout(timer);
        if (niceness) setPriority(child.pid!, niceness);
        done(message.ready);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    url,
    port: boundPort,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
