// A catalogue page as GET /book/all serves it, and as a plain OFFSET over the stored books reads
// it: the oracle of the page marks' and the searches' suites.
import { sql, type RawBuilder } from 'kysely';
import { expect } from 'vitest';
import type { TestServer } from './helpers.js';

export const PAGE_SIZE = 8;

/** A list of GET /book/all (its query string), and its filters and order in SQL over `books`. */
export interface Listing {
  query: string;
  where: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
}

export interface Page {
  ids: string[];
  total: number;
}

export async function servedPage(t: TestServer, listing: Listing, page: number): Promise<Page> {
  const reply = await t.call({ method: 'GET', url: `/api/book/all?pageSize=${PAGE_SIZE}&page=${page}&${listing.query}` });
  expect(reply.statusCode, reply.body).toBe(200);
  const body = reply.json();
  return { ids: body.data.map((book: { bookId: string }) => book.bookId), total: body.pagination.totalItems };
}

/** The page as OFFSET reads it from the stored books. */
export async function offsetPage(t: TestServer, listing: Listing, page: number): Promise<Page> {
  const db = t.server.database.db;
  const { rows } = await sql<{ id: string }>`select id from books where ${listing.where} order by ${listing.order} limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`.execute(db);
  const { rows: counted } = await sql<{ n: string }>`select count(*) as n from books where ${listing.where}`.execute(db);
  return { ids: rows.map((row) => row.id), total: Number(counted[0]!.n) };
}

/** Books g = 1..count beside the demo's, Fiction and History in turn; the other columns are expressions of g. */
export async function insertBooks(
  t: TestServer,
  count: number,
  of: { title: RawBuilder<unknown>; author: RawBuilder<unknown>; isbn: RawBuilder<unknown>; price: RawBuilder<unknown>; award: RawBuilder<unknown>; createdAt: RawBuilder<unknown> },
): Promise<void> {
  await sql`insert into books (id, title, author, genre, isbn, description, publisher, publication_date, price_paisa, quantity, language,
      discount_bp, format, is_on_sale, available_in_library, award_winners, image_path, created_at)
    select gen_random_uuid(), ${of.title}, ${of.author}, (array['Fiction', 'History'])[1 + g % 2], ${of.isbn}, 'A catalogue test book.', 'Test Press', '2020-01-01',
      ${of.price}, 10, 'English', 0, 'Paperback', false, true, ${of.award}, '/covers/muna-madan.svg', ${of.createdAt}
    from generate_series(1, ${count}::int) g`.execute(t.server.database.db);
}
