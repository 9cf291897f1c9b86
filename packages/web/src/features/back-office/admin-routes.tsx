import { Route, Routes } from 'react-router';
import { BackOfficeArea } from './back-office-area';
import { BackOfficeLayout } from './back-office-layout';
import { BackOfficeNotFound } from './back-office-ui';
import { lazy } from '../../lib/lazy';

// Each admin page is its own chunk, loaded when first opened.
const AdminDashboardPage = lazy(() => import('../admin-dashboard/admin-dashboard-page'));
const AdminBooksPage = lazy(() => import('../admin-books/admin-books-page'));
const AddBookPage = lazy(() => import('../admin-books/add-book-page'));
const EditBookPage = lazy(() => import('../admin-books/edit-book-page'));
const BookViewPage = lazy(() => import('../admin-books/book-view-page'));
const AdminOrdersPage = lazy(() => import('../admin-orders/admin-orders-page'));
const AdminUsersPage = lazy(() => import('../admin-users/admin-users-page'));
const AdminStaffPage = lazy(() => import('../admin-users/admin-staff-page'));
const AdminBannersPage = lazy(() => import('../admin-banners/admin-banners-page'));

/** Everything under /admin/*: Admin only, in the back-office layout. */
export default function AdminRoutes() {
  return (
    <BackOfficeArea role="Admin">
      <Routes>
        <Route element={<BackOfficeLayout area="Admin" />}>
          <Route index element={<AdminDashboardPage />} />
          {/* Spec: reports and settings are placeholders that show the dashboard. */}
          <Route path="reports" element={<AdminDashboardPage />} />
          <Route path="settings" element={<AdminDashboardPage />} />
          <Route path="books" element={<AdminBooksPage />} />
          <Route path="books/addBooks" element={<AddBookPage />} />
          <Route path="books/edit/:bookId" element={<EditBookPage />} />
          <Route path="books/view/:bookId" element={<BookViewPage />} />
          <Route path="orders" element={<AdminOrdersPage />} />
          <Route path="users" element={<AdminUsersPage />} />
          <Route path="staff" element={<AdminStaffPage />} />
          <Route path="banners" element={<AdminBannersPage />} />
          <Route path="*" element={<BackOfficeNotFound home="/admin" />} />
        </Route>
      </Routes>
    </BackOfficeArea>
  );
}
