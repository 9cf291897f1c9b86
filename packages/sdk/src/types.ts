/**
 * Named types of the public API, all derived from the generated contract types so they
 * cannot drift from openapi/openapi.yaml.
 */
import type { components, operations } from './generated/schema.js';

type Schemas = components['schemas'];
type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** Per-call options accepted as the last argument of every SDK method. */
export interface RequestOptions {
  /** Aborts the request; the call then rejects with the platform's `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Extra headers for this call only (e.g. `Prefer` for the mock), over the client defaults. */
  headers?: Record<string, string> | undefined;
  /** Retries of this call, over the client's `maxRetries` (0: none). */
  maxRetries?: number | undefined;
  /** Each attempt's timeout in milliseconds, over the client's `timeoutMs` (0: none). */
  timeoutMs?: number | undefined;
}

/** A point in time: a `Date` or anything `new Date()` parses; sent as an ISO timestamp. */
export type DateTimeInput = Date | string;

// ---------- entities ----------
export type Role = Schemas['Role'];
/** A role an Admin may assign (`Staff` or `User`). */
export type AssignableRole = Schemas['AssignableRole'];
/** One of the five banner colour names. */
export type BannerColor = Schemas['BannerColor'];
/** A banner's background as the server answers it: a BannerColor name or `bg-[#rrggbb]`. */
export type BannerBackground = Schemas['BannerBackground'];
export type Genre = Schemas['Genre'];
export type BookFormat = Schemas['BookFormat'];
export type OrderStatus = Schemas['OrderStatus'];
/** How the customer paid at the counter, recorded at the handover. */
export type PaymentMethod = Schemas['PaymentMethod'];
export type Weekday = Schemas['Weekday'];
export type User = Schemas['User'];
export type Book = Schemas['Book'];
export type BestSeller = Schemas['BestSeller'];
/** A genre with how many books the whole catalogue holds of it (`books.genreCounts()`). */
export type GenreCount = Schemas['GenreCount'];
export type Review = Schemas['Review'];
/** What an activity log entry records (`order.ready`, `book.discount`, `review.hidden`, ...). */
export type ActivityKind = Schemas['ActivityKind'];
/** One entry of the activity log: who changed what, when, and the fields before and after. */
export type ActivityEntry = Schemas['ActivityEntry'];
/** The sales of a range of days, each breakdown adding up to the totals (`reports.sales`). */
export type SalesReport = Schemas['SalesReport'];
export type SalesDay = Schemas['SalesDay'];
export type SalesByGenre = Schemas['SalesByGenre'];
export type SalesByBook = Schemas['SalesByBook'];
/** The books sold past the report's best sellers, summed (`SalesReport.otherBooks`). */
export type SalesOfOtherBooks = Schemas['SalesOfOtherBooks'];
export type SalesByStaff = Schemas['SalesByStaff'];
/** A book at or below the server's low-stock threshold (`DashboardSummary.lowStock`). */
export type LowStockBook = Schemas['LowStockBook'];
export type CartBook = Schemas['CartBook'];
export type CartItem = Schemas['CartItem'];
/** What one copy of a book costs now, computed by the server (`Book.pricing`, `CartBook.pricing`). */
export type BookPricing = Schemas['BookPricing'];
/** A discount the cart gets, with what it takes off (`CartTotals.discounts`, `PlacedOrder.discounts`). */
export type CartDiscount = Schemas['CartDiscount'];
/** The cart's money, computed by the server: placing the order right after charges `total`. */
export type CartTotals = Schemas['CartTotals'];
/** The cart as `cart.list()` returns it: the lines and the server's totals, from one answer. */
export interface Cart {
  items: CartItem[];
  totals: CartTotals;
}
export type OrderItem = Schemas['OrderItem'];
export type Order = Schemas['Order'];
/** One step of an order's history (`Order.history`). */
export type OrderEvent = Schemas['OrderEvent'];
export type OrderEventKind = Schemas['OrderEventKind'];
export type PlacedOrder = Schemas['PlacedOrder'];
export type Announcement = Schemas['Announcement'];
export type ActiveAnnouncement = Schemas['ActiveAnnouncement'];
export type Notification = Schemas['Notification'];
/** The shop's pickup information (`getShopInfo`). */
export type ShopInfo = Schemas['ShopInfo'];
/** A Completed order's receipt (`getOrderReceipt`): the order's recorded money, the handover, the shop. */
export type Receipt = Schemas['Receipt'];
export type ReceiptLine = Schemas['ReceiptLine'];
export type ReceiptDiscount = Schemas['ReceiptDiscount'];
export type Activity = Schemas['Activity'];
export type WeeklySale = Schemas['WeeklySale'];
export type RecentOrder = Schemas['RecentOrder'];
export type DashboardSummary = Schemas['DashboardSummary'];
export type Pagination = Schemas['Pagination'];

