// The outbox marks a sent mail in the background, together with the mails sent around it
// (mail/outbox.ts): every mail ends up marked sent, a burst of them by one statement, and
// stopping the delivery waits for the marks.
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { openDatabase, type OpenDatabase } from '../src/db/database.js';
import { createMailDelivery } from '../src/mail/outbox.js';
import type { Mail } from '../src/mail/mailer.js';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(async () => {
  await database.close();
});

/** The database, counting the statements whose text matches `pattern`. */
function counting(db: OpenDatabase['db'], pattern: RegExp) {
  const counted = { n: 0 };
  const executor = db.getExecutor();
  const watched = new Proxy(executor, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key !== 'executeQuery') return typeof value === 'function' ? value.bind(target) : value;
      return (...args: Parameters<typeof executor.executeQuery>) => {
        if (pattern.test((args[0] as CompiledQuery).sql)) counted.n += 1;
        return target.executeQuery(...args);
      };
    },
  });
  const proxied = new Proxy(db, {
    get(target, key) {
      if (key === 'getExecutor') return () => watched;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxied, counted };
}

describe('the mail outbox', () => {
  it('marks a burst of sent mails sent by one statement, and stop() waits for the mark', async () => {
    const sent: string[] = [];
    const mailer = { send: async (mail: Mail) => void sent.push(mail.to) };
    const { db, counted } = counting(database.db, /update mail_outbox set sent_at/);
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
    expect(counted.n).toBe(1);
  });
});
