// A search's count is kept for the catalogue version it was counted at
// (modules/books/search-counts.ts): every page of every search, and its total, are what a
// plain ILIKE with OFFSET reads from the stored books, also right after a book is added,
// retitled, given another author or deleted by a write that did not go through this server
// (another instance's, or the database's own).
import fc from 'fast-check';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooks, offsetPage, PAGE_SIZE, servedPage, type Listing } from './catalogue-pages.js';
import { startTestServer, type TestServer } from './helpers.js';

const WORDS = ['Amber', 'Cobalt', 'Saffron', 'Indigo', 'Umber'];
let t: TestServer;
const db = () => t.server.database.db;

beforeAll(async () => {
  t = await startTestServer({ settings: { readCacheMb: 0 } });
  // 300 books beside the demo's: two of the five words and a number each, seven authors, two
  // genres, an award on every third, three to an arrival minute (ties broken by the id).
  await insertBooks(t, 300, {
    title: sql`(${sql.val(WORDS)}::text[])[1 + g % 5] || ' ' || (${sql.val(WORDS)}::text[])[1 + (g / 5) % 5] || ' ' || g`,
    author: sql`'Writer ' || (g % 7)`,
    isbn: sql`'ISBN-COUNT-' || g`,
    price: sql`(100 + g % 9) * 100`,
    award: sql`g % 3 = 0`,
    createdAt: sql`timestamptz '2025-01-01' - ((g / 3) || ' minutes')::interval`,
  });
  await addBook('Half_Price 100% Amber Sale').execute(db());
  await addBook('HalfXPrice 1000 Amber').execute(db());
});
afterAll(async () => {
  await t?.close();
});

/** A search and its filters, `where` a plain ILIKE over the stored books (not search_text, not its index). */
type Search = Listing;
const like = (text: string) => {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(title ilike ${pattern} or author ilike ${pattern})`;
};
const SEARCHES: Search[] = [
  // Shorter than ten characters: counted by the trigram index, paged by the sort's index.
  { query: 'search=amber', where: like('amber'), order: sql`created_at desc, id` },
  { query: 'search=COBALT&sortBy=price&sortDesc=true&genre=History', where: sql`${like('cobalt')} and lower(genre) = 'history'`, order: sql`price_paisa desc, lower(title) desc, id` },
  { query: 'search=writer%203&sortBy=title&sortDesc=false', where: like('writer 3'), order: sql`lower(title), id` },
  { query: 'search=umber&sortBy=awardwinner&sortDesc=true', where: sql`${like('umber')} and award_winners`, order: sql`created_at desc, id` },
  // Ten characters or more: its matches found once per page.
  { query: 'search=amber%20cobalt&sortBy=createdat&sortDesc=true', where: like('amber cobalt'), order: sql`created_at desc, id` },
  { query: 'search=Saffron%20Indigo%201&sortDesc=false', where: like('saffron indigo 1'), order: sql`created_at, id` },
  // LIKE's wildcards are the user's characters, on either side of the space and without one.
  { query: 'search=100%25%20amber', where: like('100% amber'), order: sql`created_at desc, id` },
  { query: 'search=half_price', where: like('half_price'), order: sql`created_at desc, id` },
];

const served = (search: Search, page: number) => servedPage(t, search, page);
const oracle = (search: Search, page: number) => offsetPage(t, search, page);

async function expectAsOracle(search: Search, page: number, after: string): Promise<void> {
  expect(await served(search, page), `${after}: ${search.query}, page ${page}`).toEqual(await oracle(search, page));
}

/** A book that matches `title` (its author a word none of the searches holds). */
const addBook = (title: string) =>
  sql`insert into books (id, title, author, genre, isbn, description, publisher, publication_date, price_paisa, quantity, language,
      discount_bp, format, is_on_sale, available_in_library, award_winners, image_path, created_at)
    values (gen_random_uuid(), ${title}, 'Nobody', 'History', ${`ISBN-COUNT-NEW-${title}`}, 'New.', 'Count Press', '2020-01-01', 100, 10, 'English', 0, 'Paperback',
      false, true, true, '/covers/muna-madan.svg', timestamptz '2024-06-01')`;

describe('a search kept counted', () => {
  it('pages and counts every search as OFFSET and ILIKE do, its first page, the next ones, its last and past it', async () => {
    for (const search of SEARCHES) {
      const { total } = await oracle(search, 1);
      const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
      for (const page of [1, 2, 3, last, last + 1, 1]) await expectAsOracle(search, page, 'unchanged');
    }
  });

  it('finds and counts, on its next page, a book added, retitled, given an author or deleted after its count was kept', async () => {
    const changes: { name: string; change: RawBuilder<unknown> }[] = [
      { name: 'a book added', change: addBook('Amber Cobalt Saffron New') },
      { name: 'a book retitled into the searches', change: sql`update books set title = 'Umber Amber Cobalt Renamed' where title = 'Indigo Indigo 18'` },
      { name: 'a book retitled out of them', change: sql`update books set title = 'Nothing Here' where title = 'Amber Cobalt 5'` },
      { name: 'a book given an author the searches find', change: sql`update books set author = 'Amber Cobalt Writer 3' where title = 'Saffron Saffron 12'` },
      { name: 'an author renamed', change: sql`update books set author = 'Someone' where author = 'Writer 3'` },
      { name: 'a book deleted', change: sql`delete from books where title = 'Amber Cobalt 30'` },
    ];
    for (const { name, change } of changes) {
      for (const search of SEARCHES) await served(search, 1);
      await change.execute(db());
      for (const search of SEARCHES) {
        const { total } = await oracle(search, 1);
        for (const page of [2, 1, Math.ceil(total / PAGE_SIZE) + 1]) await expectAsOracle(search, page, `after ${name}`);
      }
    }
  });

  it('stays exact over any mix of searches and writes (property)', async () => {
    const words = fc.constantFrom(...WORDS);
    const actions = fc.array(
      fc.oneof(
        { weight: 5, arbitrary: fc.record({ kind: fc.constant('read' as const), search: fc.nat(SEARCHES.length - 1), page: fc.integer({ min: 1, max: 6 }) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), first: words, second: words }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('retitle' as const), book: fc.nat(299), first: words, second: words }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('author' as const), book: fc.nat(299), writer: fc.nat(9) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), book: fc.nat(299) }) },
      ),
      { minLength: 1, maxLength: 16 },
    );
    // The n-th of this suite's books by id (some are gone or changed by earlier runs: any will do).
    let written = 0; // titles are unique: each write's own number
    const nth = (n: number) => sql`(select id from books where isbn like 'ISBN-COUNT-%' order by id offset ${n} limit 1)`;
    await fc.assert(
      fc.asyncProperty(actions, async (mix) => {
        for (const action of mix) {
          if (action.kind === 'read') await expectAsOracle(SEARCHES[action.search]!, action.page, JSON.stringify(mix));
          else if (action.kind === 'add') await addBook(`${action.first} ${action.second} a${(written += 1)}`).execute(db());
          else if (action.kind === 'retitle') await sql`update books set title = ${`${action.first} ${action.second} r${(written += 1)}`} where id = ${nth(action.book)}`.execute(db());
          else if (action.kind === 'author') await sql`update books set author = ${`Writer ${action.writer}`} where id = ${nth(action.book)}`.execute(db());
          else await sql`delete from books where id = ${nth(action.book)}`.execute(db());
        }
      }),
      { numRuns: 25 },
    );
  });
});
