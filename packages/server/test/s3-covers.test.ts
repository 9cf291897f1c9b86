// Covers on shared storage (issue 33, part 4): with S3_URL the covers go to an S3-compatible
// bucket (a real one here: s3rver, started by the test), are served at the same /uploads/ URL
// with the same sandbox headers, and are deleted with their book; on PostgreSQL, by two
// instances that share no folder. A bucket that cannot be used stops the server at start.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPustakServer, ephemeralSecret } from '../src/server.js';
import { DATABASE_KIND, freshPostgresDatabase, multipart, startTestServer, testContract } from './helpers.js';
import { startInstances } from './instances.js';

const BUCKET = 'pustak-covers';
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const credentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
const saved: Record<string, string | undefined> = {};
let s3rver: { close(): Promise<void> };
let s3Url: string;
let directory: string;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  // The AWS SDK reads its credentials from the environment, as in production.
  for (const [key, value] of Object.entries(credentials)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  directory = await mkdtemp(join(tmpdir(), 'pustak-s3rver-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { address, port } = (await (s3rver as unknown as { run(): Promise<{ address: string; port: number }> }).run());
  s3Url = `http://${address}:${port}`;
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await s3rver?.close();
  await rm(directory, { recursive: true, force: true });
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const bucketKeys = async () => {
  const client = new S3Client({ endpoint: s3Url, region: 'us-east-1', forcePathStyle: true });
  try {
    return ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);
  } finally {
    client.destroy();
  }
};

const bookForm = (title: string) =>
  multipart(
    { title, author: 'S. Three', genre: 'Fiction', isbn: `ISBN-${title}`, description: 'A cover in a bucket.', publisher: 'Test Press', publicationDate: '2020-01-01T00:00:00Z', price: '300', quantity: '2', language: 'English', discount: '0', format: 'Paperback', isOnSale: 'false' },
    { name: 'cover.png', type: 'image/png', bytes: png },
  );

async function http(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  return fetch(`${base}${path}`, { ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(rest.headers as Record<string, string>) } });
}
const login = async (base: string, username: string) =>
  ((await (await http(base, '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'pustak123' }) })).json()) as { token: string }).token;

describe(`covers in an S3-compatible bucket (${DATABASE_KIND})`, () => {
  it(DATABASE_KIND === 'postgres' ? 'uploaded on one instance, served by the other, deleted with the book on it' : 'uploaded, served at /uploads/ with the sandbox headers, deleted with the book', async () => {
    const s3 = { url: s3Url, bucket: BUCKET };
    let upload: string;
    let serve: string;
    if (DATABASE_KIND === 'postgres') {
      const database = await freshPostgresDatabase(false);
      closers.push(() => database.drop());
      const group = await startInstances(database.url, 2, { settings: { s3 } });
      closers.push(() => group.close());
      [upload, serve] = group.instances.map((i) => i.url) as [string, string];
    } else {
      const t = await startTestServer({ listen: true, settings: { s3 } });
      closers.push(() => t.close());
      upload = serve = t.url;
    }
    const admin = await login(upload, 'admin');
    const form = bookForm('Bucket Book');
    const created = await http(upload, '/api/bookcrud/create', { method: 'POST', token: admin, headers: form.headers, body: form.payload });
    expect(created.status, await created.clone().text()).toBe(200);
    const { bookId } = ((await created.json()) as { data: { bookId: string } }).data;
    const book = ((await (await http(serve, `/api/bookcrud/getbookbyid/${bookId}`)).json()) as { data: { imageUrl: string } }).data;
    const path = new URL(book.imageUrl).pathname;
    expect(path).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(await bucketKeys()).toContain(`covers/${path.slice('/uploads/'.length)}`);

    const cover = await http(serve, path);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(cover.headers.get('content-security-policy')).toContain('sandbox');
    expect(cover.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await cover.arrayBuffer()).equals(png)).toBe(true);
    expect((await http(serve, '/uploads/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    expect((await http(serve, '/uploads/..%2f..%2fsecret.png')).status).toBe(404);

    expect((await http(serve, `/api/bookcrud/deletebook/${bookId}`, { method: 'DELETE', token: await login(serve, 'admin') })).status).toBe(200);
    expect(await bucketKeys()).not.toContain(`covers/${path.slice('/uploads/'.length)}`);
    expect((await http(upload, path)).status).toBe(404);
  });

  it('stops at start, saying so, when the bucket cannot be used', async () => {
    const uploadsDir = await mkdtemp(join(tmpdir(), 'pustak-unused-'));
    closers.push(() => rm(uploadsDir, { recursive: true, force: true }));
    await expect(
      createPustakServer({ database: { kind: 'pglite' }, uploadsDir, jwtSecret: ephemeralSecret(), contract: await testContract(), s3: { url: s3Url, bucket: 'no-such-bucket' } }),
    ).rejects.toThrow(/the covers' bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used \(HTTP 404\)/);
    expect(await readdir(uploadsDir)).toEqual([]);
  });
});
