import { Route, Routes } from 'react-router';
import { BackOfficeArea } from '../layouts/back-office-area';
import { BackOfficeLayout } from '../layouts/back-office-layout';
import { BackOfficeNotFound } from '../../components/back-office/back-office-ui';
import { lazy } from '../../lib/lazy';

const StaffDashboardPage = lazy(() => import('../../features/back-office/staff-orders/staff-dashboard-page'));
const StaffOrdersPage = lazy(() => import('../../features/back-office/staff-orders/staff-orders-page'));

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
