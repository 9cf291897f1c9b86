// The outbox marks a sent mail in the background, together with the mails sent around it
// (mail/outbox.ts): every mail ends up marked sent, a burst of them by one statement, and
// stopping the delivery waits for the marks.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { openDatabase, type OpenDatabase } from '../src/db/database.js';
import { createMailDelivery } from '../src/mail/outbox.js';
import type { Mail } from '../src/mail/mailer.js';
import { watchingStatements } from './helpers.js';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(async () => {
  await database.close();
});

describe('the mail outbox', () => {
  it('marks a burst of sent mails sent by one statement, and stop() waits for the mark', async () => {
    const sent: string[] = [];
    const mailer = { send: async (mail: Mail) => void sent.push(mail.to) };
    let marks = 0;
    const db = watchingStatements(database.db, (query) => void (/update mail_outbox set sent_at/.test(query.sql) && (marks += 1)));
    const delivery = createMailDelivery({ db, mailer, clock: systemClock, log: { info() {}, warn() {} }, sweepEveryMs: 0 });
    const now = new Date();
    const rows = Array.from({ length: 10 }, (_, i) => delivery.claimedRow({ to: `reader${i}@example.com`, subject: `Order ${i}`, text: 'Thank you.' }, now));
    await database.db.insertInto('mail_outbox').values(rows).execute();

    // One mail after another, as requests placing orders deliver theirs, a moment apart.
    for (const row of rows) {
      await delivery.deliverClaimed([row]);
      await new Promise((done) => setImmediate(done));
    }
    await delivery.stop();

    expect(sent).toHaveLength(10);
    const { rows: unsent } = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where sent_at is null and id = any(${rows.map((r) => r.id)}::uuid[])`.execute(database.db);
    expect(unsent).toEqual([{ n: 0 }]);
    expect(marks).toBe(1);
  });
});
