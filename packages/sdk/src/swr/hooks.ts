// One hook per read of the client's groups. A hook takes the call's argument (null: fetch
// nothing) and SWR's options; a hook of a call without arguments takes the options only, and
// null in their place fetches nothing.
import type {
  ActiveAnnouncement, Announcement, BestSeller, Book, BookPage, Cart, DashboardSummary, GenreCount, ListActivityParams,
  ListBooksParams, ListUsersParams, Notification, Order, PagedActivity, PagedOrders, PagedUsers, Receipt, Review,
  SalesReport, SalesReportQuery, SearchOrdersParams, ShopInfo, User,
} from '../types.js';
import { usePustakRead, type PustakSWRConfiguration as Options, type PustakSWRResponse as Response } from './read.js';

const on = <A>(arg: A | null): readonly [A] | null => (arg === null ? null : [arg]);
const when = <D>(config: Options<D> | null | undefined): readonly [] | null => (config === null ? null : []);

/** `books.list` — one page of the storefront list and its pagination. */
export const useBooks = (params?: ListBooksParams | null, config?: Options<BookPage>): Response<BookPage> =>
  usePustakRead('books', 'list', on(params), config);
/** `books.bestSellers` — up to ten, best first. */
export const useBestSellers = (config?: Options<BestSeller[]> | null): Response<BestSeller[]> =>
  usePustakRead('books', 'bestSellers', when(config), config ?? undefined);
/** `books.genreCounts` — every genre with its books in the whole catalogue. */
export const useGenreCounts = (config?: Options<GenreCount[]> | null): Response<GenreCount[]> =>
  usePustakRead('books', 'genreCounts', when(config), config ?? undefined);
/** `books.byAuthor` — the author's books (exact name); none gives `[]`. */
export const useBooksByAuthor = (author: string | null, config?: Options<Book[]>): Response<Book[]> =>
  usePustakRead('books', 'byAuthor', on(author), config);

/** `catalog.get` — one book by id. */
export const useBook = (bookId: string | null, config?: Options<Book>): Response<Book> =>
  usePustakRead('catalog', 'get', on(bookId), config);
/** `catalog.listAll` — every book, unpaged (the admin inventory). */
export const useAllBooks = (config?: Options<Book[]> | null): Response<Book[]> =>
  usePustakRead('catalog', 'listAll', when(config), config ?? undefined);
/** `catalog.getTitle` — the bare book the back office headers read for the title. */
export const useBookTitle = (bookId: string | null, config?: Options<Book>): Response<Book> =>
  usePustakRead('catalog', 'getTitle', on(bookId), config);

/** `reviews.list` — a book's reviews; none gives `[]`. */
export const useReviews = (bookId: string | null, config?: Options<Review[]>): Response<Review[]> =>
  usePustakRead('reviews', 'list', on(bookId), config);

/** `wishlist.list` — the customer's bookmarked books. */
export const useWishlist = (config?: Options<Book[]> | null): Response<Book[]> =>
  usePustakRead('wishlist', 'list', when(config), config ?? undefined);
/** `wishlist.check` — whether the book is bookmarked. */
export const useWishlistCheck = (bookId: string | null, config?: Options<boolean>): Response<boolean> =>
  usePustakRead('wishlist', 'check', on(bookId), config);

/** `cart.list` — the cart's lines and its totals, priced by the server. */
export const useCart = (config?: Options<Cart> | null): Response<Cart> =>
  usePustakRead('cart', 'list', when(config), config ?? undefined);

/** `orders.mine` — the caller's orders; none gives `[]`. */
export const useMyOrders = (config?: Options<Order[]> | null): Response<Order[]> =>
  usePustakRead('orders', 'mine', when(config), config ?? undefined);
/** `orders.all` — every order (Admin, Staff); none gives `[]`. */
export const useAllOrders = (config?: Options<Order[]> | null): Response<Order[]> =>
  usePustakRead('orders', 'all', when(config), config ?? undefined);
/** `orders.search` — one page of the orders found, with the counts by status. */
export const useOrderSearch = (params?: SearchOrdersParams | null, config?: Options<PagedOrders>): Response<PagedOrders> =>
  usePustakRead('orders', 'search', on(params), config);
/** `orders.receipt` — a Completed order's receipt. */
export const useReceipt = (orderId: string | null, config?: Options<Receipt>): Response<Receipt> =>
  usePustakRead('orders', 'receipt', on(orderId), config);
/** `orders.shopInfo` — where and when orders are picked up. */
export const useShopInfo = (config?: Options<ShopInfo> | null): Response<ShopInfo> =>
  usePustakRead('orders', 'shopInfo', when(config), config ?? undefined);

/** `users.get` — one profile. */
export const useUser = (userId: string | null, config?: Options<User>): Response<User> =>
  usePustakRead('users', 'get', on(userId), config);
/** `users.list` — one page of customers. */
export const useUsers = (params?: ListUsersParams | null, config?: Options<PagedUsers>): Response<PagedUsers> =>
  usePustakRead('users', 'list', on(params), config);
/** `users.listStaff` — one page of staff accounts. */
export const useStaffUsers = (params?: ListUsersParams | null, config?: Options<PagedUsers>): Response<PagedUsers> =>
  usePustakRead('users', 'listStaff', on(params), config);

/** `notifications.list` — stored notifications, newest first. */
export const useNotifications = (config?: Options<Notification[]> | null): Response<Notification[]> =>
  usePustakRead('notifications', 'list', when(config), config ?? undefined);
/** `announcements.active` — the banner running now, or `{ active: false }`. */
export const useActiveAnnouncement = (config?: Options<ActiveAnnouncement> | null): Response<ActiveAnnouncement> =>
  usePustakRead('announcements', 'active', when(config), config ?? undefined);
/** `announcements.list` — every banner (Admin). */
export const useAnnouncements = (config?: Options<Announcement[]> | null): Response<Announcement[]> =>
  usePustakRead('announcements', 'list', when(config), config ?? undefined);

/** `dashboard.get` — the back office's totals, weekly sales and recent activity. */
export const useDashboard = (config?: Options<DashboardSummary> | null): Response<DashboardSummary> =>
  usePustakRead('dashboard', 'get', when(config), config ?? undefined);
/** `activity.list` — one page of the activity log. */
export const useActivity = (params?: ListActivityParams | null, config?: Options<PagedActivity>): Response<PagedActivity> =>
  usePustakRead('activity', 'list', on(params), config);
/** `reports.sales` — the sales of a range of days (and how many best sellers, 100 unless given). */
export const useSalesReport = (range: SalesReportQuery | null, config?: Options<SalesReport>): Response<SalesReport> =>
  usePustakRead('reports', 'sales', on(range), config);
