// The catalogue's deep pages read through page marks (modules/books/page-marks.ts) are the
// pages OFFSET gives: before the marks are built, through them, and after the catalogue
// changed under them (the marks then belong to another catalogue version).
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marksBuilt } from '../src/modules/books/page-marks.js';
import { insertBooks, offsetPage as offsetPageOf, PAGE_SIZE, servedPage, type Listing } from './catalogue-pages.js';
import { startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
const db = () => t.server.database.db;

beforeAll(async () => {
  t = await startTestServer({ settings: { readCacheMb: 0 } });
  // 1,200 books beside the demo's: three to an arrival minute and seven prices, so the ties
  // (broken by the title, then the id) fall on either side of the marks.
  await insertBooks(t, 1200, {
    title: sql`(array['Deep', 'deep', 'DEEP'])[1 + g % 3] || ' Page ' || g`,
    author: sql`'Marker ' || (g % 4)`,
    isbn: sql`'ISBN-MARK-' || g`,
    price: sql`(100 + g % 7) * 100`,
    award: sql`g % 3 = 0`,
    createdAt: sql`timestamptz '2025-01-01' - ((g / 3) || ' minutes')::interval`,
  });
});
afterAll(async () => {
  await t?.close();
});

type Ordering = Listing;
const ORDERINGS: Ordering[] = [
  { query: 'sortBy=createdat&sortDesc=true', where: sql`true`, order: sql`created_at desc, id` },
  { query: 'sortBy=createdat&sortDesc=false', where: sql`true`, order: sql`created_at, id` },
  { query: 'sortBy=price&sortDesc=false', where: sql`true`, order: sql`price_paisa, lower(title), id` },
  { query: 'sortBy=price&sortDesc=true', where: sql`true`, order: sql`price_paisa desc, lower(title) desc, id` },
  { query: 'sortBy=title&sortDesc=false', where: sql`true`, order: sql`lower(title), id` },
  { query: 'sortBy=price&sortDesc=false&genre=Fiction', where: sql`lower(genre) = 'fiction'`, order: sql`price_paisa, lower(title), id` },
  { query: 'sortBy=awardwinner&sortDesc=true', where: sql`award_winners`, order: sql`created_at desc, id` },
  { query: 'sortBy=createdat&sortDesc=true&author=MARKER%202', where: sql`lower(author) = 'marker 2'`, order: sql`created_at desc, id` },
];

const served = (ordering: Ordering, page: number) => servedPage(t, ordering, page);
const offsetPage = (ordering: Ordering, page: number) => offsetPageOf(t, ordering, page);

/** Deep pages of the ordering, the first past its first mark, pages on either side of marks, its last and one past it. */
async function deepPages(ordering: Ordering): Promise<number[]> {
  const { total } = await offsetPage(ordering, 1);
  const last = Math.ceil(total / PAGE_SIZE);
  return [...new Set([33, 34, 64, 65, 66, 97, 129, last - 1, last, last + 1].filter((page) => page >= 33 && page <= last + 1))];
}

async function expectPagesAsOffset(ordering: Ordering): Promise<void> {
  for (const page of await deepPages(ordering)) {
    expect(await served(ordering, page), `${ordering.query}, page ${page}`).toEqual(await offsetPage(ordering, page));
  }
}

describe('deep catalogue pages (page marks)', () => {
  it('are the pages OFFSET reads, before and after their marks are built', async () => {
    for (const ordering of ORDERINGS) {
      await expectPagesAsOffset(ordering);
      await marksBuilt(db());
      await expectPagesAsOffset(ordering);
    }
  });

  it('are built once for an ordering whose deep pages are read one after another (a build that ended during the next page\'s read is kept)', async () => {
    let builds = 0;
    const executor = db().getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = ((query: CompiledQuery) => {
      if (/row_number\(\) over/.test(query.sql)) builds += 1;
      return execute(query);
    }) as typeof executor.executeQuery;
    try {
      // An ordering no other test reads: author B's books, newest first.
      const ordering: Ordering = { query: 'sortBy=createdat&sortDesc=true&author=MARKER%201', where: sql`lower(author) = 'marker 1'`, order: sql`created_at desc, id` };
      // One right after another, as a shopper paging on: each page is read while the build the one
      // before started may still run.
      const pages = [33, 34, 35, 36, 37, 36];
      const answers = [];
      for (const page of pages) answers.push(await served(ordering, page));
      for (const [i, page] of pages.entries()) expect(answers[i], `page ${page}`).toEqual(await offsetPage(ordering, page));
      await marksBuilt(db());
      expect(builds).toBe(1);
    } finally {
      executor.executeQuery = execute;
    }
  });

  it('stay exact when the catalogue changes under the marks: a book added, deleted, repriced, retitled, given an award or a genre', async () => {
    const changes: { name: string; change: RawBuilder<unknown> }[] = [
      {
        name: 'a book added first in every ordering',
        change: sql`insert into books (id, title, author, genre, isbn, description, publisher, publication_date, price_paisa, quantity, language,
            discount_bp, format, is_on_sale, available_in_library, award_winners, image_path, created_at)
          values (gen_random_uuid(), 'AAA First Page', 'Marker 2', 'Fiction', 'ISBN-MARK-NEW', 'New.', 'Mark Press', '2020-01-01', 100, 10, 'English', 0, 'Paperback',
            false, true, true, '/covers/muna-madan.svg', timestamptz '2025-01-02')`,
      },
      { name: 'a book deleted', change: sql`delete from books where title = 'deep Page 10'` },
      { name: 'a book repriced', change: sql`update books set price_paisa = 50 where title = 'DEEP Page 1100'` },
      { name: 'a book retitled', change: sql`update books set title = 'AAB Renamed' where title = 'Deep Page 1101'` },
      { name: 'an award given', change: sql`update books set award_winners = true where title = 'deep Page 1000'` },
      { name: 'a genre changed', change: sql`update books set genre = 'Fiction' where title = 'DEEP Page 1001'` },
    ];
    for (const { name, change } of changes) {
      for (const ordering of ORDERINGS) await served(ordering, 40);
      await marksBuilt(db());
      await change.execute(db());
      for (const ordering of ORDERINGS) {
        for (const page of await deepPages(ordering)) {
          expect(await served(ordering, page), `after ${name}: ${ordering.query}, page ${page}`).toEqual(await offsetPage(ordering, page));
        }
      }
    }
  });

  it('a long search (its matches found once per page) counts and pages them as OFFSET does, in every sort and with a filter', async () => {
    const searches: Ordering[] = [
      { query: 'search=DEEP%20PAGE%201&sortBy=createdat&sortDesc=true', where: sql`search_text like '%deep page 1%'`, order: sql`created_at desc, id` },
      { query: 'search=deep%20page%201&sortBy=price&sortDesc=true', where: sql`search_text like '%deep page 1%'`, order: sql`price_paisa desc, lower(title) desc, id` },
      { query: 'search=deep%20page%201&sortBy=title&sortDesc=false&genre=History', where: sql`search_text like '%deep page 1%' and lower(genre) = 'history'`, order: sql`lower(title), id` },
      { query: 'search=Deep%20Page%201199', where: sql`search_text like '%deep page 1199%'`, order: sql`created_at desc, id` },
      { query: 'search=no%20such%20book%20at%20all', where: sql`search_text like '%no such book at all%'`, order: sql`created_at desc, id` },
    ];
    for (const search of searches) {
      const { total } = await offsetPage(search, 1);
      for (const page of new Set([1, 2, Math.max(1, Math.ceil(total / PAGE_SIZE)), Math.ceil(total / PAGE_SIZE) + 1])) {
        expect(await served(search, page), `${search.query}, page ${page}`).toEqual(await offsetPage(search, page));
      }
    }
  });
});
