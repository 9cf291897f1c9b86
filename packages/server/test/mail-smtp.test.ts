// E-mail over SMTP_URL (nodemailer) against a real SMTP server started here (smtp-server, by
// nodemailer's authors): the order confirmation and a registration code arrive with their
// recipient, subject, a plain-text and an HTML part (a title with markup escaped in it); with
// the SMTP server down the order is placed at once and its mail arrives, once, after the server
// comes back (the outbox's retry). Issue 29, part 3.
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { IDS, startTestServer, type TestServer } from './helpers.js';
import { until } from './instances.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The raw message with its quoted-printable soft breaks and escapes undone (enough to read it). */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
/** A header's value, its folded lines joined. */
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim();

function startSmtp(port = 0): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({ from: from ? from.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, port: (server.server.address() as AddressInfo).port, received }));
  });
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

const smtpServers: SMTPServer[] = [];
const pustaks: TestServer[] = [];
afterEach(async () => {
  await Promise.all(pustaks.splice(0).map((t) => t.close()));
  await Promise.all(smtpServers.splice(0).map((s) => new Promise<void>((done) => s.close(() => done()))));
});
afterAll(async () => {
  await Promise.all(pustaks.map((t) => t.close()));
});

async function pustakOn(port: number) {
  const t = await startTestServer({
    settings: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Pustak <orders@pustak.example>', mail: { retryDelayMs: 1_000, maxRetryDelayMs: 1_000, sweepEveryMs: 50 } },
  });
  pustaks.push(t);
  return t;
}

async function placeOrder(t: TestServer, bookId = IDS.karnaliBlues) {
  const token = await t.login('sita');
  expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: { bookId, quantity: 1 } })).statusCode).toBe(200);
  const placed = await t.call({ method: 'POST', url: '/api/order/place', token });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().data as { orderId: string; claimCode: string };
}

describe('e-mail over SMTP', () => {
  it('delivers the order confirmation and a registration code with their recipients, subjects and both parts', async () => {
    const smtp = await startSmtp();
    smtpServers.push(smtp.server);
    const t = await pustakOn(smtp.port);

    const order = await placeOrder(t);
    const registered = await t.call({ method: 'POST', url: '/api/Auth/register', payload: { username: 'mailed', email: 'mailed@example.com', password: 'a-long-password', confirmPassword: 'a-long-password' } });
    expect(registered.statusCode, registered.body).toBe(200);
    await until(() => smtp.received.length >= 2, 'both mails');

    const confirmation = smtp.received.find((m) => m.to.includes('sita@example.com'))!;
    expect(confirmation.from).toBe('orders@pustak.example');
    expect(confirmation.to).toEqual(['sita@example.com']);
    expect(header(confirmation.raw, 'Subject')).toBe(`Order Confirmation Details - Order ID: ${order.orderId}`);
    expect(confirmation.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(confirmation.raw).toMatch(/Content-Type: text\/plain/i);
    expect(confirmation.raw).toMatch(/Content-Type: text\/html/i);
    const body = decoded(confirmation.raw);
    expect(body).toContain(`Your claim code is ${order.claimCode}.`);
    expect(body).toContain('<strong style="font-size:18px;letter-spacing:2px">' + order.claimCode + '</strong>');
    expect(body).toContain('Pick up at Pustak, Thamel Marg 12, Kathmandu 44600, Nepal.');

    const code = smtp.received.find((m) => m.to.includes('mailed@example.com'))!;
    expect(header(code.raw, 'Subject')).toBe('Your Pustak verification code');
    expect(decoded(code.raw)).toMatch(/Your OTP is \d{5}/);
    // Nothing is left in the outbox unsent. The SMTP server has each mail before its row is marked
    // sent (the mark follows the server's answer), so the mark is awaited, not read at once.
    const unsent = () => t.server.database.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
    await until(async () => (await unsent()).length === 0, 'the outbox to mark both mails sent');
    expect(await unsent()).toEqual([]);
  });

  it('escapes a title with markup in the HTML part, and keeps it as typed in the text part', async () => {
    const smtp = await startSmtp();
    smtpServers.push(smtp.server);
    const t = await pustakOn(smtp.port);
    const title = '<script>alert("x")</script> & <b>Sons</b>';
    await t.server.database.db.updateTable('books').set({ title }).where('id', '=', IDS.karnaliBlues).execute();
    await t.server.services.cache.clear();

    await placeOrder(t);
    await until(() => smtp.received.length >= 1, 'the confirmation');
    const raw = decoded(smtp.received[0]!.raw);
    const html = raw.slice(raw.search(/Content-Type: text\/html/i));
    const text = raw.slice(raw.search(/Content-Type: text\/plain/i), raw.search(/Content-Type: text\/html/i));
    expect(html).toContain('1 x &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Sons&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Sons</b>');
    expect(text).toContain(`1 x ${title}: Rs.`);
  });

  it('places the order at once while the SMTP server is down, and the mail arrives once after it is back', async () => {
    const port = await freePort();
    const t = await pustakOn(port);

    const started = performance.now();
    const order = await placeOrder(t);
    const tookMs = performance.now() - started;
    // The answer did not wait for a mail server (there is none): the mail is still queued.
    const row = () => t.server.database.db.selectFrom('mail_outbox').selectAll().where('subject', 'like', `%${order.orderId}`).executeTakeFirstOrThrow();
    let queued = await row();
    expect(queued.sent_at).toBeNull();
    expect(tookMs).toBeLessThan(5_000);
    await until(async () => {
      queued = await row();
      return queued.attempts >= 1 && queued.last_error !== null;
    }, 'the first try to fail');

    const smtp = await startSmtp(port);
    smtpServers.push(smtp.server);
    // The retry is due a second after the failure on the server's clock, which the test moves.
    await until(() => {
      t.clock.advance(1_000);
      return smtp.received.length >= 1;
    }, 'the mail after the SMTP server is back');
    expect(smtp.received[0]!.to).toEqual(['sita@example.com']);
    expect(header(smtp.received[0]!.raw, 'Subject')).toBe(`Order Confirmation Details - Order ID: ${order.orderId}`);
    await until(async () => {
      queued = await row();
      return queued.sent_at !== null;
    }, 'the row marked sent');
    // Later sweeps (the clock moved well past any retry) send nothing again.
    t.clock.advance(3_600_000);
    expect(await t.server.services.mail.sweep()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});
