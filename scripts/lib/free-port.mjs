import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A port that is free right now on `host`, for a server that binds it a moment later (a child
 * process, Prism, PostgreSQL, a server restarted on the port it had).
 *
 * The port comes from below the OS's ephemeral range, never from it. Every `listen(0)` and every
 * outgoing connection on the machine takes its port from the ephemeral range, and one of them
 * can take a port freed a moment before: a test once saw another test's server answer on the
 * port it had been given for its own. Below that range only another caller of this function can
 * take the port, and it picks at random among some sixteen thousand and checks as well.
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export async function findFreePort(host = '127.0.0.1') {
  const [low, high] = BELOW_EPHEMERAL;
  for (let attempt = 0; high >= low && attempt < 100; attempt += 1) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await bindAndRelease(port, host)) return port;
  }
  return bindAndRelease(0, host); // a crowded machine, or no room below the range: the OS's choice
}

/** The ports drawn from: 16384 (1024 if the range starts lower) up to the ephemeral range's start. */
const BELOW_EPHEMERAL = (() => {
  let ephemeralLow = 49152; // IANA's dynamic range, where /proc does not say (not Linux)
  try {
    const [first] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(first) && first > 0) ephemeralLow = first;
  } catch {
    // not Linux
  }
  return [ephemeralLow > 16384 + 1024 ? 16384 : 1024, ephemeralLow - 1];
})();

/**
 * Binds `port` on `host` and releases it: the port bound (for 0, the one the OS chose), or 0 when
 * `port` is taken.
 * @param {number} port
 * @param {string} host
 * @returns {Promise<number>}
 */
function bindAndRelease(port, host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error) => {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (port !== 0 && (code === 'EADDRINUSE' || code === 'EACCES')) resolve(0);
      else reject(error);
    });
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}
