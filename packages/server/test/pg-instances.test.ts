// Several instances on one PostgreSQL database: migrations and seeding once however many start
// together; sign-in, carts, orders and uploads whichever instance a request reaches; the hub
// across instances (LISTEN/NOTIFY, a negotiate on one accepted by another, nothing announced
// by a rolled-back transaction, the listener back after its connection is cut); cache clears
// that reach every instance; health and readiness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationNames } from '../src/db/migrations.js';
import { queueMail } from '../src/mail/outbox.js';
import { messageUser } from '../src/modules/notifications/index.js';
import { transact } from '../src/shared/context.js';
import { IDS, freshPostgresDatabase } from './helpers.js';
import { api, insertAccounts, login, negotiate, openHub, query, startInstances, until, type InstanceGroup, type RawHubClient } from './instances.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
});

describe('three instances starting together on an empty database', () => {
  it('migrate once, seed once, and all serve the same data', async () => {
    const database = await freshPostgresDatabase(true);
    cleanups.push(database.drop);
    const group = await startInstances(database.url, 3, { seed: true });
    cleanups.push(group.close);
    const migrations = await query(database.url, 'select name from kysely_migration order by name');
    // Every migration of this release, each once (the list comes from the migrations module, so a
    // new one needs no edit here).
    expect(migrations.map((m) => m.name)).toEqual(migrationNames);
    expect(migrationNames[0]).toBe('0001-initial');
    const [{ admins }] = await query(database.url, `select count(*)::int as admins from users where username = 'admin'`);
    expect(admins).toBe(1);
    const totals = await Promise.all(group.instances.map(async (i) => (await api(i.url, 'GET', '/api/book/all')).body.pagination.totalItems));
    expect(totals).toEqual([27, 27, 27]);
  });
});

