import { lazy } from '../../lib/lazy';
import { type AreaPage, BackOfficeRoutes } from './back-office-routes';

const PAGES: AreaPage[] = [
  ['', lazy(() => import('../../features/back-office/staff-orders/staff-dashboard-page'))],
  ['orders', lazy(() => import('../../features/back-office/staff-orders/staff-orders-page'))],
];

/** Everything under /staff/*: Staff only, in the back-office layout. */
export default function StaffRoutes() {
  return <BackOfficeRoutes area="Staff" pages={PAGES} />;
}
