// The development data: the contract's example catalogue (books with their covers and
// reviews, the orders that make those reviews legitimate, notifications, banners, customers)
// and the demo accounts admin, staff and sita with the password pustak123. Example dates are
// moved so that they sit as close to today as they sat to the examples' own "today".
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import type { Role } from '../db/schema.js';
import { runTransaction, type Db } from '../shared/context.js';
import { percentToBasisPoints, rupeesToPaisa } from '../shared/money.js';

/** What the demo data is read from: the contract's document (its examples). */
interface Contract {
  document: Record<string, any>;
}

export const DEMO_PASSWORD = 'pustak123';
export const DEMO_ACCOUNTS = ['admin', 'staff', 'sita'] as const;
/** The day the contract's examples were written as of; their dates are shifted by (today - this). */
const EXAMPLES_AS_OF = Date.parse('2026-11-23T00:00:00Z');

type Example = Record<string, any>;

function exampleValue(contract: Contract, path: string, method: string, name = 'default'): any {
  const media = contract.document.paths?.[path]?.[method]?.responses?.['200']?.content?.['application/json'];
  return media?.examples?.[name]?.value ?? media?.example;
}

const readyAt = (order: Example): string | undefined => (order.history as Example[] | undefined)?.find((event) => event.kind === 'ready')?.at;

/** True when nothing is stored yet (no user and no book). */
export async function isEmpty(db: Db): Promise<boolean> {
  const users = await db.selectFrom('users').select('id').limit(1).execute();
  const books = await db.selectFrom('books').select('id').limit(1).execute();
  return users.length === 0 && books.length === 0;
}

