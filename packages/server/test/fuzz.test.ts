// A fuzz run generated from the contract: every operation gets malformed and boundary input
// (bad path ids, wrong-typed and boundary query values, malformed JSON, wrong root types, every
// property of its body swapped for wrong types, boundary numbers, huge and odd strings, missing
// required fields, unknown properties, broken multipart; every limit of the contract met and
// just missed, format-valid oddities and awkward Unicode) against the real server on an
// in-memory PGlite, called with a token of a role the operation lets in. No answer may be a
// 5xx, and a refused request (4xx) may write nothing: every table's rows (count and digest),
// the stored covers and the outbox are compared before and after it.
import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationMeta } from '../src/http/contract.js';
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

// Text a database index cannot shrink: repeated characters compress, so a long run of one
// letter slips under an index's row size where a real title of that length does not.
function noise(length: number, alphabet: 'ascii' | 'astral', seed = length): string {
  let state = seed * 2654435761 + 1;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  const chars = Array.from({ length }, () =>
    alphabet === 'ascii' ? 'abcdefghijklmnopqrstuvwxyz0123456789'[next() % 36]! : String.fromCodePoint(0x1f300 + (next() % 0x300)));
  return chars.join('');
}
const NOISE_5K = noise(5000, 'ascii');
// Values that pass a format check yet may trip what reads them later (PostgreSQL, Date).
const UUID_ODDITIES = (real: string) => [`urn:uuid:${real}`, real.toUpperCase(), `{${real}}`];
const DATE_ODDITIES = ['2016-12-31T23:59:60Z', '2026-01-01T05:44:60+05:45', '2026-01-01T00:00:00.123456789Z', '2026-01-01t00:00:00z',
  '9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59-23:59'];
/** Numbers as JSON text: -0 and 1e21 do not survive JSON.stringify as written. */
const NUMBER_ODDITIES = ['-0', '1e21', '-1e21', '9223372036854775808', '-9223372036854775809', '5e-324', '0.30000000000000004', '1.0'];
const TEXT_ODDITIES = ['e\u0301\u0302\u0303\u0304', 'שלום \u202Eabc\u202C', 'مرحبا بالعالم', '\uDC00', 'a\uD83D', 'a\u0000b', '\u200B', '\uFEFFx', NOISE_5K,
  `${noise(5000, 'ascii', 7)}@example.com`];

interface Variant {
  label: string;
  /** A string, or JSON text (a number written as sent) when raw. */
  value: string;
  raw?: boolean;
  /** The value breaks a limit of the contract: it must be refused. */
  past?: boolean;
}

/** Values at and just past every limit the schema declares, taken from the contract. */
function limitVariants(node: any): Variant[] {
  const schema = deref(node);
  if (!schema || typeof schema !== 'object') return [];
  const union = schema.oneOf ?? schema.anyOf;
  // A value past one branch's limit may be another branch's valid value: sent, not judged.
  if (union) return union.flatMap((branch: any) => limitVariants(branch)).map((v: Variant) => ({ ...v, past: false }));
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const variants: Variant[] = [];
  if (types.includes('string')) {
    const free = !schema.pattern && !schema.enum && !schema.const;
    const at = (length: number) => {
      if (schema.format === 'email') return length > 13 ? `${noise(length - 12, 'ascii')}@example.com` : undefined;
      return free && !schema.format ? noise(length, 'astral') : undefined;
    };
    for (const [keyword, length, past] of [['maxLength', schema.maxLength, schema.maxLength + 1], ['minLength', schema.minLength, schema.minLength - 1]] as const) {
      if (typeof length !== 'number') continue;
      const fits = at(length);
      if (fits !== undefined) variants.push({ label: `at ${keyword} ${length}`, value: fits });
      if (past >= 0) variants.push({ label: `past ${keyword} ${length}`, value: at(past) ?? noise(past, 'ascii'), past: true });
    }
  }
  const numeric = types.includes('integer') || types.includes('number');
  if (numeric) {
    const step = types.includes('integer') ? 1 : 0.01;
    for (const [keyword, bound, sign] of [['maximum', schema.maximum, 1], ['minimum', schema.minimum, -1]] as const) {
      if (typeof bound !== 'number') continue;
      variants.push({ label: `at ${keyword} ${bound}`, value: String(bound), raw: true });
      variants.push({ label: `past ${keyword} ${bound}`, value: String(bound + sign * step), raw: true, past: true });
    }
  }
  if (types.includes('array') && typeof schema.maxItems === 'number') {
    const item = JSON.stringify(sample(schema.items ?? {}));
    variants.push({ label: `at maxItems ${schema.maxItems}`, value: `[${Array(schema.maxItems).fill(item).join(',')}]`, raw: true });
    variants.push({ label: `past maxItems ${schema.maxItems}`, value: `[${Array(schema.maxItems + 1).fill(item).join(',')}]`, raw: true, past: true });
  }
  return variants;
}

