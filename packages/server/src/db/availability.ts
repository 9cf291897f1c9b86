// Whether an error means "the database cannot be reached right now" (it is down, restarting or
// the pool cannot get a connection in time), as opposed to a bug or a refused statement. Such a
// request is answered with the contract's 503, at once; the pool reconnects by itself.

import { isStalePlan } from './statement-names.js';

/** SQLSTATE classes and codes: 08 connection exception, 57P01..57P05 shutdown, crash, starting up. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-5]|53300)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|not queryable|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  // AggregateError (several addresses refused) and wrapped errors.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}

/** PostgreSQL's deadlock_detected (40P01) and serialization_failure (40001): what failed was rolled back whole and may simply run again. */
export function isTransactionConflict(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001';
}

/** Tries of a transaction or a statement PostgreSQL rolls back for a conflict, the first included. */
export const CONFLICT_TRIES = 5;

/**
 * The pause before try `tried + 1`: random (so the two that met do not meet again in step) and
 * growing, at most 20, 40, 80, 160 ms.
 */
const conflictPause = (tried: number) => new Promise((done) => setTimeout(done, Math.random() * 10 * 2 ** tried));

/**
 * Runs `attempt` again while PostgreSQL rolls it back for a conflict, or a prepared statement of
 * it went stale (another instance changed a table's columns; database.ts names it anew), up to
 * CONFLICT_TRIES tries in all.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= CONFLICT_TRIES || !(isTransactionConflict(error) || isStalePlan(error))) throw error;
      await conflictPause(tried);
    }
  }
}
