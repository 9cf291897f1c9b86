// Backups (issue 33, part 5): `npm run backup` and `npm run restore` on a shop with orders,
// accounts and an uploaded cover: backed up, wiped, restored, and every one is there again. On
// PGlite the server must be stopped (the commands refuse while it runs); on PostgreSQL the backup
// is taken while it runs.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_KIND, IDS, PASSWORD, freshPostgresDatabase, multipart } from './helpers.js';
import { buildServer, startServerProcess, type ServerProcess } from './processes.js';

const root = resolve(import.meta.dirname, '../../..');
const folders: string[] = [];
const running: ServerProcess[] = [];
const databases: Array<{ drop(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await Promise.all(databases.map((d) => d.drop()));
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

async function folder(name: string) {
  const dir = await mkdtemp(join(tmpdir(), `pustak-${name}-`));
  folders.push(dir);
  return dir;
}

/** `npm run backup` / `npm run restore` as a shop runs them: the built script with the server's environment. */
async function ops(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  await buildServer();
  return promisify(execFile)(process.execPath, [join(root, 'packages/server/dist/ops/backup.js'), ...args], { env: { ...process.env, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  );
}

async function api(server: ServerProcess, path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const reply = await fetch(`${server.url}/api${path}`, { ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(rest.headers as Record<string, string>) } });
  return { status: reply.status, json: (await reply.json().catch(() => null)) as any };
}
const login = async (server: ServerProcess, username: string, password = PASSWORD) =>
  (await api(server, '/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })).json.token as string;

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe(`backup and restore (${DATABASE_KIND})`, () => {
  it('a shop backed up, wiped and restored has every order, account and cover again', async () => {
    const dataDir = await folder('shop');
    const env: Record<string, string> = { DATA_DIR: dataDir, RATE_LIMITS: 'off', LOG_LEVEL: 'warn' };
    let wipeDatabase = async () => rm(join(dataDir, 'db'), { recursive: true, force: true });
    if (DATABASE_KIND === 'postgres') {
      const database = await freshPostgresDatabase(true);
      databases.push(database);
      env.DATABASE_URL = database.url;
      wipeDatabase = async () => {
        const { default: pg } = await import('pg');
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        await client.query('drop schema public cascade; create schema public');
        await client.end();
      };
    }
    let server = await startServerProcess({ env });
    running.push(server);
    // A customer orders; the admin adds a book with a cover.
    const sita = await login(server, 'sita');
    expect((await api(server, '/addToCart/add', { method: 'POST', token: sita, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bookId: IDS.hillHouse, quantity: 1 }) })).status).toBe(200);
    const placed = await api(server, '/order/place', { method: 'POST', token: sita });
    expect(placed.status).toBe(200);
    const admin = await login(server, 'admin');
    const form = multipart(
      { title: 'Backed Up Book', author: 'A. Keeper', genre: 'Fiction', isbn: 'ISBN-BACKUP-1', description: 'Kept safe.', publisher: 'Test Press', publicationDate: '2020-01-01T00:00:00Z', price: '450', quantity: '3', language: 'English', discount: '0', format: 'Paperback', isOnSale: 'false' },
      { name: 'cover.png', type: 'image/png', bytes: png },
    );
    const created = await api(server, '/bookcrud/create', { method: 'POST', token: admin, headers: form.headers, body: form.payload });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const imageUrl = (await api(server, `/bookcrud/getbookbyid/${created.json.data.bookId}`)).json.data.imageUrl as string;
    expect((await fetch(imageUrl)).status).toBe(200);

    const out = join(await folder('backups'), 'tonight');
    if (DATABASE_KIND === 'pglite') {
      const refused = await ops(['backup', '--out', out], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/is using .*stop the server/);
      await server.stop();
    }
    const made = await ops(['backup', '--out', out], env);
    expect(made.code, made.output).toBe(0);
    expect((await readdir(out)).sort()).toEqual([DATABASE_KIND === 'postgres' ? 'database.pgdump' : 'pglite.tar.gz', 'manifest.json', 'uploads'].sort());
    if (DATABASE_KIND === 'postgres') await server.stop();

    // Lost: the database and the covers.
    await wipeDatabase();
    await rm(join(dataDir, 'uploads'), { recursive: true, force: true });
    const restored = await ops(['restore', out], env);
    expect(restored.code, restored.output).toBe(0);

    server = await startServerProcess({ env });
    running.push(server);
    const again = await login(server, 'sita');
    const orders = (await api(server, '/order/userOrder', { token: again })).json.data as Array<{ orderId: string }>;
    expect(orders.map((o) => o.orderId)).toContain(placed.json.data.orderId);
    const book = (await api(server, `/bookcrud/getbookbyid/${created.json.data.bookId}`)).json.data;
    expect(book.title).toBe('Backed Up Book');
    const cover = await fetch(book.imageUrl.replace(/^https?:\/\/[^/]+/, server.url));
    expect(cover.status).toBe(200);
    expect(Buffer.from(await cover.arrayBuffer()).equals(png)).toBe(true);
  });
});
