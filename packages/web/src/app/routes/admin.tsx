import { lazy } from '../../lib/lazy';
import { type AreaPage, BackOfficeRoutes } from './back-office-routes';

// Each admin page is its own chunk, loaded when first opened.
const AdminDashboardPage = lazy(() => import('../../features/back-office/dashboard/admin-dashboard-page'));

const PAGES: AreaPage[] = [
  ['', AdminDashboardPage],
  ['reports', lazy(() => import('../../features/back-office/reports/admin-reports-page'))],
  // Spec: settings is a placeholder that shows the dashboard.
  ['settings', AdminDashboardPage],
  ['books', lazy(() => import('../../features/back-office/books/admin-books-page'))],
  ['books/addBooks', lazy(() => import('../../features/back-office/books/add-book-page'))],
  ['books/edit/:bookId', lazy(() => import('../../features/back-office/books/edit-book-page'))],
  ['books/view/:bookId', lazy(() => import('../../features/back-office/books/book-view-page'))],
  ['orders', lazy(() => import('../../features/back-office/orders/admin-orders-page'))],
  ['users', lazy(() => import('../../features/back-office/users/admin-users-page'))],
  ['staff', lazy(() => import('../../features/back-office/users/admin-staff-page'))],
  ['banners', lazy(() => import('../../features/back-office/banners/admin-banners-page'))],
  ['activity', lazy(() => import('../../features/back-office/activity/admin-activity-page'))],
];

/** Everything under /admin/*: Admin only, in the back-office layout. */
export default function AdminRoutes() {
  return <BackOfficeRoutes area="Admin" pages={PAGES} />;
}
