// The stored notifications (what the hub announced live, kept for the list and the dashboard),
// and the one way to send a message to one user: hub, bell and e-mail together.
import { randomUUID } from 'node:crypto';
import type { Publish } from '../../live/notifier.js';
import type { Mail } from '../../mail/mailer.js';
import { queueMail } from '../../mail/outbox.js';
import type { Db, Tx } from '../../shared/context.js';

export const NOTIFICATION_LIST_LIMIT = 100;

/** The public notifications (the dashboard's and a guest's bell). */
export function recentNotifications(db: Db, limit = NOTIFICATION_LIST_LIMIT) {
  return db.selectFrom('notifications').select(['message', 'created_at']).where('user_id', 'is', null).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

/** The bell of a signed-in user: their own messages beside the public ones, newest first. */
export function notificationsFor(db: Db, userId: string, limit = NOTIFICATION_LIST_LIMIT) {
  return db
    .selectFrom('notifications')
    .select(['message', 'created_at', 'user_id'])
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface UserMessage {
  /** Whom it is for: their hub connections, their bell. */
  userId: string;
  /** The toast's title, e.g. "Order ready" (ReceiveUserMessage's sender). */
  sender: string;
  /** The text of the toast and of the bell's entry. */
  text: string;
  /** The e-mail that goes with it (shared/order-mail.ts's `orderMail` for an order), if any. */
  mail?: Mail | undefined;
}

/**
 * Sends a message to one user, inside the caller's transaction (run it with `transact`, which
 * hands out `publish`): it is stored for their bell (GET /notification/all lists it to them
 * only), goes to every hub connection of theirs on whichever instance (ReceiveUserMessage) and,
 * with `mail`, into the mail outbox. Nothing leaves before the commit, and a rollback sends
 * nothing: the live message travels with the commit, the mail is sent after it (and retried).
 *
 *   await transact(services.db, services.broadcaster, (tx, publish) =>
 *     messageUser(tx, publish, now, { userId, sender: 'Order ready', text, mail: orderMail({...}, services.shop) }));
 */
export async function messageUser(tx: Tx, publish: Publish, now: Date, message: UserMessage): Promise<void> {
  await tx.insertInto('notifications').values({ id: randomUUID(), message: message.text, created_at: now, user_id: message.userId }).execute();
  publish({ sender: message.sender, text: message.text, userId: message.userId });
  if (message.mail) publish({ mailId: await queueMail(tx, message.mail, now) });
}
