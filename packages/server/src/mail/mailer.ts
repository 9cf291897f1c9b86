// Outgoing e-mail: one-time codes and order confirmations. With SMTP_URL it goes through
// nodemailer; in development it lands in the dev outbox (printed, and readable at
// GET /__dev/outbox). A failure to send never fails the request that sent it.
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry extends Mail {
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
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
    async send(mail) {
      outbox.push({ ...mail, sentAt: now().toISOString() });
      if (outbox.length > limit) outbox.splice(0, outbox.length - limit);
      log.info(`dev outbox: to ${mail.to}: ${mail.subject}\n    ${mail.text.replace(/\n/g, '\n    ')}`);
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        log.warn(`mail to ${mail.to} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
