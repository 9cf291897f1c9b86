// @vitest-environment jsdom
// `@pustak/sdk/swr` rendered with React and a fake fetch: one request for two components making
// the same call, the SDK's error classes on `error`, pages read one after another up to the
// last, and no request for null arguments.
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { NotFoundError, createPustakClient, type Book, type PustakClient } from '../src/index.js';
import {
  PustakClientProvider, isPustakKey, pustakKey, useBook, useBookPages, useBooks, useCart, useOrderPages, useReviews, useUserPages,
  type PustakError,
} from '../src/swr/index.js';
import { cleanup } from '@testing-library/react';

const BASE = 'http://api.test/api';
const BOOK_ID = '0f0e0000-0000-4000-8000-000000000003';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A client on a fake fetch that answers by path, and the requests it got. */
function fakeApi(answer: (url: URL) => Response | Promise<Response>) {
  const asked: URL[] = [];
  const client = createPustakClient({
    baseUrl: BASE,
    maxRetries: 0,
    fetch: async (request) => {
      const url = new URL(request.url);
      asked.push(url);
      return answer(url);
    },
  });
  return { client, asked, paths: () => asked.map((url) => `${url.pathname}${url.search}`) };
}

/** The provider and a cache of its own per test, no dedupe window games and no retries. */
function wrapperFor(client: PustakClient) {
  return ({ children }: { children?: ReactNode }) =>
    createElement(PustakClientProvider, { client },
      createElement(SWRConfig, { value: { provider: () => new Map(), shouldRetryOnError: false } }, children));
}

const book = (title: string) => ({ bookId: BOOK_ID, title });

afterEach(() => cleanup());

describe('@pustak/sdk/swr', () => {
  it('keys a call by its operation and arguments, so two components making it share one request', async () => {
    const api = fakeApi(() => json({ data: book('Muna Madan') }));
    const seen: (string | undefined)[][] = [[], []];
    const Title = ({ slot }: { slot: 0 | 1 }) => {
      const { data } = useBook(BOOK_ID);
      expectTypeOf(data).toEqualTypeOf<Book | undefined>();
      seen[slot]!.push(data?.title);
      return createElement('p', null, data?.title ?? '...');
    };
    const view = render(createElement(wrapperFor(api.client), null, createElement(Title, { slot: 0 }), createElement(Title, { slot: 1 })));
    await waitFor(() => expect(view.getAllByText('Muna Madan')).toHaveLength(2));
    expect(api.paths()).toEqual([`/api/bookcrud/getbookbyid/${BOOK_ID}`]);
    expect(pustakKey('catalog', 'get', BOOK_ID)).toEqual(['@pustak/sdk', 'catalog', 'get', BOOK_ID]);
    expect(isPustakKey(pustakKey('catalog', 'get', BOOK_ID), 'catalog')).toBe(true);
    expect(isPustakKey(['catalog', 'get', BOOK_ID])).toBe(false);
  });

  it('surfaces a failed call as the SDK\'s error class, typed', async () => {
    const api = fakeApi(() => json({ statusCode: 404, message: 'Book not found' }, 404));
    const { result } = renderHook(() => useBook(BOOK_ID), { wrapper: wrapperFor(api.client) });
    await waitFor(() => expect(result.current.error).toBeDefined());
    expectTypeOf(result.current.error).toEqualTypeOf<PustakError | undefined>();
    expect(result.current.error).toBeInstanceOf(NotFoundError);
    expect(result.current.error).toMatchObject({ status: 404, operation: 'getBookById' });
    expect(result.current.data).toBeUndefined();
  });

  it('reads page 2 on loadMore and stops at the last page', async () => {
    const api = fakeApi((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const items = page === 1 ? [book('One'), book('Two')] : [book('Three')];
      return json({ data: items, pagination: { currentPage: page, pageSize: 2, totalItems: 3, totalPages: 2 } });
    });
    const { result } = renderHook(() => useBookPages({ genre: 'Fiction', pageSize: 2 }), { wrapper: wrapperFor(api.client) });
    await waitFor(() => expect(result.current.items.map((b) => b.title)).toEqual(['One', 'Two']));
    expect(result.current.hasNextPage).toBe(true);

    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((b) => b.title)).toEqual(['One', 'Two', 'Three']));
    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.pages?.map((page) => page.page)).toEqual([1, 2]);

    await act(() => result.current.loadMore());
    expect(api.asked.map((url) => [url.searchParams.get('page'), url.searchParams.get('genre')])).toEqual([['1', 'Fiction'], ['2', 'Fiction']]);
  });

  it('pages users and orders in their own wire shapes alike', async () => {
    const api = fakeApi((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const shape = { data: [{ id: `${url.pathname}#${page}` }], currentPage: page, pageSize: 1, totalCount: 2, totalPages: 2 };
      return json(url.pathname.endsWith('/order/search') ? { ...shape, statusCounts: {} } : shape);
    });
    const wrapper = wrapperFor(api.client);
    const users = renderHook(() => useUserPages({ pageSize: 1 }), { wrapper }).result;
    const orders = renderHook(() => useOrderPages({ pageSize: 1, search: 'sita' }), { wrapper }).result;
    await waitFor(() => expect(users.current.hasNextPage && orders.current.hasNextPage).toBe(true));
    await act(async () => {
      await users.current.loadMore();
      await orders.current.loadMore();
    });
    await waitFor(() => expect(users.current.items).toHaveLength(2));
    await waitFor(() => expect(orders.current.items).toHaveLength(2));
    expect(users.current.items.map((user) => user.id)).toEqual(['/api/user/getallusers#1', '/api/user/getallusers#2']);
    expect(orders.current.hasNextPage).toBe(false);
  });

  it('fetches nothing for null arguments (or null options of a call without arguments)', async () => {
    const api = fakeApi(() => json({ data: [], pagination: { currentPage: 1, pageSize: 8, totalItems: 0, totalPages: 0 } }));
    const { result } = renderHook(() => ({
      book: useBook(null),
      reviews: useReviews(null),
      cart: useCart(null),
      pages: useBookPages(null),
      // The one call made: once it is answered, the others had their chance to go out.
      books: useBooks({ pageSize: 8 }),
    }), { wrapper: wrapperFor(api.client) });
    await waitFor(() => expect(result.current.books.data).toBeDefined());
    expect(api.paths()).toEqual(['/api/book/all?pageSize=8']);
    expect(result.current.book).toMatchObject({ data: undefined, isLoading: false });
    expect(result.current.cart).toMatchObject({ data: undefined, isLoading: false });
    expect(result.current.pages).toMatchObject({ pages: undefined, items: [], hasNextPage: false, isLoading: false });
  });

  it('takes the client as an option, and says so when there is none', async () => {
    const api = fakeApi(() => json({ data: book('Palpasa Cafe') }));
    const bare = ({ children }: { children?: ReactNode }) => createElement(SWRConfig, { value: { provider: () => new Map() } }, children);
    const { result } = renderHook(() => useBook(BOOK_ID, { client: api.client }), { wrapper: bare });
    await waitFor(() => expect(result.current.data?.title).toBe('Palpasa Cafe'));
    expect(() => renderHook(() => useBook(BOOK_ID), { wrapper: bare })).toThrow(/PustakClientProvider/);
  });
});
