import { Route, Routes } from 'react-router';
import { BackOfficeArea } from '../layouts/back-office-area';
import { BackOfficeLayout } from '../layouts/back-office-layout';
import { BackOfficeNotFound } from '../../components/back-office/back-office-ui';
import { lazy } from '../../lib/lazy';

// Each admin page is its own chunk, loaded when first opened.
const AdminDashboardPage = lazy(() => import('../../features/back-office/dashboard/admin-dashboard-page'));
const AdminBooksPage = lazy(() => import('../../features/back-office/books/admin-books-page'));
const AddBookPage = lazy(() => import('../../features/back-office/books/add-book-page'));
const EditBookPage = lazy(() => import('../../features/back-office/books/edit-book-page'));
const BookViewPage = lazy(() => import('../../features/back-office/books/book-view-page'));
const AdminOrdersPage = lazy(() => import('../../features/back-office/orders/admin-orders-page'));
const AdminUsersPage = lazy(() => import('../../features/back-office/users/admin-users-page'));
const AdminStaffPage = lazy(() => import('../../features/back-office/users/admin-staff-page'));
const AdminBannersPage = lazy(() => import('../../features/back-office/banners/admin-banners-page'));

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
