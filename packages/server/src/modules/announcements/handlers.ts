// reviews, notifications, announcements and dashboard.
import { activeAnnouncement, addReview as addReviewRule, allAnnouncements, createAnnouncement as createAnnouncementRule, dashboard,
  deleteAnnouncement as deleteAnnouncementRule, recentNotifications, reviewsOf, updateAnnouncement as updateAnnouncementRule } from '../domain/community.js';
import type { BannerPalette } from '../domain/banner-colors.js';
import { paisaToRupees } from '../domain/money.js';
import { forgetBooks } from './catalogue.js';
import type { Services } from '../services.js';
import type { Handler, Success } from './types.js';
import { announcementView, bookView, reviewView } from './views.js';

export const listReviews: Handler<'listReviews'> = async ({ params, services }) => (await reviewsOf(services.db, params.bookId)).map(reviewView);

export const addReview: Handler<'addReview'> = async ({ caller, body, services }) => {
  const review = await addReviewRule(services.db, caller(), body, services.clock.now());
  await forgetBooks(services, [review.book_id]); // the book's stars and reviews; no list's books or order
  return { statusCode: 200, message: 'Review added Successfully;', data: reviewView(review) };
};

export const listNotifications: Handler<'listNotifications'> = async ({ services }) => ({
  status: 'success',
  statusCode: 200,
  data: (await recentNotifications(services.db)).map((n) => ({ message: n.message, createdAt: n.created_at.toISOString() })),
});

/** The banner showing now, as GET /announcement/active answers it. */
async function activeAnnouncementAnswer(services: Services): Promise<Success<'getActiveAnnouncement'>> {
  const row = await activeAnnouncement(services.db, services.clock.now());
  if (!row) return { active: false };
  const view = announcementView(row);
  return { active: true, message: view.message, start: view.startTime, end: view.endTime, color: view.color, textColor: view.textColor };
}

export const getActiveAnnouncement: Handler<'getActiveAnnouncement'> = ({ services }) => activeAnnouncementAnswer(services);

/** The cache entry of the active banner that every page of the web app carries; an announcement's write drops it. */
const ACTIVE_ANNOUNCEMENT_KEY = 'announcement:active';

/** The active banner for a page of the web app: cached (1 s, the clock decides what is active), dropped by a write. */
export const cachedActiveAnnouncement = (services: Services) =>
  services.cache.get(ACTIVE_ANNOUNCEMENT_KEY, () => activeAnnouncementAnswer(services));

export const listAnnouncements: Handler<'listAnnouncements'> = async ({ services }) => ({
  status: 'success',
  message: 'Announcements retrieved successfully',
  data: (await allAnnouncements(services.db)).map(announcementView),
});

export const announcementHandlers = (palette: BannerPalette) => {
  const createAnnouncement: Handler<'createAnnouncement'> = async ({ body, services }) => {
    const row = await createAnnouncementRule(services.db, body, palette, services.clock.now());
    await services.cache.forget(ACTIVE_ANNOUNCEMENT_KEY);
    return { status: 'success', message: 'Announcement created successfully', data: announcementView(row) };
  };
  const updateAnnouncement: Handler<'updateAnnouncement'> = async ({ params, body, services }) => {
    const row = await updateAnnouncementRule(services.db, params.id, body, palette);
    await services.cache.forget(ACTIVE_ANNOUNCEMENT_KEY);
    return { status: 'success', message: 'Announcement updated successfully', data: announcementView(row) };
  };
  return { createAnnouncement, updateAnnouncement };
};

export const deleteAnnouncement: Handler<'deleteAnnouncement'> = async ({ params, services }) => {
  await deleteAnnouncementRule(services.db, params.id);
  await services.cache.forget(ACTIVE_ANNOUNCEMENT_KEY);
  return { status: 'success', message: 'Announcement deleted successfully' };
};

export const getDashboard: Handler<'getDashboard'> = async ({ services, origin }) => {
  const figures = await dashboard(services.db, services.clock.now());
  return {
    totalBooks: figures.totalBooks,
    totalOrders: figures.totalOrders,
    totalCustomers: figures.totalCustomers,
    totalRevenue: paisaToRupees(figures.totalRevenuePaisa),
    weeklySales: figures.weeklySales,
    recentNotifications: figures.recentNotifications.map((n) => ({ message: n.message, createdAt: n.created_at.toISOString() })),
    recentBooks: figures.recentBooks.map((entry) => bookView(entry, origin)),
    recentOrders: figures.recentOrders.map((o) => ({
      orderId: o.id,
      username: o.username,
      email: o.email,
      orderDate: o.order_date.toISOString(),
      finalTotal: paisaToRupees(o.final_total_paisa),
      status: o.status as 'Pending' | 'Processing' | 'Completed' | 'Cancelled',
    })),
  };
};