// ---------- replies of commands (the server's envelopes) ----------
export type MessageEnvelope = Schemas['MessageEnvelope'];
export type RegisterResponse = Schemas['RegisterResponse'];
export type LoginResponse = Schemas['LoginResponse'];
export type PasswordResetResponse = Schemas['PasswordResetResponse'];
export type BookEnvelope = Schemas['BookEnvelope'];
export type BookCreated = Schemas['BookCreated'];
export type StatusMessage = Schemas['StatusMessage'];
export type StatusCodeMessage = Schemas['StatusCodeMessage'];
export type HubNegotiateResponse = Schemas['HubNegotiateResponse'];
export type WishlistResult = Schemas['WishlistResult'];
export type PlaceOrderResponse = Schemas['PlaceOrderResponse'];
export type CancelOrderResponse = Schemas['CancelOrderResponse'];
/** `markOrderReady` and `cancelOrderByShop`: the order's new status (and a Ready order's `expiresAt`). */
export type OrderStatusChanged = Schemas['OrderStatusChanged'];
export type ReviewAdded = Schemas['ReviewAdded'];
export type AnnouncementEnvelope = Schemas['AnnouncementEnvelope'];
export type ErrorBody = Schemas['ErrorBody'];
export type ProblemDetails = Schemas['ProblemDetails'];

// ---------- inputs ----------
export type RegisterInput = Schemas['RegisterRequest'];
export type LoginInput = Schemas['LoginRequest'];
/**
 * Body of `orders.place()`: `expectedTotal` is the cart total the customer is looking at
 * (`cart.list()`'s `totals.total`). When the cart's total is different when the order is
 * placed, nothing is ordered and the call throws `PricesChangedError` (errors.ts).
 */
export type PlaceOrderInput = Schemas['PlaceOrderRequest'];
/** A forgotten password: the account's username or e-mail address. */
export type PasswordResetRequestInput = Schemas['PasswordResetRequest'];
/** A new password with the e-mailed 5-digit reset code. */
export type ResetPasswordInput = Schemas['ResetPasswordRequest'];
/** The signed-in account's current password and the new one (twice). */
export type ChangePasswordInput = Schemas['ChangePasswordRequest'];

/** E-mail verification; sent as the legacy PascalCase `{VerificationCode, Id}`. */
export interface VerifyEmailInput {
  /** `user.id` from the registration reply. */
  id: Schemas['VerifyEmailRequest']['Id'];
  /** The 5-digit code from the e-mail. */
  verificationCode: Schemas['VerifyEmailRequest']['VerificationCode'];
}

type BookFormFields = Omit<Schemas['BookForm'], 'image' | 'publicationDate' | 'startTime' | 'endTime' | 'isOnSale' | 'availableInLibrary' | 'awardWinners'>;

