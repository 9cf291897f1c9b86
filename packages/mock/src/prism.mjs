// Runs Stoplight Prism as a child process on a free loopback port: in mock mode (answers come
// from the contract's examples), or in proxy mode in front of a real backend (answers come from
// the backend, and Prism reports where requests and responses break the contract), and turns its console output into a clear start-up
// result: ready, or an Error that carries Prism's own reason.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { findFreePort } from '@pustak/dev-tools/free-port';

/** @typedef {{ info(...args: unknown[]): void, warn(...args: unknown[]): void, error(...args: unknown[]): void }} Logger */
/** @typedef {{ url: string, port: number, stop(): Promise<void> }} PrismProcess */

const HOST = '127.0.0.1';
const PORT_ATTEMPTS = 3;
const KEPT_OUTPUT_LINES = 200;
const KILL_GRACE_MS = 3_000;

const require = createRequire(import.meta.url);
const prismPackage = require.resolve('@stoplight/prism-cli/package.json');
const PRISM_BIN = resolve(dirname(prismPackage), require(prismPackage).bin.prism);
// A file URL, not a path: --import reads Windows paths as URLs with a drive-letter scheme.
const EXIT_WITH_PARENT = new URL('./exit-with-parent.mjs', import.meta.url).href;

class PrismStartError extends Error {
  /** @param {string} message @param {boolean} portTaken */
  constructor(message, portTaken) {
    super(message);
    this.name = 'PrismStartError';
    this.portTaken = portTaken;
  }
}

/**
 * Starts Prism on the contract and resolves once it listens. A port picked by findFreePort can
 * be taken by someone else before Prism binds it (parallel test files), so that case is retried
 * on a new port; every other failure rejects with Prism's reason.
 * @param {{ specPath: string, log: Logger, timeoutMs?: number, upstream?: string }} options
 *   upstream: the backend's API base URL for proxy mode; absent = mock mode
 * @returns {Promise<PrismProcess>}
 */
export async function startPrism({ specPath, log, timeoutMs = 30_000, upstream }) {
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort(HOST);
    try {
      return await launch({ specPath, port, log, timeoutMs, upstream });
    } catch (error) {
      if (!(error instanceof PrismStartError && error.portTaken) || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

/**
 * @param {{ specPath: string, port: number, log: Logger, timeoutMs: number, upstream?: string }} options
 * @returns {Promise<PrismProcess>}
 */
function launch({ specPath, port, log, timeoutMs, upstream }) {
  const mode = upstream ? ['proxy', specPath, upstream] : ['mock', specPath];
  const args = ['--import', EXIT_WITH_PARENT, PRISM_BIN, ...mode, '--port', String(port), '--host', HOST];
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  /** Prism's recent lines: the log (with the fatal reason) on stdout, usage and dumps on stderr. */
  const output = { stdout: /** @type {string[]} */ ([]), stderr: /** @type {string[]} */ ([]) };
  let settled = false;
  let ready = false;
  let stopping = false;
  /** Resolves once Prism has exited and its output has been read to the end. */
  const closed = new Promise((done) => child.once('close', () => done(undefined)));
  // Ends Prism with this process on a normal exit; exit-with-parent.mjs covers hard kills.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  return new Promise((resolveStart, rejectStart) => {
    /** @param {PrismStartError} error */
    const fail = async (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // Reject only once Prism is gone, so a failed start leaves no process behind.
      child.kill('SIGKILL');
      await closed;
      rejectStart(error);
    };
    const deadline = setTimeout(() => {
      const limit = timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
      fail(new PrismStartError(`Prism did not report "Prism is listening" within ${limit}.${describeOutput(output.stdout)}`, false));
    }, timeoutMs);

    /** @param {string[]} lines @param {string} raw */
    const onLine = (lines, raw) => {
      const line = cleanLine(raw);
      lines.push(line);
      if (lines.length > KEPT_OUTPUT_LINES) lines.shift();
      if (!settled && line.includes('Prism is listening on')) {
        settled = true;
        ready = true;
        clearTimeout(deadline);
        resolveStart({ url: `http://${HOST}:${port}`, port, stop });
      } else if (ready && /[✖⚠]/.test(line)) {
        // Validation failures explain a 4xx that the caller may not expect; keep them visible.
        log.info(`prism: ${line}`);
      }
    };
    createInterface({ input: child.stdout }).on('line', (line) => onLine(output.stdout, line));
    createInterface({ input: child.stderr }).on('line', (line) => onLine(output.stderr, line));

    child.once('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      process.off('exit', killOnExit);
      rejectStart(new PrismStartError(`Could not run Prism (${PRISM_BIN}): ${error.message}`, false));
    });
    child.once('close', (code, signal) => {
      process.off('exit', killOnExit);
      if (!settled) {
        const reason = prismFailureReason(output);
        const portTaken = reason.includes('EADDRINUSE');
        fail(new PrismStartError(`Prism could not start on ${specPath} (exit ${signal ?? code}): ${reason}`, portTaken));
      } else if (ready && !stopping) {
        const message = `Prism stopped (${signal ?? `exit ${code}`}); /api requests now answer 502.`;
        if (signal === 'SIGINT' || signal === 'SIGTERM') log.info(message);
        else log.warn(message);
      }
    });
  });

  async function stop() {
    stopping = true;
    const grace = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    child.kill('SIGTERM'); // a no-op once Prism has exited
    await closed;
    clearTimeout(grace);
    process.off('exit', killOnExit);
  }
}

/** @param {string} raw */
function cleanLine(raw) {
  return raw
    .replace(/\x1b\[[0-9;]*m/g, '')
    .replace(/^\[[^\]]*\]\s*›\s*/, '')
    .trimEnd();
}

/**
 * Prism logs its reason on stdout, on the "fatal" line and sometimes the lines after it; on
 * stderr it prints its usage text and a dump of the error, whose first line is the reason when
 * the fatal line is empty (EADDRINUSE).
 * @param {{ stdout: string[], stderr: string[] }} output
 */
function prismFailureReason({ stdout, stderr }) {
  const fatal = stdout.findIndex((line) => /\bfatal\b/.test(line));
  const logged = fatal === -1 ? [] : [stdout[fatal].replace(/^.*?\bfatal\b/, ''), ...stdout.slice(fatal + 1)];
  const reason = logged
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ')
    // Prism's parser errors repeat their own prefix ("Error parsing x: Error parsing x: ...").
    .replace(/^(.+?: )\1/, '$1');
  if (reason) return reason;
  const usageEnd = stderr.findIndex((line) => line.trimStart().startsWith('--seed'));
  const dumped = stderr.slice(usageEnd + 1).find((line) => line.trim() && line.trim() !== '{');
  return dumped?.trim() ?? ([...stdout, ...stderr].slice(-20).join('\n') || 'no output');
}

/** @param {string[]} output */
function describeOutput(output) {
  return output.length ? ` Last output:\n${output.slice(-20).join('\n')}` : ' It printed nothing.';
}
