// One set of migrations for PGlite and PostgreSQL. Kysely's migrator runs them in order and
// holds a lock while it does (on PostgreSQL an advisory lock), so several instances starting
// at once migrate once.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001-initial': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('User', 'Staff', 'Admin')`))
        .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('otp_code', 'text')
        .addColumn('otp_expires_at', 'timestamptz')
        .addColumn('otp_failed_tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create unique index users_username_key on users (lower(username))`.execute(db);
      await sql`create unique index users_email_key on users (lower(email))`.execute(db);
      await db.schema.createIndex('users_role_created').on('users').columns(['role', 'created_at']).execute();

      await db.schema
        .createTable('books')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('genre', 'text', (c) => c.notNull())
        .addColumn('isbn', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('publisher', 'text', (c) => c.notNull())
        .addColumn('publication_date', 'timestamptz', (c) => c.notNull())
        .addColumn('price_paisa', 'bigint', (c) => c.notNull().check(sql`price_paisa >= 0`))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('discount_bp', 'integer', (c) => c.notNull().check(sql`discount_bp between 0 and 10000`))
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('is_on_sale', 'boolean', (c) => c.notNull())
        .addColumn('available_in_library', 'boolean', (c) => c.notNull())
        .addColumn('award_winners', 'boolean', (c) => c.notNull())
        .addColumn('image_path', 'text')
        .addColumn('start_time', 'timestamptz')
        .addColumn('end_time', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create unique index books_title_key on books (lower(title))`.execute(db);
      await sql`create unique index books_isbn_key on books (lower(isbn))`.execute(db);
      // The default catalogue order and its tie-break; the other sorts and filters.
      await sql`create index books_created on books (created_at desc, id)`.execute(db);
      await sql`create index books_price on books (price_paisa, id)`.execute(db);
      await sql`create index books_title on books (lower(title), id)`.execute(db);
      await sql`create index books_genre on books (lower(genre), created_at desc)`.execute(db);
      await sql`create index books_author on books (lower(author))`.execute(db);

      await db.schema
        .createTable('reviews')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('book_id', 'uuid', (c) => c.notNull().references('books.id').onDelete('cascade'))
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars between 1 and 5`))
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('reviews_one_per_customer', ['book_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('wishlist')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('book_id', 'uuid', (c) => c.notNull().references('books.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('wishlist_pkey', ['user_id', 'book_id'])
        .execute();

      await db.schema
        .createTable('cart_items')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('book_id', 'uuid', (c) => c.notNull().references('books.id').onDelete('cascade'))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('unit_price_paisa', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('cart_items_one_line_per_book', ['user_id', 'book_id'])
        .execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('order_date', 'timestamptz', (c) => c.notNull())
        .addColumn('original_total_paisa', 'bigint', (c) => c.notNull())
        .addColumn('discount_bp', 'integer', (c) => c.notNull())
        .addColumn('final_total_paisa', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('Pending', 'Processing', 'Completed', 'Cancelled')`),
        )
        .addColumn('claim_code', 'text')
        .execute();
      await sql`create index orders_user_date on orders (user_id, order_date desc)`.execute(db);
      await sql`create index orders_date on orders (order_date desc)`.execute(db);
      await sql`create index orders_status on orders (status)`.execute(db);
      // Claim codes are unique among open orders (the code is what staff type at pickup).
      await sql`create unique index orders_open_claim_code on orders (upper(claim_code)) where status = 'Pending' and claim_code is not null`.execute(db);

      await db.schema
        .createTable('order_items')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        // No foreign key: an order keeps its lines (with the title) after a book is deleted.
        .addColumn('book_id', 'uuid', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('price_per_unit_paisa', 'bigint', (c) => c.notNull())
        .addColumn('charged_per_unit_paisa', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
      await db.schema.createIndex('order_items_book').on('order_items').columns(['book_id', 'order_id']).execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index notifications_created on notifications (created_at desc)`.execute(db);

      await db.schema
        .createTable('announcements')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('start_time', 'timestamptz', (c) => c.notNull())
        .addColumn('end_time', 'timestamptz', (c) => c.notNull())
        .addColumn('is_pinned', 'boolean', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('text_color', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0002-search-index': {
    // Title and author search ("contains", case-insensitive) uses trigram indexes where the
    // pg_trgm extension is available (PGlite loads it; PostgreSQL ships it in contrib).
    async up(db: Kysely<any>) {
      const available = await sql<{ ok: number }>`select 1 as ok from pg_available_extensions where name = 'pg_trgm'`.execute(db);
      if (available.rows.length === 0) return;
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index books_title_trgm on books using gin (title gin_trgm_ops)`.execute(db);
      await sql`create index books_author_trgm on books using gin (author gin_trgm_ops)`.execute(db);
    },
  },
  '0003-search-text': {
    // Search ("contains", case-insensitive) on one lower-cased column: LIKE on it is several
    // times faster than ILIKE on two columns, and one trigram index serves it. The unit
    // separator between title and author keeps a search from matching across the two.
    async up(db: Kysely<any>) {
      await sql`alter table books add column search_text text generated always as (lower(title) || chr(31) || lower(author)) stored`.execute(db);
      // Place order counts the customer's Completed orders (the loyalty discount).
      await sql`create index orders_user_status on orders (user_id, status)`.execute(db);
      await sql`drop index if exists books_title_trgm`.execute(db);
      await sql`drop index if exists books_author_trgm`.execute(db);
      const trgm = await sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db);
      if (trgm.rows.length > 0) await sql`create index books_search_trgm on books using gin (search_text gin_trgm_ops)`.execute(db);
    },
  },
  '0004-rate-limits': {
    // Attempt counters that every instance on one PostgreSQL database shares (http/rate-limit-stores.ts).
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
    },
  },
  '0005-order-item-codes': {
    // An order line keeps the ISBN it was sold under (its item code), as it keeps the title: the
    // book may be edited or deleted later. Lines whose book is already gone keep its id. The
    // default '' lets an instance still on the previous release place orders while a rolling
    // upgrade of several instances on one database is under way.
    async up(db: Kysely<any>) {
      await sql`alter table order_items add column item_code text`.execute(db);
      await sql`update order_items set item_code = books.isbn from books where books.id = order_items.book_id`.execute(db);
      await sql`update order_items set item_code = book_id::text where item_code is null`.execute(db);
      await sql`alter table order_items alter column item_code set default ''`.execute(db);
      await sql`alter table order_items alter column item_code set not null`.execute(db);
    },
  },
  '0006-cart-current-price': {
    // A cart line costs what its book costs now (the cart view and the order read books.price):
    // the price remembered at the first add charged customers a price that no longer held. The
    // column is no longer written or read, but stays (nullable) so that an instance still on the
    // previous release keeps adding to carts during a rolling upgrade; a later release drops it.
    async up(db: Kysely<any>) {
      await sql`alter table cart_items alter column unit_price_paisa drop not null`.execute(db);
    },
  },
  '0007-cart-added-unit-price': {
    // What one copy cost when the customer last added the book (issue 28), so the cart can say
    // "the price changed since you added it". It is never charged: the line costs what the book
    // costs now. Nullable with no default: an instance still on the previous release adds lines
    // without it (they show no price change), and the older unit_price_paisa, which held a list
    // price of the first add, is not reused for it.
    async up(db: Kysely<any>) {
      await sql`alter table cart_items add column added_unit_price_paisa bigint`.execute(db);
    },
  },
  '0008-account-passwords': {
    // A forgotten password's reset code (as the registration code: 15 minutes, 5 tries) and the
    // account's token version, carried by every token and raised by a password change or reset
    // so every earlier token is refused. Defaults (0, no code) let an instance still on the
    // previous release register accounts and sign in during a rolling upgrade; its tokens carry
    // no version and count as version 0.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('reset_code', 'text').execute();
      await db.schema.alterTable('users').addColumn('reset_expires_at', 'timestamptz').execute();
      await db.schema
        .alterTable('users')
        .addColumn('reset_failed_tries', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '0009-order-lifecycle': {
    // The pickup lifecycle (issue 29): Ready (copies put aside, a hold period) and Expired, and
    // each order's history. Rolling-upgrade safe: the new columns are nullable and the history
    // table is only added to, so an instance still on the previous release keeps placing,
    // listing, cancelling and verifying orders (its orders get no events; the new release fills
    // the gaps when it reads them, orders/history.ts). Staff should mark orders ready only once
    // every instance runs this release: the previous one would take a Ready order's stock a
    // second time at pickup and not return it on a cancel.
    async up(db: Kysely<any>) {
      await sql`alter table orders drop constraint if exists orders_status_check`.execute(db);
      await sql`alter table orders add constraint orders_status_check check (status in ('Pending', 'Ready', 'Processing', 'Completed', 'Cancelled', 'Expired'))`.execute(db);
      await db.schema.alterTable('orders').addColumn('ready_at', 'timestamptz').execute();
      await db.schema.alterTable('orders').addColumn('expires_at', 'timestamptz').execute();
      // The expiry sweep's search: Ready orders by the end of their hold.
      await sql`create index orders_ready_expiry on orders (expires_at, id) where status = 'Ready'`.execute(db);
      // A Ready order keeps its claim code (the customer shows it at the counter): codes are
      // unique among the open orders, Pending and Ready.
      await sql`create unique index orders_open_claim_code_v2 on orders (upper(claim_code)) where status in ('Pending', 'Ready') and claim_code is not null`.execute(db);
      await sql`drop index if exists orders_open_claim_code`.execute(db);

      await db.schema
        .createTable('order_events')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('placed', 'ready', 'completed', 'cancelled', 'expired')`))
        .addColumn('at', 'timestamptz')
        .addColumn('actor', 'text')
        .addColumn('reason', 'text')
        .execute();
      await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();
      // What is known of the orders before the history: when and by whom each was placed; that
      // a Completed one was handed over (not when, nor by whom); a Cancelled one was cancelled by
      // its customer (the only one who could), not when.
      await sql`
        insert into order_events (order_id, kind, at, actor)
        select orders.id, 'placed', orders.order_date, users.username from orders join users on users.id = orders.user_id
        order by orders.order_date, orders.id`.execute(db);
      await sql`insert into order_events (order_id, kind) select id, 'completed' from orders where status = 'Completed' order by order_date, id`.execute(db);
      await sql`
        insert into order_events (order_id, kind, actor)
        select orders.id, 'cancelled', users.username from orders join users on users.id = orders.user_id where orders.status = 'Cancelled'
        order by orders.order_date, orders.id`.execute(db);
    },
  },
  '0010-user-messages': {
    // Messages meant for one user (issue 29, part 3): a notification's owner (null: public, as
    // every row before), and the mail outbox, written in the transaction of the event and sent
    // after it commits by whichever instance claims the row first (mail/outbox.ts). Numbered
    // 0010 so the order lifecycle's migration, written at the same time, can take 0009.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('notifications')
        .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
        .execute();
      await sql`create index notifications_user_created on notifications (user_id, created_at desc) where user_id is not null`.execute(db);
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_until', 'timestamptz')
        .addColumn('sent_at', 'timestamptz')
        .addColumn('last_error', 'text')
        .execute();
      await sql`create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null`.execute(db);
    },
  },
  '0011-order-reminders': {
    // "Your order expires tomorrow" is sent once per Ready order (orders/messages.ts): the
    // reminder's sweep sets reminded_at with a conditional UPDATE in the transaction that sends
    // it, so of two instances sweeping at once only one finds the order unreminded. Rolling-upgrade
    // safe: a nullable column the previous release neither reads nor writes (while it runs, only
    // the new release's instances remind).
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('reminded_at', 'timestamptz').execute();
    },
  },
  '0012-activity-log': {
    // The append-only record of staff and admin changes (issue 30, part 2), written in the
    // transaction of the change (shared/activity-log.ts). No foreign keys: an entry outlives the
    // book, banner or account it names. Hidden reviews: two nullable columns. Rolling-upgrade
    // safe: the previous release neither reads nor writes the table or the columns (while it
    // runs, its instances still show a review hidden on a new one, and log nothing).
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('activity_log')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        // The order entries were written in, for the entries of one instant (a clock's tick).
        .addColumn('seq', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('actor_id', 'uuid', (c) => c.notNull())
        .addColumn('actor_username', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'uuid', (c) => c.notNull())
        .addColumn('target_label', 'text', (c) => c.notNull())
        .addColumn('before', 'jsonb')
        .addColumn('after', 'jsonb')
        .execute();
      await db.schema.createIndex('activity_log_at').on('activity_log').columns(['at desc', 'seq desc']).execute();
      await db.schema.alterTable('reviews').addColumn('hidden_at', 'timestamptz').execute();
      await db.schema.alterTable('reviews').addColumn('hidden_reason', 'text').execute();
    },
  },
  '0013-handover-payment': {
    // How the customer paid at the counter, recorded by the handover (staff/rules.ts verifyOrder);
    // who handed it over is the history's "completed" event. Rolling-upgrade safe: a nullable
    // column the previous release neither reads nor writes (its handovers record no method).
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('payment_method', 'text').execute();
    },
  },
  '0014-order-search': {
    // The counter's search (orders/rules.ts searchOrders): a whole claim code of an order in any
    // status (the open ones' unique index covers only Pending and Ready), and an order number,
    // the last 8 hex digits of the id as the web app shows it. A customer's name or e-mail is
    // found in users and reaches their orders through orders_user_date. Rolling-upgrade safe:
    // indexes only.
    async up(db: Kysely<any>) {
      await sql`create index orders_claim_code on orders (upper(claim_code)) where claim_code is not null`.execute(db);
      await sql`create index orders_number on orders (right(id::text, 8))`.execute(db);
    },
  },
  '0015-order-idempotency-keys': {
    // The Idempotency-Key a place order came with (issue 31): a resent request answers the order
    // it placed. Unique per customer and key, so of two requests racing with one key (two
    // instances) only one inserts its order. Rolling-upgrade safe: a nullable column the previous release never
    // writes (its instances place orders without keys meanwhile, as they always did).
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('idempotency_key', 'text').execute();
      await sql`create unique index orders_user_idempotency_key on orders (user_id, idempotency_key) where idempotency_key is not null`.execute(db);
    },
  },
  '0016-sales-reports': {
    // The sales reports and the CSV export (issue 30, part 3) find the orders handed over in a
    // range, and the export pages through them after a cursor (handover instant, order id):
    // this index makes each batch a short range scan instead of a sort of every handover.
    // Rolling-upgrade safe: an index only.
    async up(db: Kysely<any>) {
      await sql`create index order_events_completed on order_events (at, order_id) where kind = 'completed'`.execute(db);
    },
  },
  '0017-shop-totals': {
    // The dashboard's totals (books, customers, orders, the revenue of the Completed orders; the
    // books of each genre too) kept as they change, by triggers in the transaction of every write
    // to books, users and orders (whichever module or release writes, cascades included),
    // instead of counting a million orders per look. Spread over 32 shards, one per database session (pg_backend_pid), summed
    // when read: a single row would make every placed order wait for the one before it to
    // commit. A TRUNCATE counts again from the rows (the demo seed empties the tables). The
    // backfill runs in the migration's transaction, which holds the tables' locks from the
    // trigger's creation on, so no write falls between the count and the first trigger.
    // Rolling-upgrade safe: the previous release neither reads nor writes the table; its writes
    // are counted by the triggers.
    async up(db: Kysely<any>) {
      await sql`create table shop_totals (
        shard smallint primary key,
        books bigint not null default 0,
        customers bigint not null default 0,
        orders bigint not null default 0,
        completed_revenue_paisa bigint not null default 0
      )`.execute(db);
      await sql`create table book_genre_totals (genre_key text primary key, books bigint not null)`.execute(db);
      await sql`create function shop_totals_add(books bigint, customers bigint, orders bigint, revenue bigint) returns void language sql as $$
        insert into shop_totals as t (shard, books, customers, orders, completed_revenue_paisa) values (pg_backend_pid() % 32, books, customers, orders, revenue)
        on conflict (shard) do update set books = t.books + excluded.books, customers = t.customers + excluded.customers,
          orders = t.orders + excluded.orders, completed_revenue_paisa = t.completed_revenue_paisa + excluded.completed_revenue_paisa
      $$`.execute(db);
      await sql`create function shop_totals_recount() returns void language sql as $$
        delete from book_genre_totals;
        insert into book_genre_totals (genre_key, books) select lower(genre), count(*) from books group by 1;
        delete from shop_totals;
        insert into shop_totals (shard, books, customers, orders, completed_revenue_paisa)
        select 0, (select count(*) from books), (select count(*) from users where role = 'User'), (select count(*) from orders),
          (select coalesce(sum(final_total_paisa), 0) from orders where status = 'Completed');
      $$`.execute(db);
      await sql`create function shop_totals_orders() returns trigger language plpgsql as $$
        declare
          counted bigint := 0;
          revenue bigint := 0;
        begin
          if tg_op <> 'DELETE' then
            if tg_op = 'INSERT' then counted := 1; end if;
            if new.status = 'Completed' then revenue := new.final_total_paisa; end if;
          end if;
          if tg_op <> 'INSERT' then
            if tg_op = 'DELETE' then counted := counted - 1; end if;
            if old.status = 'Completed' then revenue := revenue - old.final_total_paisa; end if;
          end if;
          if counted <> 0 or revenue <> 0 then perform shop_totals_add(0, 0, counted, revenue); end if;
          return null;
        end
      $$`.execute(db);
      await sql`create function shop_totals_books() returns trigger language plpgsql as $$
        begin
          perform shop_totals_add(case when tg_op = 'INSERT' then 1 else -1 end, 0, 0, 0);
          return null;
        end
      $$`.execute(db);
      await sql`create function shop_totals_users() returns trigger language plpgsql as $$
        declare
          customers bigint := 0;
        begin
          if tg_op <> 'DELETE' and new.role = 'User' then customers := 1; end if;
          if tg_op <> 'INSERT' and old.role = 'User' then customers := customers - 1; end if;
          if customers <> 0 then perform shop_totals_add(0, customers, 0, 0); end if;
          return null;
        end
      $$`.execute(db);
      await sql`create function shop_totals_truncated() returns trigger language plpgsql as $$
        begin
          perform shop_totals_recount();
          return null;
        end
      $$`.execute(db);
      // The books of each genre (compared as the catalogue's filter compares them, lower-cased):
      // a genre's page and the home page's shop by genre read their counts here. Only the
      // catalogue's few writes change them: one row per genre is no bottleneck.
      await sql`create function book_genre_totals_add(genre text, books bigint) returns void language sql as $$
        insert into book_genre_totals as t (genre_key, books) values (lower(genre), books)
        on conflict (genre_key) do update set books = t.books + excluded.books
      $$`.execute(db);
      await sql`create function book_genre_totals_books() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then perform book_genre_totals_add(old.genre, -1); end if;
          if tg_op <> 'DELETE' then perform book_genre_totals_add(new.genre, 1); end if;
          return null;
        end
      $$`.execute(db);
      await sql`create trigger book_genre_totals_books after insert or delete or update of genre on books for each row execute function book_genre_totals_books()`.execute(db);
      await sql`create trigger shop_totals_orders after insert or delete or update of status, final_total_paisa on orders for each row execute function shop_totals_orders()`.execute(db);
      await sql`create trigger shop_totals_books after insert or delete on books for each row execute function shop_totals_books()`.execute(db);
      await sql`create trigger shop_totals_users after insert or delete or update of role on users for each row execute function shop_totals_users()`.execute(db);
      for (const table of ['orders', 'books', 'users']) {
        await sql`create trigger shop_totals_truncated after truncate on ${sql.table(table)} for each statement execute function shop_totals_truncated()`.execute(db);
      }
      await sql`select shop_totals_recount()`.execute(db);
    },
  },
  '0018-report-and-stock-indexes': {
    // The sales reports' orders completed before the history (no timed handover) by placing
    // date, a range scan of the Completed orders only (the export's keyset paging walks it
    // too), each checked for a timed handover in a small index of those; the dashboard's books running low, a range scan from the fewest copies instead of
    // a scan of the catalogue. Rolling-upgrade safe: indexes only.
    async up(db: Kysely<any>) {
      await sql`create index orders_completed_date on orders (order_date, id) where status = 'Completed'`.execute(db);
      await sql`create index order_events_handed_over on order_events (order_id) where kind = 'completed' and at is not null`.execute(db);
      await sql`create index books_low_stock on books (quantity, title, id)`.execute(db);
      // A genre's page by price (the catalogue's filter and sort together): the page's rows in order.
      await sql`create index books_genre_price on books (lower(genre), price_paisa, lower(title), id)`.execute(db);
    },
  },
  '0019-sales-days': {
    // The sales reports' figures kept per day of the shop's time zone (issue 32): what each
    // day's handovers add to the day's totals, to each book (by the title on its lines), each
    // genre (the book's genre now) and each member of staff, so a report sums its days' rows
    // (one per day for the totals; one per book sold that day for the books) instead of
    // reading the range's orders and lines. The figures are counted at the server's first
    // start, not here: the day needs the zone (below). sales_counted says which
    // orders are in the figures and on which day, so a change is taken out exactly as it was put
    // in. Kept by triggers in the writing transaction, whichever module or release writes: a
    // handover is counted at commit (a deferred trigger: the order's status and its "completed"
    // event are written one after the other), a Completed order deleted (its customer deleted)
    // is taken out before its lines go, a book's genre change, deletion or insertion moves its
    // sales between genres, a TRUNCATE counts again. The day depends on the time zone, which
    // the server is given at start (SHOP_TIME_ZONE): sales_meta records the zone the figures
    // were counted in (none yet after this migration) and the server counts them again at start
    // when it differs (modules/reports/sales-days.ts), under a lock. Rolling-upgrade safe: new
    // tables the previous release never reads; its writes are counted by the triggers.
    async up(db: Kysely<any>) {
      await sql`create table sales_meta (id boolean primary key default true check (id), time_zone text)`.execute(db);
      await sql`insert into sales_meta (time_zone) values (null)`.execute(db);
      await sql`create table sales_counted (order_id uuid primary key, day date not null, handed_over_by text)`.execute(db);
      await sql`create table sales_days (day date primary key, orders bigint not null, copies bigint not null, revenue_paisa bigint not null, discounts_paisa bigint not null)`.execute(db);
      await sql`create table sales_day_books (day date not null, book_id uuid not null, title text not null, copies bigint not null, revenue_paisa bigint not null,
        discounts_paisa bigint not null, primary key (day, book_id, title))`.execute(db);
      await sql`create index sales_day_books_book on sales_day_books (book_id)`.execute(db);
      await sql`create table sales_day_genres (day date not null, genre text not null, copies bigint not null, revenue_paisa bigint not null,
        discounts_paisa bigint not null, primary key (day, genre))`.execute(db);
      await sql`create table sales_day_staff (day date not null, username text, handovers bigint not null, revenue_paisa bigint not null,
        constraint sales_day_staff_key unique nulls not distinct (day, username))`.execute(db);
      // An order's lines with their share of what was paid, by the report's rule (reports/rules.ts
      // soldLines): the cart discount spread over the lines by their amounts, rounded down, the
      // paisa left over to the last line.
      await sql`create function sales_order_lines(order_key uuid)
        returns table (book_id uuid, title text, quantity bigint, list_paisa bigint, revenue_paisa bigint) language sql stable as $$
        with lines as (
          select i.book_id, i.title, i.quantity::bigint as quantity, i.quantity::bigint * i.price_per_unit_paisa as list_paisa,
            i.quantity::bigint * i.charged_per_unit_paisa as gross_paisa, sum(i.quantity::bigint * i.charged_per_unit_paisa) over () as order_gross_paisa,
            row_number() over (order by i.id desc) as from_last, o.final_total_paisa
          from order_items i join orders o on o.id = i.order_id where i.order_id = order_key
        ),
        shared as (
          select *, case when order_gross_paisa = 0 then 0 else floor(gross_paisa::numeric * final_total_paisa / order_gross_paisa)::bigint end as share_paisa from lines
        )
        select book_id, title, quantity, list_paisa,
          share_paisa + case when from_last = 1 then final_total_paisa - sum(share_paisa) over () else 0 end
        from shared
      $$`.execute(db);
      // Adds (sign 1) or takes out (-1) an order's sale on a day; rows left at zero go.
      await sql`create function sales_apply(order_key uuid, sale_day date, staff text, sign bigint) returns void language plpgsql as $$
        begin
          insert into sales_days as t
          select sale_day, sign, sign * sum(quantity), sign * sum(revenue_paisa), sign * sum(list_paisa - revenue_paisa) from sales_order_lines(order_key) having count(*) > 0
          on conflict (day) do update set orders = t.orders + excluded.orders, copies = t.copies + excluded.copies,
            revenue_paisa = t.revenue_paisa + excluded.revenue_paisa, discounts_paisa = t.discounts_paisa + excluded.discounts_paisa;
          insert into sales_day_books as t
          select sale_day, book_id, title, sign * sum(quantity), sign * sum(revenue_paisa), sign * sum(list_paisa - revenue_paisa) from sales_order_lines(order_key) group by book_id, title
          on conflict (day, book_id, title) do update set copies = t.copies + excluded.copies,
            revenue_paisa = t.revenue_paisa + excluded.revenue_paisa, discounts_paisa = t.discounts_paisa + excluded.discounts_paisa;
          insert into sales_day_genres as t
          select sale_day, coalesce(b.genre, 'Unknown'), sign * sum(l.quantity), sign * sum(l.revenue_paisa), sign * sum(l.list_paisa - l.revenue_paisa)
          from sales_order_lines(order_key) l left join books b on b.id = l.book_id group by 2
          on conflict (day, genre) do update set copies = t.copies + excluded.copies,
            revenue_paisa = t.revenue_paisa + excluded.revenue_paisa, discounts_paisa = t.discounts_paisa + excluded.discounts_paisa;
          insert into sales_day_staff as t
          select sale_day, staff, sign, sign * o.final_total_paisa from orders o where o.id = order_key
          on conflict (day, username) do update set handovers = t.handovers + excluded.handovers, revenue_paisa = t.revenue_paisa + excluded.revenue_paisa;
          if sign < 0 then
            delete from sales_days where day = sale_day and orders = 0;
            delete from sales_day_books where day = sale_day and copies = 0;
            delete from sales_day_genres where day = sale_day and copies = 0;
            delete from sales_day_staff where day = sale_day and handovers = 0;
          end if;
        end
      $$`.execute(db);
      // Brings an order's part in the figures up to date: a Completed order counts on the day of
      // its timed handover, or of its placing when the history has none (as the report dates it).
      await sql`create function sales_sync(order_key uuid) returns void language plpgsql as $$
        declare
          zone text;
          counted sales_counted%rowtype;
          wanted_day date;
          wanted_staff text;
          completed boolean := false;
        begin
          -- Shared with every other write, exclusive to a recount: a write waits for the recount
          -- in progress and then finds its order counted or not, never lost between the two.
          select time_zone into zone from sales_meta for share;
          if zone is null then return; end if;
          select o.status = 'Completed', (coalesce(e.at, o.order_date) at time zone zone)::date, e.actor
          into completed, wanted_day, wanted_staff
          from orders o
          left join lateral (select k.at, k.actor from order_events k where k.order_id = o.id and k.kind = 'completed' and k.at is not null order by k.id limit 1) e on true
          where o.id = order_key;
          select * into counted from sales_counted where order_id = order_key for update;
          if found and completed and counted.day = wanted_day and counted.handed_over_by is not distinct from wanted_staff then return; end if;
          if found then
            perform sales_apply(order_key, counted.day, counted.handed_over_by, -1);
            delete from sales_counted where order_id = order_key;
          end if;
          if completed then
            perform sales_apply(order_key, wanted_day, wanted_staff, 1);
            insert into sales_counted (order_id, day, handed_over_by) values (order_key, wanted_day, wanted_staff);
          end if;
        end
      $$`.execute(db);
      // The order's key is the column the trigger names (order_events.order_id, orders.id).
      await sql`create function sales_order_written() returns trigger language plpgsql as $$
        begin
          perform sales_sync((to_jsonb(new) ->> tg_argv[0])::uuid);
          return null;
        end
      $$`.execute(db);
      await sql`create function sales_order_deleted() returns trigger language plpgsql as $$
        declare
          counted sales_counted%rowtype;
        begin
          perform 1 from sales_meta for share;
          select * into counted from sales_counted where order_id = old.id;
          if found then
            perform sales_apply(old.id, counted.day, counted.handed_over_by, -1);
            delete from sales_counted where order_id = old.id;
          end if;
          return old;
        end
      $$`.execute(db);
      // A book's sales follow its genre; a deleted book's are "Unknown" (as the report has them).
      await sql`create function sales_book_genre() returns trigger language plpgsql as $$
        declare
          book uuid := case when tg_op = 'DELETE' then old.id else new.id end;
          was text := case when tg_op = 'INSERT' then 'Unknown' else coalesce(old.genre, 'Unknown') end;
          now_is text := case when tg_op = 'DELETE' then 'Unknown' else coalesce(new.genre, 'Unknown') end;
        begin
          if was = now_is then return null; end if;
          perform 1 from sales_meta for share;
          insert into sales_day_genres as t
          select day, g.genre, g.sign * sum(copies), g.sign * sum(revenue_paisa), g.sign * sum(discounts_paisa)
          from sales_day_books, (values (was, -1), (now_is, 1)) as g (genre, sign) where book_id = book group by day, g.genre, g.sign
          on conflict (day, genre) do update set copies = t.copies + excluded.copies,
            revenue_paisa = t.revenue_paisa + excluded.revenue_paisa, discounts_paisa = t.discounts_paisa + excluded.discounts_paisa;
          delete from sales_day_genres where genre = was and copies = 0 and day in (select day from sales_day_books where book_id = book);
          return null;
        end
      $$`.execute(db);
      // Every figure again from the orders, in the zone given (set-based: the lines of every
      // Completed order worked out once), written in day order: a range of days is then a few
      // pages of each table, as the handovers' own rows (appended day after day) are.
      await sql`create function sales_recount(zone text) returns void language plpgsql as $$
        begin
          update sales_meta set time_zone = zone;
          delete from sales_counted; delete from sales_days; delete from sales_day_books; delete from sales_day_genres; delete from sales_day_staff;
          if zone is null then return; end if;
          insert into sales_counted (order_id, day, handed_over_by)
          select o.id, (coalesce(e.at, o.order_date) at time zone zone)::date, e.actor
          from orders o
          left join lateral (select k.at, k.actor from order_events k where k.order_id = o.id and k.kind = 'completed' and k.at is not null order by k.id limit 1) e on true
          where o.status = 'Completed';
          create temporary table sales_recount_lines on commit drop as
          with lines as (
            select c.day, i.order_id, i.book_id, i.title, i.quantity::bigint as quantity, i.quantity::bigint * i.price_per_unit_paisa as list_paisa,
              i.quantity::bigint * i.charged_per_unit_paisa as gross_paisa,
              sum(i.quantity::bigint * i.charged_per_unit_paisa) over (partition by i.order_id) as order_gross_paisa,
              row_number() over (partition by i.order_id order by i.id desc) as from_last, o.final_total_paisa
            from sales_counted c join orders o on o.id = c.order_id join order_items i on i.order_id = c.order_id
          ),
          shared as (
            select *, case when order_gross_paisa = 0 then 0 else floor(gross_paisa::numeric * final_total_paisa / order_gross_paisa)::bigint end as share_paisa from lines
          )
          select day, order_id, book_id, title, quantity, list_paisa,
            share_paisa + case when from_last = 1 then final_total_paisa - sum(share_paisa) over (partition by order_id) else 0 end as revenue_paisa
          from shared;
          insert into sales_days select day, count(distinct order_id), sum(quantity), sum(revenue_paisa), sum(list_paisa - revenue_paisa) from sales_recount_lines group by day order by day;
          insert into sales_day_books select day, book_id, title, sum(quantity), sum(revenue_paisa), sum(list_paisa - revenue_paisa) from sales_recount_lines group by day, book_id, title order by day;
          insert into sales_day_genres
          select l.day, coalesce(b.genre, 'Unknown'), sum(l.quantity), sum(l.revenue_paisa), sum(l.list_paisa - l.revenue_paisa)
          from sales_recount_lines l left join books b on b.id = l.book_id group by 1, 2 order by 1;
          insert into sales_day_staff
          select c.day, c.handed_over_by, count(*), sum(o.final_total_paisa) from sales_counted c join orders o on o.id = c.order_id group by 1, 2 order by 1;
          drop table sales_recount_lines;
        end
      $$`.execute(db);
      await sql`create function sales_truncated() returns trigger language plpgsql as $$
        begin
          perform sales_recount((select time_zone from sales_meta));
          return null;
        end
      $$`.execute(db);
      await sql`create constraint trigger sales_order_events after insert or update on order_events deferrable initially deferred
        for each row when (new.kind = 'completed') execute function sales_order_written('order_id')`.execute(db);
      await sql`create constraint trigger sales_orders after update of status, order_date, final_total_paisa on orders deferrable initially deferred
        for each row when (old.status = 'Completed' or new.status = 'Completed') execute function sales_order_written('id')`.execute(db);
      await sql`create trigger sales_order_deleted before delete on orders for each row when (old.status = 'Completed') execute function sales_order_deleted()`.execute(db);
      await sql`create trigger sales_book_genre after insert or delete or update of genre on books for each row execute function sales_book_genre()`.execute(db);
      for (const table of ['orders', 'order_items', 'order_events', 'books']) {
        await sql`create trigger sales_truncated after truncate on ${sql.table(table)} for each statement execute function sales_truncated()`.execute(db);
      }
    },
  },
  '0020-catalogue-version': {
    // A number that moves on with every write that can change which books a catalogue list
    // holds or their order (a book added or deleted; its title, author, genre, price, arrival
    // or award written), in the writing transaction. The catalogue's page marks
    // (modules/books/page-marks.ts) hold for one version, and a page read through them checks
    // the version in its own snapshot: on any instance, exact without being told. Stock and
    // deals change no list's order (the deals list is never marked): no bump, so a placed order
    // does not wait for this row. Rolling-upgrade safe: a table and triggers the previous
    // release neither reads nor writes.
    async up(db: Kysely<any>) {
      await sql`create table catalogue_version (only_row boolean primary key default true check (only_row), version bigint not null)`.execute(db);
      await sql`insert into catalogue_version (version) values (0)`.execute(db);
      await sql`create function catalogue_version_bump() returns trigger language plpgsql as $$
        begin
          update catalogue_version set version = version + 1;
          return null;
        end
      $$`.execute(db);
      await sql`create trigger catalogue_version_books after insert or delete or update of title, author, genre, price_paisa, created_at, award_winners
        on books for each statement execute function catalogue_version_bump()`.execute(db);
      await sql`create trigger catalogue_version_truncated after truncate on books for each statement execute function catalogue_version_bump()`.execute(db);
    },
  },
  '0021-shop-totals-more-shards': {
    // 0017 keeps the totals in a row per writing session, pg_backend_pid() % 32. Two instances'
    // pools hold a few dozen sessions, so some pairs nearly always share a row, and a placed
    // order then waits for the other session's transaction to commit (a verification that
    // itself waited for a festival book's lock): in the festival bench on PostgreSQL,
    // shop_totals_add took 2.7 ms a call (pg_stat_statements), the other writes tens of µs. Over
    // 1,024 rows sessions rarely meet; a read sums them as before (at most 1,024 small rows).
    // Rolling-upgrade safe: the previous release's triggers call this same function.
    async up(db: Kysely<any>) {
      await sql`create or replace function shop_totals_add(books bigint, customers bigint, orders bigint, revenue bigint) returns void language sql as $$
        insert into shop_totals as t (shard, books, customers, orders, completed_revenue_paisa) values (pg_backend_pid() % 1024, books, customers, orders, revenue)
        on conflict (shard) do update set books = t.books + excluded.books, customers = t.customers + excluded.customers,
          orders = t.orders + excluded.orders, completed_revenue_paisa = t.completed_revenue_paisa + excluded.completed_revenue_paisa
      $$`.execute(db);
    },
  },
  '0022-sales-days-shards': {
    // 0019 kept a day's sales figures in one row per day (per genre, per member of staff, per
    // book), so every handover of the day updated the same rows and concurrent verifications
    // queued on their locks until commit (festival bench on PostgreSQL: sales_sync 4.8 ms,
    // sales_apply 3.9 ms a call). Now each row is one shard of the day's figure, the writing
    // session's (pg_backend_pid() % 1024, as 0021 spreads the shop's totals; a session may name
    // its shard in pustak.sales_shard, the tests do), and the report sums a day's shards. A
    // shard's rows may be negative (an order taken out by another session than the one that
    // counted it); rows whose figures are all zero go. Each day's shard carries a version, a
    // new number from a sequence whenever its books change (also after a recount: never reused), so an
    // instance may keep a shard's books in memory and know in the report's own snapshot whether
    // they are still what the database holds (modules/reports/sales-books.ts). Not
    // rolling-upgrade safe for the report alone: the previous release's report would read a
    // day's shards as separate days (its last row winning) until it is replaced; the figures
    // stay right.
    async up(db: Kysely<any>) {
      await sql`create sequence sales_version`.execute(db);
      await sql`create function sales_shard() returns smallint language sql volatile as $$
        select coalesce(nullif(current_setting('pustak.sales_shard', true), '')::int, pg_backend_pid() % 1024)::smallint
      $$`.execute(db);
      // Added last with defaults: 0019's recount, which lists no columns, writes shard 0 and new versions.
      await sql`alter table sales_days add column shard smallint not null default 0, add column version bigint not null default nextval('sales_version')`.execute(db);
      await sql`alter table sales_days drop constraint sales_days_pkey, add primary key (day, shard)`.execute(db);
      await sql`alter table sales_day_books add column shard smallint not null default 0`.execute(db);
      await sql`alter table sales_day_books drop constraint sales_day_books_pkey, add primary key (day, shard, book_id, title)`.execute(db);
      await sql`alter table sales_day_genres add column shard smallint not null default 0`.execute(db);
      await sql`alter table sales_day_genres drop constraint sales_day_genres_pkey, add primary key (day, genre, shard)`.execute(db);
      await sql`alter table sales_day_staff add column shard smallint not null default 0`.execute(db);
      await sql`alter table sales_day_staff drop constraint sales_day_staff_key, add constraint sales_day_staff_key unique nulls not distinct (day, username, shard)`.execute(db);
      await sql`create or replace function sales_apply(order_key uuid, sale_day date, staff text, sign bigint) returns void language plpgsql as $$
        declare
          here smallint := sales_shard();
        begin
          insert into sales_days as t (day, shard, orders, copies, revenue_paisa, discounts_paisa)
          select sale_day, here, sign, sign * sum(quantity), sign * sum(revenue_paisa), sign * sum(list_paisa - revenue_paisa) from sales_order_lines(order_key) having count(*) > 0
          on conflict (day, shard) do update set orders = t.orders + excluded.orders, copies = t.copies + excluded.copies,
            revenue_paisa = t.revenue_paisa + excluded.revenue_paisa, discounts_paisa = t.discounts_paisa + excluded.discounts_paisa, version = nextval('sales_version');
          insert into sales_day_books as t (day, shard, book_id, title, copies, revenue_paisa, discounts_paisa)
          select sale_day, here, book_id, title, sign * sum(quantity), sign * sum(revenue_paisa), sign * sum(list_paisa - revenue_paisa) from sales_order_lines(order_key) group by book_id, title
          on conflict (day, shard, book_id, title) do update set copies = t.copies + excluded.copies,
            revenue_paisa = t.revenue_paisa + excluded.revenue_paisa, discounts_paisa = t.discounts_paisa + excluded.discounts_paisa;
          insert into sales_day_genres as t (day, genre, shard, copies, revenue_paisa, discounts_paisa)
          select sale_day, coalesce(b.genre, 'Unknown'), here, sign * sum(l.quantity), sign * sum(l.revenue_paisa), sign * sum(l.list_paisa - l.revenue_paisa)
          from sales_order_lines(order_key) l left join books b on b.id = l.book_id group by 2
          on conflict (day, genre, shard) do update set copies = t.copies + excluded.copies,
            revenue_paisa = t.revenue_paisa + excluded.revenue_paisa, discounts_paisa = t.discounts_paisa + excluded.discounts_paisa;
          insert into sales_day_staff as t (day, username, shard, handovers, revenue_paisa)
          select sale_day, staff, here, sign, sign * o.final_total_paisa from orders o where o.id = order_key
          on conflict (day, username, shard) do update set handovers = t.handovers + excluded.handovers, revenue_paisa = t.revenue_paisa + excluded.revenue_paisa;
          -- A sale taken out may leave rows at zero (a shard brought back to zero by a sale added
          -- is left: the report skips what adds up to nothing). The day's shard stays while it
          -- has books: its version is theirs.
          if sign < 0 then
            delete from sales_day_books where day = sale_day and shard = here and copies = 0 and revenue_paisa = 0 and discounts_paisa = 0;
            delete from sales_day_genres where day = sale_day and shard = here and copies = 0 and revenue_paisa = 0 and discounts_paisa = 0;
            delete from sales_day_staff where day = sale_day and shard = here and handovers = 0 and revenue_paisa = 0;
            delete from sales_days where day = sale_day and shard = here and orders = 0 and copies = 0 and revenue_paisa = 0 and discounts_paisa = 0
              and not exists (select from sales_day_books where day = sale_day and shard = here);
          end if;
        end
      $$`.execute(db);
      // A genre move writes the genres' shards of the writing session (the report sums them).
      await sql`create or replace function sales_book_genre() returns trigger language plpgsql as $$
        declare
          book uuid := case when tg_op = 'DELETE' then old.id else new.id end;
          was text := case when tg_op = 'INSERT' then 'Unknown' else coalesce(old.genre, 'Unknown') end;
          now_is text := case when tg_op = 'DELETE' then 'Unknown' else coalesce(new.genre, 'Unknown') end;
          here smallint := sales_shard();
        begin
          if was = now_is then return null; end if;
          perform 1 from sales_meta for share;
          insert into sales_day_genres as t (day, genre, shard, copies, revenue_paisa, discounts_paisa)
          select day, g.genre, here, g.sign * sum(copies), g.sign * sum(revenue_paisa), g.sign * sum(discounts_paisa)
          from sales_day_books, (values (was, -1), (now_is, 1)) as g (genre, sign) where book_id = book group by day, g.genre, g.sign
          on conflict (day, genre, shard) do update set copies = t.copies + excluded.copies,
            revenue_paisa = t.revenue_paisa + excluded.revenue_paisa, discounts_paisa = t.discounts_paisa + excluded.discounts_paisa;
          delete from sales_day_genres where genre = was and shard = here and copies = 0 and revenue_paisa = 0 and discounts_paisa = 0
            and day in (select day from sales_day_books where book_id = book);
          return null;
        end
      $$`.execute(db);
    },
  },
  '0023-book-search-words': {
    // A search of two words or more without the trigram index: what follows its first space
    // starts right after a space in the book's search text. Each such place is a row here (the
    // text from it, and the text before it), kept in the writing transaction, so a btree finds
    // the places that start with the search's tail and end with its head in the time of the
    // rows it reads, not of the catalogue's size (the trigram index's common trigrams, each in
    // a sixth of the books, are read longer the more books there are). 64 characters each
    // way: a longer search compares its first and last 64 on the index, the rest on the book.
    // Rolling-upgrade safe: a table and triggers the previous release neither reads nor writes.
    async up(db: Kysely<any>) {
      // No foreign key: a TRUNCATE of books (the demo's reseed) names the tables it empties, and
      // would fail on a table that references books; triggers follow deletions and truncations.
      await sql`create table book_search_words (book_id uuid not null, rest text not null, before text not null)`.execute(db);
      await sql`create function book_search_words_of(id uuid, search_text text) returns table (book_id uuid, rest text, before text) language sql immutable as $$
        select id, left(substr(search_text, p), 64), right(left(search_text, p - 1), 64)
        from generate_series(2, length(search_text)) p where substr(search_text, p - 1, 1) = ' '
      $$`.execute(db);
      await sql`create function book_search_words_write() returns trigger language plpgsql as $$
        begin
          if tg_op = 'TRUNCATE' then truncate book_search_words; return null; end if;
          if tg_op in ('UPDATE', 'DELETE') then delete from book_search_words w where w.book_id = old.id; end if;
          if tg_op in ('INSERT', 'UPDATE') then insert into book_search_words select * from book_search_words_of(new.id, new.search_text); end if;
          return null;
        end
      $$`.execute(db);
      await sql`create trigger book_search_words_deleted after delete on books for each row execute function book_search_words_write()`.execute(db);
      await sql`create trigger book_search_words_truncated after truncate on books for each statement execute function book_search_words_write()`.execute(db);
      await sql`create trigger book_search_words_added after insert on books for each row execute function book_search_words_write()`.execute(db);
      await sql`create trigger book_search_words_renamed after update of title, author on books
        for each row when (old.search_text is distinct from new.search_text) execute function book_search_words_write()`.execute(db);
      // Written again from the books (a load with triggers off, as the bench's seed, calls it too).
      await sql`create function book_search_words_refill() returns void language sql as $$
        truncate book_search_words;
        insert into book_search_words select w.* from books b, book_search_words_of(b.id, b.search_text) w;
      $$`.execute(db);
      await sql`select book_search_words_refill()`.execute(db);
      await sql`create index book_search_words_rest on book_search_words (rest text_pattern_ops) include (before, book_id)`.execute(db);
      await sql`create index book_search_words_book on book_search_words (book_id)`.execute(db);
      // Planned from the first search on, not after autovacuum (or PGlite's maintenance) came by.
      await sql`analyze book_search_words`.execute(db);
    },
  },
};

/** Every migration's name, in the order they run (Kysely runs them by name). */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
