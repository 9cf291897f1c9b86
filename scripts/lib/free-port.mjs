import { createServer } from 'node:net';

/**
 * Asks the OS for a port that is free right now on `host`. Another process may still take it
 * before the caller binds it, so callers that hand the port to a child process should retry
 * when the child reports EADDRINUSE.
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export function findFreePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
