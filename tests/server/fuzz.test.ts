// A fuzz run generated from the contract: every operation gets malformed and boundary input
// (bad path ids, wrong-typed and boundary query values, malformed JSON, wrong root types, every
// property of its body swapped for wrong types, boundary numbers, huge and odd strings, missing
// required fields, unknown properties, broken multipart) against the real server on an
// in-memory PGlite, called with a token of a role the operation lets in. No answer may be a
// 5xx, and a refused request (4xx) may write nothing: every table's rows (count and digest),
// the stored covers and the outbox are compared before and after it.
import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationMeta } from '../../packages/server/src/http/contract.js';
import { IDS, startTestServer, testContract, type TestServer } from './helpers.js';

const contract = await testContract();
const document = contract.document;
const operations = [...contract.operations.values()];

let t: TestServer;
const tokens: Record<string, string> = {};
const figures = { operations: 0, requests: 0, serverErrors: 0, refused: 0 };

beforeAll(async () => {
  t = await startTestServer();
  tokens.User = await t.login('sita');
  tokens.Staff = await t.login('staff');
  tokens.Admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
  console.log(`fuzz: ${figures.operations} operations, ${figures.requests} requests (${figures.refused} refused), ${figures.serverErrors} answers >= 500`);
});

// ---------- the contract, read generically ----------
const deref = (node: any): any => {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref.replace(/^#\//, '').split('/').reduce((at: any, key: string) => at?.[key], document);
  }
  return current;
};

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: any;
}

function describeOperation(op: OperationMeta) {
  const item = document.paths[op.path];
  const raw = item[op.method.toLowerCase()];
  const parameters: Parameter[] = [...(item.parameters ?? []), ...(raw.parameters ?? [])].map(deref).filter((p: any) => p.in === 'path' || p.in === 'query');
  const body = deref(raw.requestBody);
  const [mediaType, media] = (Object.entries(body?.content ?? {})[0] ?? []) as [string | undefined, any];
  const example = media?.example ?? (media?.examples ? deref(Object.values<any>(media.examples)[0])?.value : undefined);
  const schema = media ? resolveSchema(media.schema) : undefined;
  return { parameters, mediaType, schema, example: example ?? (schema ? sample(schema) : undefined) };
}

/** The schema with $refs and allOf resolved one level deep (enough for the properties). */
function resolveSchema(node: any): any {
  const schema = deref(node);
  if (!schema?.allOf) return schema;
  const parts = schema.allOf.map(resolveSchema);
  return {
    ...schema,
    type: parts.find((p: any) => p.type)?.type ?? schema.type,
    properties: Object.assign({}, ...parts.map((p: any) => p.properties ?? {}), schema.properties ?? {}),
    required: [...new Set([...parts.flatMap((p: any) => p.required ?? []), ...(schema.required ?? [])])],
  };
}