describe('two instances on one database', () => {
  let group: InstanceGroup;
  let dbUrl = '';
  let a = '';
  let b = '';
  const clients: RawHubClient[] = [];

  beforeAll(async () => {
    const database = await freshPostgresDatabase(false);
    cleanups.push(database.drop);
    dbUrl = database.url;
    group = await startInstances(dbUrl, 2);
    cleanups.push(group.close);
    cleanups.push(async () => clients.forEach((c) => c.close()));
    [a, b] = group.instances.map((i) => i.url) as [string, string];
  });

  it('signs in, keeps the cart and places and verifies the order whichever instance answers', async () => {
    const [customer] = await insertAccounts(dbUrl, 'roaming', 1);
    const token = await login(a, customer!);
    expect((await api(b, 'POST', '/api/addToCart/add', { token, body: { bookId: IDS.munaMadan, quantity: 2 } })).status).toBe(200);
    const cart = await api(a, 'GET', '/api/addToCart/getcartitems', { token });
    expect(cart.status).toBe(200);
    expect(JSON.stringify(cart.body)).toContain(IDS.munaMadan);
    const placed = await api(b, 'POST', '/api/order/place', { token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const mine = await api(a, 'GET', '/api/order/userOrder', { token });
    expect(mine.body.data.map((o: { orderId: string }) => o.orderId)).toContain(placed.body.data.orderId);
    const staff = await login(b, 'staff');
    const before = (await query(dbUrl, 'select quantity from books where id = $1', [IDS.munaMadan]))[0].quantity;
    const verified = await api(a, 'PUT', `/api/staff/verifyOrder/${placed.body.data.orderId}`, { token: staff, body: { ClaimCode: placed.body.data.claimCode } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await query(dbUrl, 'select quantity from books where id = $1', [IDS.munaMadan]))[0].quantity).toBe(before - 2);
  });

  it('places one order for a place order sent to both instances at once with one Idempotency-Key', async () => {
    const [customer] = await insertAccounts(dbUrl, 'resender', 1);
    const token = await login(a, customer!);
    expect((await api(a, 'POST', '/api/addToCart/add', { token, body: { bookId: IDS.munaMadan, quantity: 1 } })).status).toBe(200);
    const headers = { 'idempotency-key': 'one-press-of-place-order' };
    const replies = await Promise.all([a, b, a, b].map((origin) => api(origin, 'POST', '/api/order/place', { token, headers })));
    expect(replies.map((r) => r.status), JSON.stringify(replies.map((r) => r.body))).toEqual([200, 200, 200, 200]);
    expect(new Set(replies.map((r) => `${r.body.data.orderId} ${r.body.data.claimCode}`)).size).toBe(1);
    const [{ orders }] = await query(dbUrl, 'select count(*)::int as orders from orders o join users u on u.id = o.user_id where u.username = $1', [customer]);
    expect(orders).toBe(1);
  });

  it('serves a cover uploaded through one instance from the other (one shared uploads folder)', async () => {
    const admin = await login(a, 'admin');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const form = new FormData();
    const fields = { title: 'Shared Cover', author: 'Two Instances', genre: 'Fiction', isbn: 'ISBN-SHARED-1', description: 'd', publisher: 'p',
      publicationDate: '2020-01-01T00:00:00Z', price: '100', quantity: '1', language: 'English', discount: '0', format: 'Paperback' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('image', new Blob([png], { type: 'image/png' }), 'cover.png');
    const created = await fetch(`${a}/api/bookcrud/create`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    expect(created.status, await created.clone().text()).toBe(200);
    const [{ image_path }] = await query(dbUrl, `select image_path from books where title = 'Shared Cover'`);
    expect(image_path).toMatch(/^\/uploads\//);
    const image = await fetch(`${b}${image_path}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
  });

  it('accepts a negotiate of one instance on the other, and refuses a forged token', async () => {
    const token = await negotiate(a);
    const client = await openHub(b, token);
    clients.push(client);
    const [expires, nonce, user] = token.split('.');
    await expect(openHub(b, `${expires}.${nonce}.${user}.${'A'.repeat(43)}`)).rejects.toThrow(/404/);
    await expect(openHub(a, 'not-a-token')).rejects.toThrow(/404/);
  });

  it('delivers a message meant for one user to each of their tabs, on both instances, and to nobody else', async () => {
    const [reader, other] = await insertAccounts(dbUrl, 'private', 2);
    const readerToken = await login(a, reader!);
    const otherToken = await login(b, other!);
    const tabOnA = await openHub(a, await negotiate(a, readerToken));
    const tabOnB = await openHub(b, await negotiate(b, readerToken));
    const otherUser = await openHub(a, await negotiate(a, otherToken));
    const guest = await openHub(b, await negotiate(b));
    clients.push(tabOnA, tabOnB, otherUser, guest);
    const [{ id: readerId }] = await query(dbUrl, 'select id from users where username = $1', [reader]);
    const { services } = group.instances[0]!.server;

    await transact(services.db, services.broadcaster, (tx, publish) =>
      messageUser(tx, publish, services.clock.now(), { userId: readerId, sender: 'Order ready', text: 'Your order is ready for pickup' }),
    );
    await until(() => tabOnA.userMessages.length > 0 && tabOnB.userMessages.length > 0, 'the message on both tabs');
    expect(tabOnA.userMessages).toEqual([['Order ready', 'Your order is ready for pickup']]);
    expect(tabOnB.userMessages).toEqual([['Order ready', 'Your order is ready for pickup']]);
    // A public broadcast after it reaches everyone: had the private one reached the others, it came first.
    await transact(services.db, services.broadcaster, async (_tx, publish) => publish({ sender: 'Test', text: 'after the private one' }));
    await until(() => otherUser.messages.length > 0 && guest.messages.length > 0, 'the public message');
    for (const client of [otherUser, guest]) expect([client.userMessages, client.messages.map((m) => m[1])]).toEqual([[], ['after the private one']]);

    // Stored for the reader's bell only, on whichever instance they ask.
    const bell = (token?: string) => api(b, 'GET', '/api/notification/all', token ? { token } : {}).then((r) => r.body.data as { message: string; personal?: boolean }[]);
    expect((await bell(readerToken))[0]).toEqual({ message: 'Your order is ready for pickup', createdAt: expect.any(String), personal: true });
    expect((await bell(otherToken)).map((n) => n.message)).not.toContain('Your order is ready for pickup');
    expect((await bell()).map((n) => n.message)).not.toContain('Your order is ready for pickup');
  });

  it('sends a queued mail once when both instances try to send it at the same moment, and sweeps leave it sent', async () => {
    const [first, second] = group.instances.map((i) => i.server.services);
    const outboxes = () => [...first!.mailer.outbox!, ...second!.mailer.outbox!].filter((m) => m.to === 'twice@example.com');
    for (let round = 0; round < 10; round += 1) {
      const id = await first!.db.transaction().execute((tx) => queueMail(tx, { to: 'twice@example.com', subject: `Round ${round}`, text: 'once' }, first!.clock.now()));
      await Promise.all([first!.mail.deliver([id]), second!.mail.deliver([id]), second!.mail.deliver([id])]);
    }
    await Promise.all([first!.mail.sweep(), second!.mail.sweep()]);
    expect(outboxes().map((m) => m.subject).sort()).toEqual(Array.from({ length: 10 }, (_, round) => `Round ${round}`));
  });

  it('delivers a broadcast raised on either instance to the clients of both', async () => {
    const onA = await openHub(a, await negotiate(b));
    const onB = await openHub(b, await negotiate(a));
    clients.push(onA, onB);
    const admin = await login(a, 'admin');
    const form = new FormData();
    const fields = { title: 'Heard Everywhere', author: 'Fan Out', genre: 'Fiction', isbn: 'ISBN-FANOUT-1', description: 'd', publisher: 'p',
      publicationDate: '2020-01-01T00:00:00Z', price: '100', quantity: '1', language: 'English', discount: '0', format: 'Paperback' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const created = await fetch(`${b}/api/bookcrud/create`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    expect(created.status).toBe(200);
    const expected = ['Admin', 'New book added! Heard Everywhere'];
    await until(() => [onA, onB].every((c) => c.messages.some((m) => m[1] === expected[1])), 'the broadcast on both instances', 15_000);
    expect(onA.messages.filter((m) => m[1] === expected[1])).toEqual([expected]);
    expect(onB.messages.filter((m) => m[1] === expected[1])).toEqual([expected]);
  });

  it('announces nothing for a rolled-back transaction', async () => {
    const listener = await openHub(b, await negotiate(b));
    clients.push(listener);
    const { services } = group.instances[0]!.server;
    await expect(
      transact(services.db, services.broadcaster, async (_tx, publish) => {
        publish({ sender: 'Test', text: 'rolled back' });
        throw new Error('the rule failed after publishing');
      }),
    ).rejects.toThrow('the rule failed');
    // The NOTIFY has been sent inside the transaction, then the transaction rolls back.
    const fanout = services.broadcaster;
    const failsAfterNotify = {
      broadcast: fanout.broadcast.bind(fanout),
      sendToUser: fanout.sendToUser.bind(fanout),
      publishInTransaction: async (...args: Parameters<NonNullable<typeof fanout.publishInTransaction>>) => {
        await fanout.publishInTransaction!(...args);
        throw new Error('the commit did not happen');
      },
    };
    await expect(
      transact(services.db, failsAfterNotify, async (_tx, publish) => publish({ sender: 'Test', text: 'rolled back after NOTIFY' })),
    ).rejects.toThrow('the commit did not happen');
    await transact(services.db, services.broadcaster, async (_tx, publish) => publish({ sender: 'Test', text: 'committed' }));
    await until(() => listener.messages.length > 0, 'the committed message');
    // NOTIFY is delivered in commit order: a rolled-back message would have come first.
    expect(listener.messages[0]).toEqual(['Test', 'committed']);
    expect(listener.messages.some((m) => m[1].startsWith('rolled back'))).toBe(false);
  });

  it('listens again after its LISTEN connection is cut, and the next broadcast arrives', async () => {
    const listener = await openHub(a, await negotiate(a));
    clients.push(listener);
    const listeners = async () =>
      (await query(dbUrl, `select pid from pg_stat_activity where datname = current_database() and query like 'listen pustak_%'`)).map((r) => r.pid as number);
    const before = await listeners();
    expect(before).toHaveLength(2);
    await query(dbUrl, 'select pg_terminate_backend(pid) from unnest($1::int[]) pid', [before]);
    await until(async () => {
      const now = await listeners();
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    }, 'both instances to listen again on new connections');
    await until(() => group.instances.every((i) => i.server.fanout!.listening()), 'the listeners to be up');
    const { services } = group.instances[1]!.server;
    await transact(services.db, services.broadcaster, async (_tx, publish) => publish({ sender: 'Test', text: 'after the cut' }));
    await until(() => listener.messages.some((m) => m[1] === 'after the cut'), 'the broadcast after the reconnect');
  });

  it('clears the other instance’s cache when one instance writes', async () => {
    const stock = async (origin: string) => (await api(origin, 'GET', `/api/bookcrud/getbookbyid/${IDS.karnaliBlues}`)).body.data.quantity as number;
    const before = await stock(b); // now cached on b for 30 s
    const [customer] = await insertAccounts(dbUrl, 'cachecheck', 1);
    const token = await login(a, customer!);
    expect((await api(a, 'POST', '/api/addToCart/add', { token, body: { bookId: IDS.karnaliBlues, quantity: 1 } })).status).toBe(200);
    const placed = await api(a, 'POST', '/api/order/place', { token });
    const staff = await login(a, 'staff');
    expect((await api(a, 'PUT', `/api/staff/verifyOrder/${placed.body.data.orderId}`, { token: staff, body: { ClaimCode: placed.body.data.claimCode } })).status).toBe(200);
    await until(async () => (await stock(b)) === before - 1, 'instance b to show the new stock', 10_000);
  });

  it('updates the other instance’s best sellers when an order is placed (and only those)', async () => {
    type Entry = { book: { bookId: string }; orderCount: number };
    const countOn = async (origin: string) =>
      ((await api(origin, 'GET', '/api/book/bestSeller')).body.data as Entry[]).find((e) => e.book.bookId === IDS.munaMadan)?.orderCount ?? 0;
    const before = await countOn(b); // now cached on b for 30 s
    const [customer] = await insertAccounts(dbUrl, 'bestseller', 1);
    const token = await login(a, customer!);
    expect((await api(a, 'POST', '/api/addToCart/add', { token, body: { bookId: IDS.munaMadan, quantity: 1 } })).status).toBe(200);
    expect((await api(a, 'POST', '/api/order/place', { token })).status).toBe(200);
    await until(async () => (await countOn(b)) === before + 1, 'instance b to count the new order line', 10_000);
  });

  it('answers /healthz and /readyz for a load balancer', async () => {
    for (const origin of [a, b]) {
      expect(await api(origin, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await api(origin, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', database: 'ok', live: 'ok' } });
    }
  });
});
