// The bench's data: 10,000 books, 50,000 past orders, customers with tokens to sign in, a staff
// account, and shoppers with one book in their cart each (a cart is emptied by placing it, so
// every order needs a shopper of its own). The same rows on PGlite and on PostgreSQL.
// With `festival`, the shoppers' carts hold the last copies of a few festival books instead.

/**
 * @param {import('kysely').Kysely<any>} pool
 * @param {typeof import('kysely').sql} sql
 * @param {string} hash an argon2 hash of the bench password, for every account
 * @param {{ BOOKS: number, ORDERS: number, CUSTOMERS: number, SHOPPERS: number, festival?: { books: number, copies: number } }} sizes
 */
export async function seedBenchData(pool, sql, hash, sizes) {
  await loadWithoutTriggers(pool, sql, (db) => loadBenchData(db, sql, hash, sizes));
}

/** The rows of seedBenchData. */
async function loadBenchData(db, sql, hash, { BOOKS, ORDERS, CUSTOMERS, SHOPPERS, festival }) {
  await sql`insert into users (id, username, email, password_hash, role, is_verified, created_at)
    select gen_random_uuid(), 'bench' || g, 'bench' || g || '@example.com', ${hash}, 'User', true, now() - (g || ' days')::interval
    from generate_series(1, ${CUSTOMERS}) g`.execute(db);
  await sql`insert into users (id, username, email, password_hash, role, is_verified, created_at)
    values (gen_random_uuid(), 'benchstaff', 'benchstaff@example.com', ${hash}, 'Staff', true, now())`.execute(db);
  await insertBooks(db, sql, { BOOKS, authors: 500, lowStockEvery: 0 });
  await sql`with u as (select id, row_number() over (order by id) - 1 as n from users where role = 'User')
    insert into orders (id, user_id, order_date, original_total_paisa, discount_bp, final_total_paisa, status, claim_code)
    select gen_random_uuid(), u.id, now() - ((g % 20000) || ' minutes')::interval, 45000, 0, 45000,
      (array['Completed', 'Cancelled', 'Completed'])[1 + g % 3], null
    from generate_series(0, ${ORDERS - 1}) g join u on u.n = g % ${CUSTOMERS}`.execute(db);
  await sql`with o as (select id, row_number() over (order by id) - 1 as n from orders),
    b as (select id, title, isbn, price_paisa, row_number() over (order by id) - 1 as n from books)
    insert into order_items (id, order_id, book_id, title, item_code, quantity, price_per_unit_paisa, charged_per_unit_paisa)
    select gen_random_uuid(), o.id, b.id, b.title, b.isbn, 1, b.price_paisa, b.price_paisa from o join b on b.n = o.n % ${BOOKS}`.execute(db);
  // Shoppers with one book in their cart each, for the place-order run (a cart is emptied by
  // placing it, so every order needs a shopper of its own).
  await sql`insert into users (id, username, email, password_hash, role, is_verified, created_at)
    select gen_random_uuid(), 'shopper' || g, 'shopper' || g || '@example.com', ${hash}, 'User', true, now()
    from generate_series(1, ${SHOPPERS}) g`.execute(db);
  await sql`with s as (select id, row_number() over (order by id) as n from users where username like 'shopper%'),
    b as (select id, row_number() over (order by id) as n from books)
    insert into cart_items (id, user_id, book_id, quantity, created_at)
    select gen_random_uuid(), s.id, b.id, 1 + (s.n % 3)::int, now() from s join b on b.n = 1 + (s.n * 7) % ${BOOKS}`.execute(db);

  if (festival) {
    // The first books by id are the festival's: a few copies each, and every shopper's cart holds one of them.
    await sql`update books set quantity = ${festival.copies} where id in (select id from books order by id limit ${festival.books})`.execute(db);
    await sql`with s as (select id, row_number() over (order by id) as n from users where username like 'shopper%'),
      b as (select id, row_number() over (order by id) as n from books order by id limit ${festival.books})
      update cart_items c set book_id = b.id, quantity = 1 from s, b
      where c.user_id = s.id and b.n = 1 + s.n % ${festival.books}`.execute(db);
  }
}