export async function seedExampleData(db: Db, contract: Contract, now: Date): Promise<{ accounts: string[] }> {
  const shift = now.getTime() - EXAMPLES_AS_OF;
  const moved = (iso: string) => new Date(Date.parse(iso) + shift);
  const catalogue: Example[] = contract.document.components?.examples?.catalogue?.value ?? [];
  const customers: Example[] = [
    ...(exampleValue(contract, '/user/getallusers', 'get')?.data ?? []),
    ...(exampleValue(contract, '/user/getallusers', 'get', 'page2')?.data ?? []),
  ];
  const staff: Example[] = exampleValue(contract, '/user/getAllStaffs', 'get')?.data ?? [];
  const admin: Example | undefined = contract.document.components?.examples?.['admin-user']?.value;
  const users = new Map<string, Example>();
  for (const user of [admin, ...staff, ...customers]) if (user) users.set(user.username, user);

  const demoHash = await hashPassword(DEMO_PASSWORD);
  // The other example customers exist for the tables and reviews; nobody knows their password.
  const lockedHash = await hashPassword(randomBytes(24).toString('base64url'));

  await runTransaction(db, async (tx) => {
    for (const user of users.values()) {
      await tx
        .insertInto('users')
        .values({
          id: user.id,
          username: user.username,
          email: user.email,
          password_hash: (DEMO_ACCOUNTS as readonly string[]).includes(user.username) ? demoHash : lockedHash,
          role: user.role as Role,
          is_verified: Boolean(user.isVerified),
          created_at: moved(user.createdAt),
        })
        .execute();
    }
    for (const book of catalogue) {
      await tx
        .insertInto('books')
        .values({
          id: book.bookId,
          title: book.title,
          author: book.author,
          genre: book.genre,
          isbn: book.isbn,
          description: book.description,
          publisher: book.publisher,
          publication_date: new Date(book.publicationDate),
          price_paisa: rupeesToPaisa(book.price, 'price'),
          quantity: book.quantity,
          language: book.language,
          discount_bp: percentToBasisPoints(book.discount, 'discount'),
          format: book.format,
          is_on_sale: book.isOnSale,
          available_in_library: book.availableInLibrary,
          award_winners: book.awardWinners,
          // The covers are served at /covers/<slug>.svg (the web app's public folder).
          image_path: book.imageUrl ? new URL(book.imageUrl, 'http://example').pathname : null,
          start_time: book.startTime ? new Date(book.startTime) : null,
          end_time: book.endTime ? new Date(book.endTime) : null,
          created_at: moved(book.createdAt),
        })
        .execute();
    }
    const orders: Example[] = exampleValue(contract, '/order/all', 'get')?.data ?? [];
    for (const order of orders) {
      const user = users.get(order.username);
      if (!user) continue;
      const discountBp = Math.round(Number(order.discountRate) * 10_000);
      await tx
        .insertInto('orders')
        .values({
          id: order.orderId,
          user_id: user.id,
          order_date: moved(order.orderDate),
          original_total_paisa: rupeesToPaisa(order.originalTotal ?? order.finalTotal, 'originalTotal'),
          discount_bp: discountBp,
          final_total_paisa: rupeesToPaisa(order.finalTotal, 'finalTotal'),
          status: order.status,
          // Open example orders get a known code, so staff can verify them by hand.
          claim_code: order.status === 'Pending' || order.status === 'Ready' ? order.orderId.replace(/-/g, '').slice(-8).toUpperCase() : null,
          ready_at: readyAt(order) ? moved(readyAt(order)!) : null,
          expires_at: order.expiresAt ? moved(order.expiresAt) : null,
          payment_method: order.paymentMethod ?? null,
        })
        .execute();
      for (const event of (order.history ?? []) as Example[]) {
        await tx
          .insertInto('order_events')
          .values({ order_id: order.orderId, kind: event.kind, at: event.at ? moved(event.at) : null, actor: event.by ?? null, reason: event.reason ?? null })
          .execute();
      }
      for (const item of order.orderItems as Example[]) {
        const unit = rupeesToPaisa(item.pricePerUnit, 'pricePerUnit');
        const total = rupeesToPaisa(item.totalPrice ?? item.quantity * item.pricePerUnit, 'totalPrice');
        await tx
          .insertInto('order_items')
          .values({
            id: randomUUID(),
            order_id: order.orderId,
            book_id: item.bookId,
            title: item.title,
            item_code: item.itemCode,
            quantity: item.quantity,
            price_per_unit_paisa: unit,
            charged_per_unit_paisa: total / item.quantity,
          })
          .execute();
      }
    }
    for (const book of catalogue) {
      for (const review of book.reviews as Example[]) {
        // A public review names its reviewer, not their id.
        const reviewer = users.get(review.username);
        if (!reviewer) continue;
        await tx
          .insertInto('reviews')
          .values({
            id: review.reviewId,
            book_id: book.bookId,
            user_id: reviewer.id,
            stars: review.stars,
            comment: review.comment,
            created_at: moved(review.createdAt ?? book.createdAt),
          })
          .execute();
      }
    }
    const notifications: Example[] = exampleValue(contract, '/notification/all', 'get')?.data ?? [];
    for (const [index, n] of notifications.entries()) {
      await tx
        .insertInto('notifications')
        .values({ id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`, message: n.message, created_at: moved(n.createdAt) })
        .execute();
    }
    const banners: Example[] = exampleValue(contract, '/announcement/all', 'get')?.data ?? [];
    for (const [index, b] of banners.entries()) {
      await tx
        .insertInto('announcements')
        .values({
          id: b.announcementId,
          message: b.message,
          start_time: new Date(b.startTime),
          end_time: new Date(b.endTime),
          is_pinned: b.isPinned,
          color: b.color,
          text_color: b.textColor,
          // The list's order is newest first.
          created_at: new Date(now.getTime() - (index + 1) * 60_000),
        })
        .execute();
    }
  });
  return { accounts: [...DEMO_ACCOUNTS] };
}

/** Empties every table (the sandbox's POST /__dev/reset). */
export async function wipe(db: Db): Promise<void> {
  await sql`truncate table mail_outbox, order_events, order_items, orders, cart_items, wishlist, reviews, notifications, announcements, books, users`.execute(db);
}
