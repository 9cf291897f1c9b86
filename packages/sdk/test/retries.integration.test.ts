// Retries against the mock's fault injection (POST /__mock/faults with `times`): real HTTP,
// real dropped connections and 5xx answers; the waits between attempts are recorded, not slept.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMock } from '@pustak/mock';
import {
  InternalServerError, NetworkError, UnprocessableEntityError, createPustakClient, type PustakClient,
} from '../src/index.js';

type RunningMock = Awaited<ReturnType<typeof startMock>>;
const quiet = { info() {}, warn() {}, error() {}, log() {} };
const BOOK = '0f0e0000-0000-4000-8000-000000000003';

let mock: RunningMock | undefined;
let delays: number[] = [];
let sent: Request[] = [];

function client(): PustakClient {
  return createPustakClient({
    baseUrl: `${mock!.url}/api`,
    getToken: () => 'mock.customer.token',
    retryEnvironment: { sleep: async (ms) => void delays.push(ms), random: () => 0 },
    fetch: (request) => {
      sent.push(request.clone());
      return globalThis.fetch(request);
    },
  });
}

async function fault(rule: Record<string, unknown>) {
  const response = await fetch(`${mock!.url}/__mock/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rule) });
  expect(response.status).toBe(201);
}

const faultsLeft = async (): Promise<{ path: string; times?: number }[]> =>
  ((await (await fetch(`${mock!.url}/__mock/faults`)).json()) as { faults: { path: string; times?: number }[] }).faults;

beforeAll(async () => {
  mock = await startMock({ port: 0, log: quiet, prismUrl: inject('prismUrl') });
}, 60_000);
afterEach(async () => {
  delays = [];
  sent = [];
  await fetch(`${mock!.url}/__mock/faults`, { method: 'DELETE' });
});
afterAll(async () => {
  await mock?.close();
});

describe('retries against the mock\'s faults', () => {
  it('reads through two 503s, waiting the Retry-After the mock sends', async () => {
    await fault({ path: '/book/all', fault: 503, times: 2 });
    const page = await client().books.list();
    expect(page.items.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(3);
    expect(delays).toEqual([1000, 1000]);
  });

  it('reads through a dropped connection with the backoff', async () => {
    await fault({ path: '/book/bestSeller', fault: 'drop', times: 1 });
    await expect(client().books.bestSellers()).resolves.not.toHaveLength(0);
    expect(delays).toEqual([500]);
  });

  it('gives up after the retries with a NetworkError', async () => {
    await fault({ path: '/book/genres', fault: 'drop', times: 3 });
    await expect(client().books.genreCounts()).rejects.toBeInstanceOf(NetworkError);
    expect(sent).toHaveLength(3);
    expect(await faultsLeft()).toEqual([]);
  });

  it('does not resend a cart add after a 500: the server may have added it', async () => {
    await fault({ path: '/addToCart/add', method: 'POST', fault: 500, times: 2 });
    await expect(client().cart.add(BOOK, 1)).rejects.toBeInstanceOf(InternalServerError);
    expect(sent).toHaveLength(1);
    expect((await faultsLeft())[0]).toMatchObject({ path: '/addToCart/add', times: 1 });
  });

  it('resends a place order whose connection dropped, with the same Idempotency-Key', async () => {
    await fault({ path: '/order/place', method: 'POST', fault: 'drop', times: 1 });
    const placed = await client().orders.place({ expectedTotal: 5614.5 });
    expect(placed.data.claimCode).toMatch(/^[0-9A-F]{8}$/);
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((r) => r.headers.get('Idempotency-Key'));
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it('gives the mock\'s 422 as an UnprocessableEntityError with the field in the contract\'s spelling', async () => {
    const error = await client().books.list({ pageSize: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(Object.keys((error as UnprocessableEntityError).errors)).toEqual(['query.pageSize']);
    expect(sent).toHaveLength(1);
  });
});