/**
 * Runs `load` on one session (the settings hold for it only) without foreign-key checks nor
 * triggers: the load writes consistent rows, and a trigger per row (the dashboard's totals,
 * migration 0017) makes it several times slower. The totals are counted once after it.
 * @param {import('kysely').Kysely<any>} pool
 * @param {typeof import('kysely').sql} sql
 * @param {(db: import('kysely').Kysely<any>) => Promise<void>} load
 */
async function loadWithoutTriggers(pool, sql, load) {
  await pool.connection().execute(async (db) => {
    await sql`set session_replication_role = replica`.execute(db);
    await load(db);
    await sql`reset session_replication_role`.execute(db);
    const { rows: [totals] } = await sql`select to_regproc('shop_totals_recount') is not null as kept`.execute(db);
    if (totals.kept) await sql`select shop_totals_recount()`.execute(db);
    const { rows: [words] } = await sql`select to_regproc('book_search_words_refill') is not null as kept`.execute(db);
    if (words.kept) await sql`select book_search_words_refill()`.execute(db);
    // PostgreSQL's autovacuum would vacuum and analyze the load within a minute or so, which
    // the bench should not measure; on PGlite the server does it at start (ops/pglite-maintenance.ts),
    // as it would for a shop's own bulk load.
    const { rows: [engine] } = await sql`select version() like '%PGlite%' as pglite`.execute(db);
    if (!engine.pglite) await sql`vacuum analyze`.execute(db);
  });
}

/**
 * `BOOKS` books: titles of two words and a number, `authors` authors in turn, the nine genres,
 * a deal running on every fourth; a million copies each but for every `lowStockEvery`-th book
 * (0: none), which has fewer than five (the dashboard's books running low).
 * @param {import('kysely').Kysely<any>} db
 * @param {typeof import('kysely').sql} sql
 * @param {{ BOOKS: number, authors: number, lowStockEvery: number }} shape
 */
async function insertBooks(db, sql, { BOOKS, authors, lowStockEvery }) {
  const genres = ['Fiction', 'Non-Fiction', 'Science', 'History', 'Biography', 'Fantasy', 'Mystery', 'Romance', 'Horror'];
  const words = ['River', 'Mountain', 'Monsoon', 'Temple', 'Lantern', 'Valley', 'Festival', 'Letters', 'Journey', 'Harvest', 'Shadow', 'Garden'];
  const quantity = lowStockEvery > 0 ? sql`case when g % ${lowStockEvery}::int = 0 then g % 5 else 1000000 end` : sql`1000000`;
  await sql`insert into books (id, title, author, genre, isbn, description, publisher, publication_date, price_paisa, quantity, language,
      discount_bp, format, is_on_sale, available_in_library, award_winners, image_path, start_time, end_time, created_at)
    select gen_random_uuid(),
      (${sql.val(words)}::text[])[1 + g % 12] || ' ' || (${sql.val(words)}::text[])[1 + (g / 12) % 12] || ' ' || g,
      'Author ' || (g % ${authors}::int), (${sql.val(genres)}::text[])[1 + g % 9], 'ISBN-BENCH-' || g, 'A benchmark book.', 'Bench Press',
      now() - (g || ' days')::interval, (100 + g % 2000) * 100, ${quantity}, 'English', (g % 5) * 500, 'Paperback',
      g % 4 = 0, true, g % 10 = 0, '/covers/muna-madan.svg',
      case when g % 4 = 0 then now() - interval '1 day' end, case when g % 4 = 0 then now() + interval '365 days' end,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${BOOKS}) g`.execute(db);
}

/**
 * Orders handed over in the last 30 days, for the CSV export's measurement: `count` Completed
 * orders of two lines each (5 % off the cart), each with its "completed" event by benchstaff an
 * hour after it was placed, and an Admin (benchadmin) to export them. All in one statement.
 * @param {import('kysely').Kysely<any>} pool
 * @param {typeof import('kysely').sql} sql
 * @param {string} hash
 * @param {{ count: number, BOOKS: number, CUSTOMERS: number }} sizes
 */
export async function seedHandedOverOrders(pool, sql, hash, sizes) {
  await loadWithoutTriggers(pool, sql, (db) => loadHandedOverOrders(db, sql, hash, sizes));
}

