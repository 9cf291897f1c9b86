import { UserAccountsPage } from './user-accounts-page';

/** /admin/staff: staff accounts. */
export default function AdminStaffPage() {
  return <UserAccountsPage key="staff" kind="staff" />;
}
