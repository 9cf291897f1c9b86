// Reliable e-mail (issue 29, part 3). A mail is a row of mail_outbox written in the transaction
// of its event (`queueMail`), so a rolled-back order mails nothing and a committed one cannot
// lose its mail. After the commit the instance that wrote it sends it at once (`deliver`, by
// id); a mail the transport refused, or one whose instance died first, is left to the sweep,
// which any instance runs every few seconds and which tries again with a growing delay.
//
// Sending is claimed, never assumed: an instance takes a row by setting `claimed_until` (a
// lease) in one UPDATE over rows locked FOR UPDATE SKIP LOCKED, so two instances never hold the
// same row, and only the holder marks it sent. A process that dies after the SMTP server took
// the mail but before marking it sent leaves the row to be sent again once the lease runs out:
// at least once, never lost; the Message-ID (the row's id) stays the same, so mail clients and
// servers can tell the copy (docs/decisions.md).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import type { Mail, Mailer } from './mailer.js';

type Db = Kysely<Database>;

export interface MailDeliveryOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: { info(message: string): void; warn(message: string): void };
  /** How long a claim holds a row: longer than a send can take (the SMTP timeouts). */
  leaseMs?: number;
  /** The first retry's delay; each next one doubles, up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** After this many tries a mail is left unsent (and logged). */
  maxAttempts?: number;
  /** How often the sweep looks for mails due (again); 0: no sweep timer. */
  sweepEveryMs?: number;
}

export interface MailDelivery {
  /**
   * Sends these queued mails now (after their transaction committed). Awaited only where the
   * transport is the in-process dev outbox, so a test or a developer finds the mail there when
   * the request answers; over SMTP it runs in the background: a mail server that is down or slow
   * never fails or slows the request. Never rejects.
   */
  deliver(ids: readonly string[]): Promise<void>;
  /**
   * A new mail's outbox row claimed by this instance as it is written ({@link outboxRow} with
   * the first try's lease), so sending it after the commit needs no claiming statement.
   */
  claimedRow(mail: Mail, now: Date): ClaimedOutboxRow;
  /** {@link MailDelivery.deliver} for rows written by {@link MailDelivery.claimedRow}, committed. */
  deliverClaimed(rows: readonly ClaimedOutboxRow[]): Promise<void>;
  /** Sends every mail due (a retry, or one whose sender died); answers how many went out. */
  sweep(): Promise<number>;
  /** Starts the sweep timer (settings: sweepEveryMs). */
  start(): void;
  /** Stops the timer and waits for sends under way. */
  stop(): Promise<void>;
}

export const MAIL_DEFAULTS = {
  leaseMs: 120_000,
  retryDelayMs: 30_000,
  maxRetryDelayMs: 3_600_000,
  maxAttempts: 20,
  sweepEveryMs: 10_000,
};

/** How long a sent mail waits for others to be marked sent with it. */
const MARK_AFTER_MS = 20;

/**
 * A new row's first sweep comes this late, so another instance's sweep does not take a mail
 * its own instance is sending at that moment (it would land in that instance's dev outbox).
 */
export const FIRST_SWEEP_AFTER_MS = 60_000;

/** A mail's new outbox row (with a new id), for {@link queueMail} or a statement that writes it with its event's rows. */
export function outboxRow(mail: Mail, now: Date) {
  return {
    id: randomUUID(),
    recipient: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    created_at: now,
    next_attempt_at: new Date(now.getTime() + FIRST_SWEEP_AFTER_MS),
  };
}

/** An outbox row written already claimed (its first try taken, leased until `claimed_until`), for {@link MailDelivery.deliverClaimed}. */
export type ClaimedOutboxRow = ReturnType<typeof outboxRow> & { attempts: number; claimed_until: Date };

/** Writes a mail to the outbox in the caller's transaction; answers its id for `deliver`. */
export async function queueMail(tx: Transaction<Database>, mail: Mail, now: Date): Promise<string> {
  const row = outboxRow(mail, now);
  await tx.insertInto('mail_outbox').values(row).execute();
  return row.id;
}

/** The delay before try `attempts + 1`: retryDelayMs, doubled per try, capped. */
export function retryDelay(attempts: number, retryDelayMs: number, maxRetryDelayMs: number): number {
  return Math.min(retryDelayMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)), maxRetryDelayMs);
}

