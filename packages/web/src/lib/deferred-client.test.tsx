// The app's client in the browser is created before its code has arrived (main.tsx): each call
// must answer exactly as the SDK client itself does, however early it was made.
import { type PustakClient, isApiError } from '@pustak/sdk';
import { describe, expect, it } from 'vitest';
import { getTestMockUrl } from '../../test/mock-url';
import { createAppClient, createDeferredAppClient } from './api-client';
import { deferredClient } from './deferred-client';

const options = () => ({ baseUrl: `${getTestMockUrl()}/api`, getToken: () => null, onUnauthorized: () => {}, maxRetries: 0 });

describe('createDeferredAppClient', () => {
  it('answers a call made at once as the SDK client does', async () => {
    const [deferred, direct] = await Promise.all([
      createDeferredAppClient(options()).books.list({ pageSize: 3 }),
      createAppClient(options()).books.list({ pageSize: 3 }),
    ]);
    expect(deferred.items.length).toBeGreaterThan(0);
    expect(deferred).toEqual(direct);
  });

  it('walks pages with iterate like the SDK client', async () => {
    const titles = async (client: PustakClient) => {
      const seen: string[] = [];
      for await (const book of client.books.iterate({ pageSize: 2 })) seen.push(book.title);
      return seen;
    };
    const walked = await titles(createDeferredAppClient(options()));
    expect(walked.length).toBeGreaterThan(2);
    expect(walked).toEqual(await titles(createAppClient(options())));
  });

  it("rejects with the SDK's own error", async () => {
    // A page size the contract refuses (422).
    const failure = (client: PustakClient) => client.books.list({ pageSize: -1 }).catch((e: unknown) => e);
    const [deferred, direct] = await Promise.all([failure(createDeferredAppClient(options())), failure(createAppClient(options()))]);
    expect(isApiError(deferred)).toBe(true);
    expect(deferred).toBeInstanceOf((direct as object).constructor);
    expect([(deferred as { status: number }).status, (deferred as Error).message]).toEqual([(direct as { status: number }).status, (direct as Error).message]);
  });
});

describe('deferredClient', () => {
  it('waits for the client and passes the arguments through', async () => {
    let release!: (client: PustakClient) => void;
    const client = deferredClient(() => new Promise((resolve) => (release = resolve)));
    let settled = false;
    const call = client.books.byAuthor('Laxmi Prasad Devkota').then((books) => ((settled = true), books));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    release({ books: { byAuthor: async (author: string) => [{ author }] } } as unknown as PustakClient);
    expect(await call).toEqual([{ author: 'Laxmi Prasad Devkota' }]);
  });

  it('is not a thenable (awaiting it gives the client back); a failed load fails the call, the next call loads again', async () => {
    let loads = 0;
    const client = deferredClient(() => {
      loads += 1;
      if (loads === 1) return Promise.reject(new Error('chunk failed to load'));
      return Promise.resolve({ books: { genreCounts: async () => [] } } as unknown as PustakClient);
    });
    expect(await client).toBe(client);
    expect(loads).toBe(0);
    await expect(client.books.genreCounts()).rejects.toThrow('chunk failed to load');
    await expect(client.books.genreCounts()).resolves.toEqual([]);
    expect(loads).toBe(2);
  });
});