/** A value the schema takes (when the contract has no example). */
function sample(node: any): any {
  const schema = resolveSchema(node);
  if (schema === undefined) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variant = schema.oneOf ?? schema.anyOf;
  if (variant) return sample(variant[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((x: string) => x !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries((schema.required ?? []).map((key: string) => [key, sample(schema.properties?.[key] ?? {})]));
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return false;
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.format === 'uuid') return IDS.munaMadan;
  if (schema.format === 'binary') return '';
  return 'fuzz';
}

/** A real record for a path parameter, so the other parts of a request are what gets tested. */
function realId(op: OperationMeta, name: string): string {
  if (name === 'author') return 'Laxmi Prasad Devkota';
  if (/announcement/i.test(op.path)) return IDS.banner;
  if (/user/i.test(op.path)) return IDS.ram;
  if (/order/i.test(op.path)) return IDS.sitaPendingOrder;
  if (/addToCart/i.test(op.path)) return '00000000-0000-4000-8000-0000000000cc';
  return IDS.munaMadan;
}

// ---------- the inputs ----------
const HUGE = 'x'.repeat(100_000);
const BAD_IDS = ['not-a-uuid', '0', '-1', '00000000-0000-0000-0000-000000000000', '0f0e0000-0000-4000-8000-0000000000ff', '0F0E0000-0000-4000-8000-000000000003',
  'x'.repeat(5000), '%00', '..%2F..%2Fetc%2Fpasswd', '%F0%9F%93%9A', "'%20OR%201=1--", '%E0%A4', '{id}', '%20'];
const QUERY_VALUES = ['abc', '', '-1', '0', '1.5', '2147483648', '9007199254740993', '1e309', 'NaN', 'true', '%00', '%FF', 'x'.repeat(10_000), "'; drop table books; --"];
const BODY_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, -0.000001, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, '', ' ', HUGE, '\u0000', '\uD800', '😀📚'.repeat(500),
  "'; drop table books; --", '2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '1e309', 'NaN', '-1', {}, [], [1, 2], { $gt: '' }, { __proto__: { admin: true } }];
const RAW_BODIES = ['{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '"', '[]', '"x"', '1', 'true', 'null', '{}', '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, `{"a":"${'y'.repeat(2 * 1024 * 1024)}"}`, '\uFEFF{}'];
const MULTIPART_VALUES = ['', ' ', 'abc', '-1', '0', '1e309', 'NaN', '9999999999999999999999', '1.5', 'true', 'null', '2026-02-30T00:00:00Z', '\u0000', 'x'.repeat(70 * 1024)];

interface Case {
  label: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

const BOUNDARY = '----pustak-fuzz';
function multipart(fields: Record<string, unknown>, extra = ''): Buffer {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`);
  return Buffer.from(`${parts.join('')}${extra}--${BOUNDARY}--\r\n`);
}

function casesOf(op: OperationMeta): Case[] {
  const { parameters, mediaType, schema, example } = describeOperation(op);
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const pathWith = (bad?: { name: string; value: string }) =>
    `${op.base}${op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (bad?.name === name ? bad.value : encodeURIComponent(realId(op, name))))}`;
  const json = mediaType === 'application/json';
  const form = mediaType === 'multipart/form-data';
  const validBody = (): Pick<Case, 'headers' | 'payload'> => {
    if (json) return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(example ?? {}) };
    if (form) return { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart(formFields(example)) };
    return {};
  };
  const cases: Case[] = [];

  for (const param of pathParams) {
    for (const value of BAD_IDS) cases.push({ label: `path ${param.name}=${value.slice(0, 40)}`, url: pathWith({ name: param.name, value }), ...validBody() });
  }
  for (const param of queryParams) {
    for (const value of QUERY_VALUES) {
      const encoded = /^%/.test(value) ? value : encodeURIComponent(value);
      cases.push({ label: `query ${param.name}=${value.slice(0, 40)}`, url: `${pathWith()}?${param.name}=${encoded}` });
    }
    cases.push({ label: `query ${param.name} twice`, url: `${pathWith()}?${param.name}=1&${param.name}=2` });
  }
  if (queryParams.length > 0) cases.push({ label: 'unknown query parameter', url: `${pathWith()}?zzz=1&__proto__[x]=1` });

  if (json) {
    const headers = { 'content-type': 'application/json' };
    for (const raw of RAW_BODIES) cases.push({ label: `raw body ${raw.slice(0, 30)}`, url: pathWith(), headers, payload: raw });
    cases.push({ label: 'JSON sent as text/plain', url: pathWith(), headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(example ?? {}) });
    cases.push({ label: 'JSON with a charset and odd casing', url: pathWith(), headers: { 'content-type': 'Application/JSON; charset=latin1' }, payload: JSON.stringify(example ?? {}) });
    for (const value of BODY_VALUES) cases.push({ label: `body = ${JSON.stringify(value)?.slice(0, 30)}`, url: pathWith(), headers, payload: JSON.stringify(value) });
    if (example && typeof example === 'object' && !Array.isArray(example)) {
      for (const key of Object.keys(schema?.properties ?? example)) {
        for (const value of BODY_VALUES) {
          cases.push({ label: `body.${key} = ${JSON.stringify(value)?.slice(0, 30)}`, url: pathWith(), headers, payload: JSON.stringify({ ...example, [key]: value }) });
        }
        // JSON.parse reads 1e309 as Infinity (JSON.stringify cannot write it).
        cases.push({ label: `body.${key} = 1e309`, url: pathWith(), headers, payload: JSON.stringify({ ...example, [key]: '<inf>' }).replace('"<inf>"', '1e309') });
        const { [key]: _dropped, ...without } = example as Record<string, unknown>;
        cases.push({ label: `body without ${key}`, url: pathWith(), headers, payload: JSON.stringify(without) });
      }
      cases.push({ label: 'body with an unknown property', url: pathWith(), headers, payload: JSON.stringify({ ...example, zzz: 1 }) });
    }
  }

  if (form) {
    const fields = formFields(example);
    const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    for (const key of Object.keys(schema?.properties ?? fields).filter((k) => k !== 'image')) {
      for (const value of MULTIPART_VALUES) cases.push({ label: `part ${key} = ${value.slice(0, 30)}`, url: pathWith(), headers, payload: multipart({ ...fields, [key]: value }) });
      const { [key]: _dropped, ...without } = fields;
      cases.push({ label: `form without ${key}`, url: pathWith(), headers, payload: multipart(without) });
    }
    const file = (name: string, type: string, bytes: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x"\r\nContent-Type: ${type}\r\n\r\n${bytes}\r\n`;
    cases.push(
      { label: 'unknown part', url: pathWith(), headers, payload: multipart({ ...fields, zzz: '1' }) },
      { label: 'a part twice', url: pathWith(), headers, payload: multipart(fields, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nagain\r\n`) },
      { label: 'image that is not an image', url: pathWith(), headers, payload: multipart(fields, file('image', 'image/png', 'not a png')) },
      { label: 'two files', url: pathWith(), headers, payload: multipart(fields, file('image', 'image/png', 'a') + file('other', 'image/png', 'b')) },
      { label: 'file in a text field', url: pathWith(), headers, payload: multipart({ ...fields, title: undefined }, file('title', 'text/plain', 'x')) },
      { label: 'truncated multipart', url: pathWith(), headers, payload: multipart(fields).subarray(0, 120) },
      { label: 'no boundary', url: pathWith(), headers: { 'content-type': 'multipart/form-data' }, payload: multipart(fields) },
      { label: 'wrong boundary', url: pathWith(), headers: { 'content-type': 'multipart/form-data; boundary=other' }, payload: multipart(fields) },
      { label: 'JSON to a form', url: pathWith(), headers: { 'content-type': 'application/json' }, payload: JSON.stringify(fields) },
      { label: 'form with no parts', url: pathWith(), headers, payload: Buffer.from(`--${BOUNDARY}--\r\n`) },
    );
  }

  if (!json && !form) {
    cases.push({ label: 'a body where none is taken', url: pathWith(), headers: { 'content-type': 'application/json' }, payload: '{"x":1}' });
    cases.push({ label: 'malformed body where none is taken', url: pathWith(), headers: { 'content-type': 'application/json' }, payload: '{' });
  }
  return cases;
}

/** Multipart text parts from the example: numbers and booleans as text, no image part. */
function formFields(example: unknown): Record<string, unknown> {
  const fields = { ...((example ?? {}) as Record<string, unknown>) };
  delete fields.image;
  fields.title = 'Fuzz Book';
  fields.isbn = 'ISBN-FUZZ-1';
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null));
}

// ---------- what a refused request must leave alone ----------
const TABLES = ['users', 'books', 'reviews', 'wishlist', 'cart_items', 'orders', 'order_items', 'notifications', 'announcements'] as const;
// otp_failed_tries is left out: a wrong one-time code is refused and counts a try, by design.
const USER_COLUMNS = ['id', 'username', 'email', 'password_hash', 'role', 'is_verified', 'otp_code', 'otp_expires_at', 'created_at'] as const;

/**
 * Each table's row count and a digest of its rows (order-independent), the stored covers and
 * the outbox. One query for every table: the digest is computed by the database.
 */
const DIGEST = sql<{ name: string; digest: string }>`${sql.join(
  TABLES.map((table) => {
    const row = table === 'users' ? sql`row(${sql.join(USER_COLUMNS.map((c) => sql.ref(`r.${c}`)))})::text` : sql`r::text`;
    return sql`select ${table}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, '|' order by ${row})), '') as digest from ${sql.table(table)} r`;
  }),
  sql` union all `,
)}`;
/**
 * The transaction id the database hands out next. A transaction gets one at its first write, so
 * while it stays the same nothing was written and the digests of the last snapshot still hold:
 * most refused requests are checked without reading every row again (2,876 requests, ~7 CPU-s).
 */
const NEXT_XID = sql<{ xid: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`;
let digested: { xid: string; tables: Record<string, string> } | undefined;

async function snapshot() {
  const db = t.server.services.db;
  const { xid } = (await NEXT_XID.execute(db)).rows[0]!;
  if (digested?.xid !== xid) {
    const { rows } = await DIGEST.execute(db);
    digested = { xid, tables: Object.fromEntries(rows.map((r) => [r.name, r.digest])) };
  }
  return {
    tables: digested.tables,
    covers: (await readdir(t.server.services.images.dir)).length,
    mails: t.server.services.mailer.outbox?.length ?? 0,
  };
}

const tokenFor = (op: OperationMeta) => (op.roles ? tokens[op.roles.includes('Admin') ? 'Admin' : op.roles[0]!] : undefined);

describe('fuzz from the contract', () => {
  it('covers every operation of the contract', () => {
    const declared = Object.values<any>(document.paths).flatMap((item) => ['get', 'put', 'post', 'delete', 'patch'].filter((m) => item[m]));
    expect(operations).toHaveLength(declared.length);
    for (const op of operations) expect(casesOf(op).length, op.operationId).toBeGreaterThan(0);
  });

  it('sees a write in the snapshot (a check that can fail)', async () => {
    const before = await snapshot();
    const reply = await t.call({ method: 'POST', url: '/api/book/addWishlist', payload: { bookId: IDS.munaMadan }, token: tokens.User });
    expect(reply.statusCode, reply.body).toBe(200);
    const after = await snapshot();
    expect(after.tables.wishlist).not.toBe(before.tables.wishlist);
    expect(after.tables.books).toBe(before.tables.books);
    await t.call({ method: 'DELETE', url: `/api/book/remove/${IDS.munaMadan}`, token: tokens.User });
    expect((await snapshot()).tables.wishlist).toBe(before.tables.wishlist);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))('%s: no 5xx, and a refused request writes nothing', async (_id, op) => {
    figures.operations += 1;
    const problems: string[] = [];
    // What the database holds before each request: the snapshot taken after the previous one.
    let before = await snapshot();
    for (const c of casesOf(op)) {
      const reply = await t.call({ method: op.method as 'GET', url: c.url, headers: c.headers ?? {}, ...(c.payload === undefined ? {} : { payload: c.payload }), token: tokenFor(op) });
      figures.requests += 1;
      const after = await snapshot();
      if (reply.statusCode >= 500) {
        figures.serverErrors += 1;
        problems.push(`${c.label}: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
      } else if (reply.statusCode >= 400) {
        figures.refused += 1;
        const changed = [...Object.keys(before.tables).filter((k) => before.tables[k] !== after.tables[k]), ...(['covers', 'mails'] as const).filter((k) => before[k] !== after[k])];
        if (changed.length > 0) problems.push(`${c.label}: refused with ${reply.statusCode} but changed ${changed.join(', ')}`);
        if (/\n\s+at .+:\d+:\d+|\bselect\b.*\bfrom\b|violates|syntax error/i.test(reply.body)) problems.push(`${c.label}: ${reply.statusCode} leaks ${reply.body.slice(0, 200)}`);
      }
      before = after;
    }
    expect(problems).toEqual([]);
  });
});