export function createMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { db, mailer, clock, log } = options;
  const settings = { ...MAIL_DEFAULTS, ...definedOnly(options) };
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let sweeping = false;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };

  /** Claims free rows (these ids, or every one due) with a lease; answers the claimed rows. */
  async function claim(ids: readonly string[] | 'due') {
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + settings.leaseMs);
    type Claimed = { id: string; recipient: string; subject: string; text_body: string; html_body: string | null; attempts: number; created_at: Date };
    const free = sql`sent_at is null and (claimed_until is null or claimed_until < ${now})`;
    // Given ids (a request's own mails, just committed) are claimed by their keys; the
    // sweep's search for rows due, ordered and limited, planned at twice the cost, is the sweep's only.
    const { rows } = ids === 'due'
      ? await sql<Claimed>`
        update mail_outbox set claimed_until = ${leaseUntil}, attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where ${free} and next_attempt_at <= ${now} and attempts < ${settings.maxAttempts}
          order by created_at, id limit 50
          for update skip locked)
        returning id, recipient, subject, text_body, html_body, attempts, created_at`.execute(db)
      : await sql<Claimed>`
        update mail_outbox set claimed_until = ${leaseUntil}, attempts = attempts + 1
        where id = any(${[...ids]}::uuid[]) and ${free}
        returning id, recipient, subject, text_body, html_body, attempts, created_at`.execute(db);
    return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async function send(row: Awaited<ReturnType<typeof claim>>[number]): Promise<boolean> {
    try {
      await mailer.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body ?? undefined, messageId: `<${row.id}@pustak.outbox>` });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = retryDelay(row.attempts, settings.retryDelayMs, settings.maxRetryDelayMs);
      const last = row.attempts >= settings.maxAttempts;
      log.warn(`mail to ${row.recipient} failed (try ${row.attempts}): ${message}; ${last ? 'giving up' : `trying again in ${Math.round(delay / 1000)} s`}`);
      await db
        .updateTable('mail_outbox')
        .set({ claimed_until: null, last_error: message.slice(0, 1000), next_attempt_at: new Date(clock.now().getTime() + delay) })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    // Marked sent in the background, together with the mails sent around it: nothing waits for
    // the mark (stop() does). A process that dies first sends the mail again after its lease.
    void track(markSent(row.id).catch((error: unknown) => log.warn(`mail outbox: marking a mail to ${row.recipient} sent failed (${error instanceof Error ? error.message : String(error)}); it is sent again after its lease`)));
    return true;
  }

  // A mail sent is marked by a statement that starts MARK_AFTER_MS later, with every mail sent
  // meanwhile and while it runs: under load (every placed order sends one) one statement for
  // many mails instead of one each. On PGlite one update per order was an eighth of an order's cost.
  let sentQueue: { id: string; done: () => void; failed: (error: unknown) => void }[] = [];
  let marking = false;
  const markSent = (id: string) =>
    new Promise<void>((done, failed) => {
      sentQueue.push({ id, done, failed });
      if (marking) return;
      marking = true;
      setTimeout(() => void markQueued(), MARK_AFTER_MS);
    });
  async function markQueued() {
    while (sentQueue.length > 0) {
      const batch = sentQueue;
      sentQueue = [];
      try {
        // A plain statement: Kysely's builder took more CPU than the update (a placed order's profile).
        await sql`update mail_outbox set sent_at = ${clock.now()}, claimed_until = null, last_error = null where id = any(${batch.map((m) => m.id)}::uuid[])`.execute(db);
        for (const mail of batch) mail.done();
      } catch (error) {
        for (const mail of batch) mail.failed(error);
      }
    }
    marking = false;
  }

  async function sendAll(rows: readonly Parameters<typeof send>[0][]): Promise<number> {
    let sent = 0;
    for (const row of rows) if (await send(row)) sent += 1;
    return sent;
  }

  const sendClaimed = async (ids: readonly string[] | 'due') => sendAll(await claim(ids));

  /** Never rejects: a database error leaves the rows to the next sweep. */
  const safely = (work: () => Promise<number>) =>
    work().catch((error: unknown) => {
      log.warn(`mail outbox: ${error instanceof Error ? error.message : String(error)}; the sweep tries again`);
      return 0;
    });

  /** Awaited only where the transport is the in-process dev outbox (see {@link MailDelivery.deliver}). */
  async function sendNow(work: () => Promise<number>): Promise<void> {
    const sending = track(safely(work));
    if (mailer.outbox) await sending;
  }

  const delivery: MailDelivery = {
    deliver: (ids) => (ids.length === 0 ? Promise.resolve() : sendNow(() => sendClaimed(ids))),
    claimedRow: (mail, now) => ({ ...outboxRow(mail, now), attempts: 1, claimed_until: new Date(now.getTime() + settings.leaseMs) }),
    deliverClaimed: (rows) => (rows.length === 0 ? Promise.resolve() : sendNow(() => sendAll(rows))),
    sweep: () => track(safely(() => sendClaimed('due'))),
    start() {
      if (settings.sweepEveryMs <= 0 || timer) return;
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        void delivery.sweep().finally(() => (sweeping = false));
      }, settings.sweepEveryMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await Promise.allSettled([...inFlight]);
    },
  };
  return delivery;
}

function definedOnly(options: MailDeliveryOptions): Partial<typeof MAIL_DEFAULTS> {
  return Object.fromEntries(Object.entries(options).filter(([key, value]) => key in MAIL_DEFAULTS && value !== undefined));
}
