// The tables as Kysely sees them. Money is integer paisa (1 Rs. = 100 paisa) and percentages
// are basis points (1 % = 100), so no amount is ever a float in the database.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

export type Role = 'User' | 'Staff' | 'Admin';
/** Processing is never written here (the legacy dashboard only styled it). */
export type OrderStatus = 'Pending' | 'Ready' | 'Processing' | 'Completed' | 'Cancelled' | 'Expired';
export type OrderEventKind = 'placed' | 'ready' | 'completed' | 'cancelled' | 'expired';

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  role: Role;
  is_verified: boolean;
  otp_code: string | null;
  otp_expires_at: Timestamp | null;
  otp_failed_tries: Generated<number>;
  created_at: Timestamp;
  /** Raised by a password change or reset; a token carrying an older one is refused. */
  token_version: Generated<number>;
  /** A forgotten password's one-time code (POST /auth/forgot-password). */
  reset_code: string | null;
  reset_expires_at: Timestamp | null;
  reset_failed_tries: Generated<number>;
}

export interface BooksTable {
  id: string;
  title: string;
  author: string;
  genre: string;
  isbn: string;
  description: string;
  publisher: string;
  publication_date: Timestamp;
  price_paisa: number;
  quantity: number;
  language: string;
  discount_bp: number;
  format: string;
  is_on_sale: boolean;
  available_in_library: boolean;
  award_winners: boolean;
  /** Path under the server's origin (`/uploads/x.svg`), made absolute when sent. */
  image_path: string | null;
  start_time: Timestamp | null;
  end_time: Timestamp | null;
  created_at: Timestamp;
  /** lower(title) || U+001F || lower(author), kept by PostgreSQL, for the search filter. */
  search_text: ColumnType<string, never, never>;
}

export interface ReviewsTable {
  id: string;
  book_id: string;
  user_id: string;
  stars: number;
  comment: string;
  created_at: Timestamp;
  /** Set when an admin hid the review: it leaves the book's list and average. */
  hidden_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WishlistTable {
  user_id: string;
  book_id: string;
  created_at: Timestamp;
}

export interface CartItemsTable {
  id: string;
  user_id: string;
  book_id: string;
  quantity: number;
  created_at: Timestamp;
  /** What one copy cost when the book was last added (never charged); null for lines added before migration 0007. */
  added_unit_price_paisa: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  order_date: Timestamp;
  original_total_paisa: number;
  /** Cart discount in basis points: 500 = 5 %. */
  discount_bp: number;
  final_total_paisa: number;
  status: OrderStatus;
  claim_code: string | null;
  /** When staff marked it ready (its copies were taken from stock then); null otherwise. */
  ready_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A Ready order's end of the hold period (ready_at + the hold days then in force). */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the customer was told the hold ends within a day (migration 0011); null: not yet. */
  reminded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** How the customer paid, recorded at the handover (migration 0013); null: not recorded. */
  payment_method: ColumnType<PaymentMethod | null, PaymentMethod | null | undefined, PaymentMethod | null>;
  /** The place order request's Idempotency-Key (migration 0015); null: sent without one. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The contract's PaymentMethod. */
export type PaymentMethod = 'Cash' | 'eSewa' | 'Khalti' | 'Fonepay' | 'Card';

/** One step of an order's history (migration 0009). */
export interface OrderEventsTable {
  /** Insertion order: the history's order among events of one instant. */
  id: Generated<number>;
  order_id: string;
  kind: OrderEventKind;
  /** Null when not known (events filled in for orders older than the history). */
  at: Timestamp | null;
  /** A username, "system" for an expiry; null when not known. */
  actor: string | null;
  /** Why the shop cancelled. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  book_id: string;
  title: string;
  /** The book's ISBN when the order was placed. */
  item_code: string;
  quantity: number;
  /** The book's list price when the order was placed. */
  price_per_unit_paisa: number;
  /** What one copy cost in this order (the sale price if the sale ran when it was placed). */
  charged_per_unit_paisa: number;
}

export interface NotificationsTable {
  id: string;
  message: string;
  created_at: Timestamp;
  /** The one user it is meant for; null (every row before migration 0010): public. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** E-mails waiting to go out or sent (mail/outbox.ts), written in the transaction of their event. */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Timestamp;
  /** When the sweep may try it (again); the committing instance sends it at once regardless. */
  next_attempt_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  /** Claimed by an instance sending it until then (the lease); null when nobody holds it. */
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AnnouncementsTable {
  id: string;
  message: string;
  start_time: Timestamp;
  end_time: Timestamp;
  is_pinned: boolean;
  color: string;
  text_color: string;
  created_at: Timestamp;
}

/** Attempt counters of the sign-in, code and registration limits (http/rate-limit-stores.ts), shared by every instance. */
export interface RateLimitsTable {
  /** A hash of the operation, scope and account or address. */
  key: string;
  count: number;
  reset_at: Timestamp;
}

/** The changed fields, in the contract's names and units (ActivityFields). */
export type ActivityFields = Record<string, unknown>;

export interface ActivityLogTable {
  id: string;
  /** Insertion order: the log's order among entries of one instant. */
  seq: ColumnType<string, never, never>;
  at: Timestamp;
  actor_id: string;
  actor_username: string;
  kind: string;
  target_id: string;
  target_label: string;
  /** jsonb: written as JSON text, read back parsed. */
  before: ColumnType<ActivityFields | null, string | null, never>;
  after: ColumnType<ActivityFields | null, string | null, never>;
}

/** The dashboard's totals in shards, kept by triggers (migration 0017): a total is the sum over the rows. */
export interface ShopTotalsTable {
  shard: number;
  books: ColumnType<string, never, never>;
  customers: ColumnType<string, never, never>;
  orders: ColumnType<string, never, never>;
  completed_revenue_paisa: ColumnType<string, never, never>;
}

/** The books of each genre (lower-cased), kept by triggers (migration 0017). */
export interface BookGenreTotalsTable {
  genre_key: string;
  books: ColumnType<string, never, never>;
}

/** A number every write that reorders or refilters the catalogue moves on (migration 0020). */
export interface CatalogueVersionTable {
  only_row: ColumnType<boolean, never, never>;
  version: ColumnType<string, never, never>;
}

export interface Database {
  activity_log: ActivityLogTable;
  users: UsersTable;
  books: BooksTable;
  reviews: ReviewsTable;
  wishlist: WishlistTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  notifications: NotificationsTable;
  announcements: AnnouncementsTable;
  rate_limits: RateLimitsTable;
  mail_outbox: MailOutboxTable;
  shop_totals: ShopTotalsTable;
  book_genre_totals: BookGenreTotalsTable;
  catalogue_version: CatalogueVersionTable;
  book_search_words: BookSearchWordsTable;
}

/** Each place right after a space in a book's search_text (migration 0023), kept by PostgreSQL. */
export interface BookSearchWordsTable {
  book_id: ColumnType<string, never, never>;
  /** The search text from the place on (its first 64 characters). */
  rest: ColumnType<string, never, never>;
  /** The search text before the place, its space included (its last 64 characters). */
  before: ColumnType<string, never, never>;
}

export type UserRow = Selectable<UsersTable>;
export type BookRow = Selectable<BooksTable>;
export type NewBook = Insertable<BooksTable>;
export type BookUpdate = Updateable<BooksTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type ActivityRow = Selectable<ActivityLogTable>;
