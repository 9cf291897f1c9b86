// How an e-mail leaves the server once the outbox (mail/outbox.ts) hands it over: with SMTP_URL
// through nodemailer; in development into the dev outbox (printed, and readable at
// GET /__dev/outbox). Nothing here is called by a request: the outbox sends after the commit,
// and retries what a transport refused.
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A simple HTML part beside the text, every user-provided text in it escaped. */
  html?: string | undefined;
}

export interface OutboxEntry extends Mail {
  sentAt: string;
}

export interface Mailer {
  /** Sends one mail; rejects when the transport could not (the outbox tries again later). */
  send(mail: Mail & { messageId?: string }): Promise<void>;
  /** The dev outbox, newest last; undefined when mail really goes out. */
  readonly outbox?: OutboxEntry[];
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export function createOutboxMailer(now: () => Date, log: Logger, limit = 200): Mailer {
  const outbox: OutboxEntry[] = [];
  return {
    outbox,
    async send({ messageId: _id, ...mail }) {
      outbox.push({ ...mail, sentAt: now().toISOString() });
      if (outbox.length > limit) outbox.splice(0, outbox.length - limit);
      log.info(`dev outbox: to ${mail.to}: ${mail.subject}\n    ${mail.text.replace(/\n/g, '\n    ')}`);
    },
  };
}

/**
 * nodemailer over SMTP_URL. Its timeouts are shortened (nodemailer waits up to 2 minutes for a
 * connection and 10 for a socket) so a dead server gives the row back well inside its lease.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send({ messageId, ...mail }) {
      await transport.sendMail({ from, ...mail, ...(messageId ? { messageId } : {}) });
    },
  };
}
