// Live notifications leave the server through this interface only. Rules hand their messages
// to `publish` inside their transaction, so a refused or rolled-back request announces nothing.
// On PGlite (one process) the broadcaster is the in-process hub and the messages go out after
// the commit. On PostgreSQL (any number of instances) it is LISTEN/NOTIFY (live/pg-fanout.ts):
// the messages are sent with NOTIFY inside the same transaction, which PostgreSQL delivers to
// every instance's listener at commit and drops on rollback. A message with a `userId` goes to
// that user's connections only (ReceiveUserMessage), on whichever instance they are.
import type { Transaction } from 'kysely';

/** ReceiveMessage(sender, text) to everyone, or ReceiveUserMessage(sender, text) to one user. */
export interface LiveMessage {
  sender: string;
  text: string;
  /** The one user it is meant for; absent: every client. */
  userId?: string | undefined;
}

/** A mail the transaction wrote to the outbox (mail/outbox.ts), sent once it commits. */
export interface QueuedMail {
  mailId: string;
}

export interface Broadcaster {
  /** Sends to every connected client (of this instance); returns how many received it. */
  broadcast(sender: string, text: string): number;
  /** Sends to this user's connections (of this instance); returns how many received it. */
  sendToUser(userId: string, sender: string, text: string): number;
  /**
   * When present, a transaction's messages are handed over here before it commits (and not
   * broadcast after it): the database delivers them on commit only.
   */
  publishInTransaction?(tx: Transaction<any>, messages: LiveMessage[]): Promise<void>;
  /** Sends the mails a transaction queued, after it committed (see MailDelivery.deliver). */
  deliverMail?(ids: readonly string[]): Promise<void>;
}

export type Publish = (message: LiveMessage | QueuedMail) => void;
