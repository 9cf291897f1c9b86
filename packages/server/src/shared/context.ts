import type { Kysely, Transaction } from 'kysely';
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
  const pending: LiveMessage[] = [];
  const mails: string[] = [];
  const inTransaction = broadcaster?.publishInTransaction?.bind(broadcaster);
  const result = await db.transaction().execute(async (tx) => {
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

/** PostgreSQL's unique_violation: two requests raced for the same unique value. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
