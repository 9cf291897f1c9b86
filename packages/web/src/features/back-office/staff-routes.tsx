import { Route, Routes } from 'react-router';
import { BackOfficeArea } from './back-office-area';
import { BackOfficeLayout } from './back-office-layout';
import { BackOfficeNotFound } from './back-office-ui';
import { lazy } from '../../lib/lazy';

const StaffDashboardPage = lazy(() => import('../staff/staff-dashboard-page'));
const StaffOrdersPage = lazy(() => import('../staff/staff-orders-page'));

/** Everything under /staff/*: Staff only, in the back-office layout. */
export default function StaffRoutes() {
  return (
    <BackOfficeArea role="Staff">
      <Routes>
        <Route element={<BackOfficeLayout area="Staff" />}>
          <Route index element={<StaffDashboardPage />} />
          <Route path="orders" element={<StaffOrdersPage />} />
          <Route path="*" element={<BackOfficeNotFound home="/staff" />} />
        </Route>
      </Routes>
    </BackOfficeArea>
  );
}
