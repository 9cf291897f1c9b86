import { UserAccountsPage } from './user-accounts-page';

/** /admin/users: customer accounts. */
export default function AdminUsersPage() {
  return <UserAccountsPage key="users" kind="users" />;
}