/** The Add/Edit Book form; sent as multipart/form-data. */
export interface BookInput extends BookFormFields {
  publicationDate: DateTimeInput;
  /** Sale window; omitted when null or undefined. */
  startTime?: DateTimeInput | null | undefined;
  endTime?: DateTimeInput | null | undefined;
  /** Defaults to false on the server. */
  isOnSale?: boolean | undefined;
  availableInLibrary?: boolean | undefined;
  awardWinners?: boolean | undefined;
  /** Cover image. On update, none sends an empty part, which keeps the current cover. */
  image?: Blob | null | undefined;
}

/** Timed sale; sent as PascalCase `{Discount, StartTime, EndTime, IsOnSale}`. */
export interface DiscountOfferInput {
  /** Percent, 0..100. */
  discount: Schemas['DiscountOfferRequest']['Discount'];
  startTime: DateTimeInput;
  endTime: DateTimeInput;
  isOnSale: Schemas['DiscountOfferRequest']['IsOnSale'];
}

/** A banner; sent as PascalCase `{Message, StartTime, EndTime, IsPinned, Color, TextColor}`. */
export interface AnnouncementInput {
  message: Schemas['AnnouncementRequest']['Message'];
  startTime: DateTimeInput;
  endTime: DateTimeInput;
  isPinned: Schemas['AnnouncementRequest']['IsPinned'];
  /** A colour name (`Blue`); legacy `bg-blue-100` tokens and hex colours are mapped to a name by the server. */
  color: Schemas['AnnouncementRequest']['Color'];
  /** A hex colour (`#ffffff`) or a legacy `text-*` token. */
  textColor: Schemas['AnnouncementRequest']['TextColor'];
}

/** A review; sent as `{bookId, Stars, Comment}`. */
export interface ReviewInput {
  bookId: Schemas['ReviewRequest']['bookId'];
  /** 1..5. */
  stars: Schemas['ReviewRequest']['Stars'];
  comment: Schemas['ReviewRequest']['Comment'];
}

/** Query of `books.list`. */
export type ListBooksParams = QueryOf<'listBooks'>;
/** One of the sort keys `books.list` accepts. */
export type BookSort = NonNullable<ListBooksParams['sortBy']>;
/** Query of `users.list` / `users.listStaff`. */
export type ListUsersParams = QueryOf<'listUsers'>;
/** `activity.list`'s filters (actor, kind, from, to) and paging. */
export type ListActivityParams = QueryOf<'listActivity'>;
/** `orders.search`'s search, statuses, sort and paging. */
export type SearchOrdersParams = QueryOf<'searchOrders'>;
/** One of the sorts `orders.search` accepts. */
export type OrderSearchSort = NonNullable<SearchOrdersParams['sort']>;
/** A range of calendar days (YYYY-MM-DD, both included) in the shop's time zone. */
export type ReportRange = Pick<QueryOf<'getSalesReport'>, 'from' | 'to'>;
/** A range and how many best sellers byBook lists (100 unless given) (`reports.sales`). */
export type SalesReportQuery = Pick<QueryOf<'getSalesReport'>, 'from' | 'to' | 'books'>;
/** Which CSV file `reports.csv` fetches: the orders with their lines, or one of the report's tables. */
export type ReportFile = QueryOf<'exportReportCsv'>['report'];
/** A CSV file fetched with the caller's token, to save under its name. */
export interface CsvFile {
  filename: string;
  blob: Blob;
}

// ---------- unwrapped query results ----------
/** One page of `books.list`. */
export interface BookPage {
  items: Book[];
  pagination: Pagination;
}

/** One page of `users.list` / `users.listStaff`. */
/** One page of `activity.list`, newest first. */
export interface PagedActivity {
  items: ActivityEntry[];
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

/** One page of `orders.search`. */
export interface PagedOrders {
  items: Order[];
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  /** What the search finds by status, whatever its status filter. */
  statusCounts: Schemas['OrderStatusCounts'];
}

export interface PagedUsers {
  items: User[];
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}
