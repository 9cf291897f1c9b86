import type { Kysely, Transaction } from 'kysely';
import { CONFLICT_TRIES, isTransactionConflict, retryOnConflict } from '../db/availability.js';
import type { Database } from '../db/schema.js';
import type { Broadcaster, LiveMessage, Publish } from '../live/notifier.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either the database or a transaction on it: read rules take both. */
export type Queryable = Kysely<Database>;

/**
 * Runs `work` in one transaction. Live messages it publishes go out only with the commit
 * (NOTIFY inside the transaction on PostgreSQL, the hub after it on PGlite), so a refused or
 * failed request announces nothing; mails it queued (`{ mailId }`) are sent after the commit.
 */
export async function transact<T>(
  db: Db,
  broadcaster: Broadcaster | undefined,
  work: (tx: Tx, publish: Publish) => Promise<T>,
): Promise<T> {
  let pending: LiveMessage[] = [];
  let mails: string[] = [];
  const inTransaction = broadcaster?.publishInTransaction?.bind(broadcaster);
  const result = await runTransaction(db, async (tx) => {
    // A try PostgreSQL rolled back published nothing: only the last try's messages go out.
    pending = [];
    mails = [];
    const value = await work(tx, (message) => {
      if ('mailId' in message) mails.push(message.mailId);
      else pending.push(message);
    });
    if (inTransaction && pending.length > 0) await inTransaction(tx, pending);
    return value;
  });
  if (!inTransaction) {
    for (const { sender, text, userId } of pending) {
      if (userId) broadcaster?.sendToUser(userId, sender, text);
      else broadcaster?.broadcast(sender, text);
    }
  }
  if (mails.length > 0) await broadcaster?.deliverMail?.(mails);
  return result;
}

// Also what db/database.ts retries a statement outside a transaction on.
export { CONFLICT_TRIES, isTransactionConflict };

/**
 * Runs `work` in one transaction, and again from the start when PostgreSQL rolled it back for a
 * deadlock or a serialization failure (two transactions locking the same rows in opposite
 * orders, e.g. a verification and a genre change meeting in the sales figures): up to
 * CONFLICT_TRIES tries, each after a random pause that grows (so the two do not meet again in
 * step). The conflict is then another request's, never the caller's: answering it as a 500 would
 * be the server's bug. `work` must keep its effects inside the transaction, or redo them per try.
 * Every transaction of the server runs through here (eslint.config.js).
 */
export async function runTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  isolation?: 'repeatable read' | 'serializable',
): Promise<T> {
  return retryOnConflict(() => {
    const begin = db.transaction();
    return (isolation ? begin.setIsolationLevel(isolation) : begin).execute(work);
  });
}

/** PostgreSQL's unique_violation: two requests raced for the same unique value. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
