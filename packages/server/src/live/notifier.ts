// Live notifications leave the server through this interface only. Rules hand their messages
// to `publish` inside their transaction, so a refused or rolled-back request announces nothing.
// On PGlite (one process) the broadcaster is the in-process hub and the messages go out after
// the commit. On PostgreSQL (any number of instances) it is LISTEN/NOTIFY (live/pg-fanout.ts):
// the messages are sent with NOTIFY inside the same transaction, which PostgreSQL delivers to
// every instance's listener at commit and drops on rollback.
import type { Transaction } from 'kysely';

/** ReceiveMessage(sender, text), the one event of the hub. */
export interface LiveMessage {
  sender: string;
  text: string;
}

export interface Broadcaster {
  /** Sends to every connected client (of this instance); returns how many received it. */
  broadcast(sender: string, text: string): number;
  /**
   * When present, a transaction's messages are handed over here before it commits (and not
   * broadcast after it): the database delivers them on commit only.
   */
  publishInTransaction?(tx: Transaction<any>, messages: LiveMessage[]): Promise<void>;
}

export type Publish = (message: LiveMessage) => void;