/** Every limit variant, plus the oddities of the schema's type and format. */
function variantsOf(node: any, real: unknown): Variant[] {
  const schema = resolveSchema(node) ?? {};
  const branches = [schema, ...(schema.oneOf ?? schema.anyOf ?? []).map(resolveSchema)];
  const has = (test: (s: any) => boolean) => branches.some((s: any) => s && test(s));
  const typed = (name: string) => (s: any) => s.type === name || (Array.isArray(s.type) && s.type.includes(name));
  const variants = limitVariants(schema);
  if (has((s) => s.format === 'uuid')) variants.push(...UUID_ODDITIES(typeof real === 'string' ? real : IDS.munaMadan).map((value) => ({ label: `uuid ${value.slice(0, 12)}`, value })));
  if (has((s) => s.format === 'date-time')) variants.push(...DATE_ODDITIES.map((value) => ({ label: `date ${value}`, value })));
  if (has(typed('integer')) || has(typed('number'))) variants.push(...NUMBER_ODDITIES.map((value) => ({ label: `number ${value}`, value, raw: true })));
  if (has(typed('string'))) variants.push(...TEXT_ODDITIES.map((value) => ({ label: `text ${JSON.stringify(value.slice(0, 12))}`, value })));
  return variants;
}

/** Percent-encoding that also carries a lone surrogate (as its 3 bytes, which are not UTF-8). */
const encodeText = (text: string) =>
  [...text].map((char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }).join('');

interface Case {
  label: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** Breaks a limit of the contract: anything but a 4xx breaks the contract. */
  refuse?: boolean;
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
  for (const param of pathParams) {
    for (const v of variantsOf(param.schema, realId(op, param.name))) {
      cases.push({ label: `path ${param.name} ${v.label}`, url: pathWith({ name: param.name, value: encodeText(v.value) }), ...validBody(), refuse: v.past });
    }
  }
  for (const param of queryParams) {
    for (const v of variantsOf(param.schema, undefined)) cases.push({ label: `query ${param.name} ${v.label}`, url: `${pathWith()}?${param.name}=${encodeText(v.value)}`, refuse: v.past });
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
        for (const v of variantsOf(schema?.properties?.[key], (example as Record<string, unknown>)[key])) {
          const payload = JSON.stringify({ ...unique(example), [key]: v.raw ? '<raw>' : v.value });
          cases.push({ label: `body.${key} ${v.label}`, url: pathWith(), headers, payload: v.raw ? payload.replace('"<raw>"', v.value) : payload, refuse: v.past });
        }
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
      for (const value of MULTIPART_VALUES) cases.push({ label: `part ${key} = ${value.slice(0, 30)}`, url: pathWith(), headers, payload: multipart({ ...unique(fields), [key]: value }) });
      for (const v of variantsOf(schema?.properties?.[key], fields[key])) {
        cases.push({ label: `part ${key} ${v.label}`, url: pathWith(), headers, payload: multipart({ ...unique(fields), [key]: v.value }), refuse: v.past });
      }
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

/**
 * The values the database keeps unique (a username, an e-mail, a title, an ISBN) made new for a
 * case: else every case after the first success is refused as a duplicate before its own value
 * reaches the database.
 */
let serial = 0;
function unique(values: object): Record<string, unknown> {
  const fresh: Record<string, unknown> = { ...values };
  serial += 1;
  if (typeof fresh.username === 'string' && typeof fresh.email === 'string') Object.assign(fresh, { username: `fuzz${serial}`, email: `fuzz${serial}@example.com` });
  if (typeof fresh.title === 'string' && typeof fresh.isbn === 'string') Object.assign(fresh, { title: `Fuzz Book ${serial}`, isbn: `ISBN-FUZZ-${serial}` });
  return fresh;
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
    covers: (await readdir(t.server.services.images.dir!)).length,
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
      } else if (c.refuse && reply.statusCode < 400) {
        problems.push(`${c.label}: breaks the contract's limit but was answered ${reply.statusCode}`);
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
