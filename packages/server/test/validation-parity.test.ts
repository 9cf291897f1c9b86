// The same requests that break the contract, sent to the real server and to the mock: both
// answer 422 problem details naming the same places (`query.pageSize`, `path.bookId`,
// `body.password`...) in the contract's spelling, and a `detail` that says which rule each broke,
// so a front end built on the mock reads the server's refusals the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM package without type declarations (in this package's test config)
import { startMock } from '@pustak/mock';
import { IDS, startTestServer, type TestServer } from './helpers.js';

type RunningMock = { url: string; close(): Promise<void> };
const quiet = { info() {}, warn() {}, error() {}, log() {} };

let t: TestServer;
let mock: RunningMock;
const tokens = { server: { admin: '', customer: '' }, mock: { admin: 'mock.admin.token', customer: 'mock.customer.token' } };

beforeAll(async () => {
  [t, mock] = await Promise.all([startTestServer({ listen: true }), startMock({ port: 0, log: quiet }) as Promise<RunningMock>]);
  tokens.server.admin = await t.login('admin');
  tokens.server.customer = await t.login('sita');
}, 120_000);
afterAll(async () => {
  await Promise.all([mock?.close(), t?.close()]);
});

interface BadRequest {
  what: string;
  method: string;
  path: string;
  as?: 'admin' | 'customer';
  body?: unknown;
  places: string[];
}

const BAD: BadRequest[] = [
  { what: 'a query number below its minimum', method: 'GET', path: '/book/all?pageSize=0', places: ['query.pageSize'] },
  { what: 'two query parameters wrong at once', method: 'GET', path: '/book/all?page=abc&pageSize=500', places: ['query.page', 'query.pageSize'] },
  { what: 'a query value outside its enum', method: 'GET', path: '/book/all?sortBy=nope', places: ['query.sortBy'] },
  { what: 'a path parameter that is no uuid', method: 'GET', path: '/review/getReviews/not-a-uuid', places: ['path.bookId'] },
  { what: 'body properties breaking their rules', method: 'POST', path: '/addToCart/add', as: 'customer', body: { bookId: 'x', quantity: 0 }, places: ['body.bookId', 'body.quantity'] },
  { what: 'a missing and an unknown body property', method: 'POST', path: '/addToCart/add', as: 'customer', body: { quantity: 1, extra: 1 }, places: ['body.bookId', 'body.extra'] },
  { what: 'a missing property at sign-in', method: 'POST', path: '/auth/login', body: { username: 'sita' }, places: ['body.password'] },
  { what: 'a PascalCase body', method: 'PUT', path: `/bookcrud/discountOffer/${IDS.munaMadan}`, as: 'admin', body: { Discount: 'x', StartTime: 'nope', EndTime: '2026-12-21T00:00:00Z', IsOnSale: true }, places: ['body.Discount', 'body.StartTime'] },
  { what: 'a paged admin list', method: 'GET', path: '/user/getallusers?pageSize=0', as: 'admin', places: ['query.pageSize'] },
];

async function send(target: 'server' | 'mock', bad: BadRequest) {
  const base = target === 'server' ? `${t.url}/api` : `${mock.url}/api`;
  const response = await fetch(`${base}${bad.path}`, {
    method: bad.method,
    headers: {
      ...(bad.as ? { Authorization: `Bearer ${tokens[target][bad.as]}` } : {}),
      ...(bad.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(bad.body === undefined ? {} : { body: JSON.stringify(bad.body) }),
  });
  return { status: response.status, problem: (await response.json()) as { errors: Record<string, string[]>; detail: string } };
}

describe('the server and the mock refuse a request that breaks the contract alike', () => {
  it.each(BAD)('$what: the same places, in the contract\'s spelling', async (bad) => {
    const [server, mocked] = await Promise.all([send('server', bad), send('mock', bad)]);
    expect(server.status).toBe(422);
    expect(mocked.status).toBe(422);
    expect(Object.keys(server.problem.errors).sort()).toEqual(bad.places);
    expect(Object.keys(mocked.problem.errors).sort()).toEqual(bad.places);
    for (const place of bad.places) {
      // The detail names each field (as the contract spells it) with its rule, on both.
      const field = place.split('.').slice(1).join('.');
      const named = new RegExp(`\\b${field}\\b`);
      expect(server.problem.detail).toMatch(named);
      expect(mocked.problem.detail).toMatch(named);
    }
  });

  it('says which rule was broken, in the words the mock uses', async () => {
    const { problem } = await send('server', BAD[0]!);
    expect(problem.detail).toBe('Request query parameter pageSize must be >= 1');
    const { problem: mocked } = await send('mock', BAD[0]!);
    expect(mocked.detail).toBe(problem.detail);
  });
});