/** The rows of seedHandedOverOrders. */
async function loadHandedOverOrders(db, sql, hash, { count, BOOKS, CUSTOMERS }) {
  await sql`insert into users (id, username, email, password_hash, role, is_verified, created_at)
    values (gen_random_uuid(), 'benchadmin', 'benchadmin@example.com', ${hash}, 'Admin', true, now())`.execute(db);
  await sql`with u as (select id, row_number() over (order by id) - 1 as n from users where role = 'User' and username like 'bench%'),
    b as (select id, title, isbn, price_paisa, row_number() over (order by id) - 1 as n from books),
    plan as materialized (
      select gen_random_uuid() as id, u.id as user_id, now() - ((g % 43000) || ' minutes')::interval - interval '1 hour' as placed,
        b1.id as b1, b1.title as t1, b1.isbn as i1, b1.price_paisa as p1, b2.id as b2, b2.title as t2, b2.isbn as i2, b2.price_paisa as p2
      from generate_series(0, ${count - 1}) g
      join u on u.n = g % ${CUSTOMERS} join b b1 on b1.n = g % ${BOOKS} join b b2 on b2.n = (g * 7 + 1) % ${BOOKS}
    ), o as (
      insert into orders (id, user_id, order_date, original_total_paisa, discount_bp, final_total_paisa, status, claim_code)
      select id, user_id, placed, p1 + 2 * p2, 500, ((p1 + 2 * p2) * 9500 + 5000) / 10000, 'Completed', null from plan
    ), e as (
      insert into order_events (order_id, kind, at, actor)
      select id, 'placed', placed, null from plan union all select id, 'completed', placed + interval '1 hour', 'benchstaff' from plan
    )
    insert into order_items (id, order_id, book_id, title, item_code, quantity, price_per_unit_paisa, charged_per_unit_paisa)
    select gen_random_uuid(), id, b1, t1, i1, 1, p1, p1 from plan
    union all select gen_random_uuid(), id, b2, t2, i2, 2, p2, p2 from plan`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

/**
 * A shop with a history, for `npm run bench -- --scale`: `BOOKS` books (an author per 20 of
 * them, so an author's shelf is the same size in a small and a large shop), `ORDERS` orders
 * spread evenly over the last `DAYS` days, of one or two lines each: most handed over (a
 * "placed" and a "completed" event by one of four staff, an hour later, paid in cash or by card),
 * some cancelled; the last two days' still Pending. Customers, an Admin (benchadmin) and
 * shoppers with a full cart, as seedBenchData has them. Set-based statements only: the ids
 * of orders and their lines are sequential (a random uuid per row makes every insert a random index page, and
 * the large shop's million orders several times slower to load).
 * @param {import('kysely').Kysely<any>} db
 * @param {typeof import('kysely').sql} sql
 * @param {string} hash
 * @param {{ BOOKS: number, ORDERS: number, DAYS: number, CUSTOMERS: number, SHOPPERS: number }} sizes
 */
export async function seedShopWithHistory(pool, sql, hash, sizes) {
  await loadWithoutTriggers(pool, sql, async (db) => {
    // The orders' indexes built once after the load rather than kept row by row.
    const { rows: indexes } = await sql`select indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename in ('orders', 'order_items', 'order_events')
        and indexname not in (select conname from pg_constraint)`.execute(db);
    for (const { indexname } of indexes) await sql`drop index ${sql.id(indexname)}`.execute(db);
    await loadShopWithHistory(db, sql, hash, sizes);
    for (const { indexdef } of indexes) await sql.raw(indexdef).execute(db);
  });
}

/** The rows of seedShopWithHistory. */
async function loadShopWithHistory(db, sql, hash, { BOOKS, ORDERS, DAYS, CUSTOMERS, SHOPPERS }) {
  await sql`insert into users (id, username, email, password_hash, role, is_verified, created_at)
    select gen_random_uuid(), 'bench' || g, 'bench' || g || '@example.com', ${hash}, 'User', true, now() - interval '4 years'
    from generate_series(1, ${CUSTOMERS}) g
    union all select gen_random_uuid(), 'benchstaff' || g, 'benchstaff' || g || '@example.com', ${hash}, 'Staff', true, now() from generate_series(1, 4) g
    union all select gen_random_uuid(), 'benchadmin', 'benchadmin@example.com', ${hash}, 'Admin', true, now()
    union all select gen_random_uuid(), 'shopper' || g, 'shopper' || g || '@example.com', ${hash}, 'User', true, now() from generate_series(1, ${SHOPPERS}) g`.execute(db);
  await insertBooks(db, sql, { BOOKS, authors: Math.max(1, Math.round(BOOKS / 20)), lowStockEvery: 97 });
  const minutes = DAYS * 1440;
  const pendingFrom = ORDERS - Math.ceil((ORDERS / DAYS) * 2);
  await sql`create temporary table bench_books as select id, title, isbn, price_paisa, (row_number() over (order by id) - 1)::int as n from books`.execute(db);
  await sql`create unique index on bench_books (n)`.execute(db);
  await sql`create temporary table bench_people as
    select id, username, role, (row_number() over (partition by role order by username) - 1)::int as n from users where role = 'Staff' or username like 'bench%' and role = 'User'`.execute(db);
  await sql`create unique index on bench_people (role, n)`.execute(db);
  await sql`with plan as materialized (
      select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid as id, u.id as user_id, u.username,
        now() - ((${minutes}::bigint * (${ORDERS}::bigint - g) / ${ORDERS}) || ' minutes')::interval as placed,
        case when g >= ${pendingFrom}::int then 'Pending' when g % 10 = 0 then 'Cancelled' else 'Completed' end as status,
        s.username as staff, g
      from generate_series(0, ${ORDERS - 1}::int) g
      join bench_people u on u.role = 'User' and u.n = g % ${CUSTOMERS}::int
      join bench_people s on s.role = 'Staff' and s.n = g % 4
    ), lined as materialized (
      select plan.*, b1.id as b1, b1.title as t1, b1.isbn as i1, b1.price_paisa as p1,
        b2.id as b2, b2.title as t2, b2.isbn as i2, case when g % 2 = 0 then b2.price_paisa else 0 end as p2
      from plan join bench_books b1 on b1.n = (g::bigint * 7919) % ${BOOKS}::int join bench_books b2 on b2.n = (g::bigint * 104729 + 1) % ${BOOKS}::int
    ), o as (
      insert into orders (id, user_id, order_date, original_total_paisa, discount_bp, final_total_paisa, status, claim_code, payment_method)
      select id, user_id, placed, p1 + p2, case when g % 3 = 0 then 500 else 0 end,
        case when g % 3 = 0 then ((p1 + p2) * 9500 + 5000) / 10000 else p1 + p2 end, status,
        case when status = 'Pending' then upper(substr(md5(id::text), 1, 8)) end,
        case when status = 'Completed' then (array['cash', 'card'])[1 + g % 2] end
      from lined
    ), e as (
      insert into order_events (order_id, kind, at, actor)
      select id, 'placed', placed, username from lined
      union all select id, 'completed', placed + interval '1 hour', staff from lined where status = 'Completed'
      union all select id, 'cancelled', placed + interval '10 minutes', username from lined where status = 'Cancelled'
    )
    insert into order_items (id, order_id, book_id, title, item_code, quantity, price_per_unit_paisa, charged_per_unit_paisa)
    select ('00000000-0000-4000-9000-' || lpad(to_hex(2 * g), 12, '0'))::uuid, id, b1, t1, i1, 1, p1, p1 from lined
    union all select ('00000000-0000-4000-9000-' || lpad(to_hex(2 * g + 1), 12, '0'))::uuid, id, b2, t2, i2, 1, p2, p2 from lined where g % 2 = 0`.execute(db);
  await sql`with s as (select id, row_number() over (order by id) as n from users where username like 'shopper%')
    insert into cart_items (id, user_id, book_id, quantity, created_at)
    select gen_random_uuid(), s.id, b.id, 1 + (s.n % 3)::int, now() from s join bench_books b on b.n = (s.n * 7) % ${BOOKS}
    where b.id in (select id from books where quantity >= 1000)`.execute(db);
  await sql`drop table bench_books, bench_people`.execute(db);
}
