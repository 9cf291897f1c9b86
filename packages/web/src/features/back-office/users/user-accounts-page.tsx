import { type Role, type User, serverMessageOf } from '@pustak/sdk';
import { ADMIN_PAGE_SIZE, ROLES, formatDate, isAssignableRole, shouldUpdateRole } from '@pustak/sdk/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { TextField } from '../../../components/form-fields';
import { SearchIcon, UsersIcon } from '../../../components/icons';
import { Pager } from '../../../components/pager';
import { useToast } from '../../../components/toaster';
import { CountText, PageStack, Panel, TableSkeleton, Toolbar } from '../../../components/back-office/back-office-ui';
import { type Column, DataTable } from '../../../components/data-table';
import { useUpdateRole } from './api/use-update-role';
import { useUserPage } from './api/use-user-page';
import { type AccountKind } from './query-keys';
import styles from './user-accounts.module.css';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 350;

/** Roles an admin can hand out from these tables (spec section 6). */
const ASSIGNABLE: readonly Role[] = ['User', 'Staff'];

const TEXT: Record<AccountKind, { noun: string; plural: string; empty: string; failed: string }> = {
  users: { noun: 'user', plural: 'users', empty: 'No users found', failed: 'Failed to load users.' },
  staff: { noun: 'staff member', plural: 'staff members', empty: 'No staff members found', failed: 'Failed to load staff.' },
};

/** /admin/users and /admin/staff: a server-paged, searchable table with a role change per row. */
export function UserAccountsPage({ kind }: { kind: AccountKind }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  const { data, error, isLoading, isValidating, mutate } = useUserPage(kind, page, search);
  const text = TEXT[kind];

  const go = (next: { page?: number; search?: string }) => {
    const query = new URLSearchParams(params);
    const nextSearch = next.search ?? search;
    const nextPage = next.page ?? page;
    if (nextSearch) query.set('search', nextSearch);
    else query.delete('search');
    if (nextPage > 1) query.set('page', String(nextPage));
    else query.delete('page');
    setParams(query, { replace: next.page === undefined });
  };

  // Typing searches after a pause; a new search starts again at page 1.
  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === search) return;
    const timer = window.setTimeout(() => go({ search: wanted, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ search: draft.trim(), page: 1 });
  };

  const total = data?.totalCount ?? 0;
  const first = total === 0 ? 0 : (page - 1) * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(total, page * ADMIN_PAGE_SIZE);

  return (
    <PageStack>
      <Toolbar as="form" role="search" aria-label={text.plural} onSubmit={submit}>
        <TextField
          label={`Search ${text.plural}`}
          hideLabel
          type="search"
          placeholder="Username or e-mail"
          leading={<SearchIcon size={18} />}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Toolbar>

      <Panel flush label={kind === 'users' ? 'Users' : 'Staff'}>
        {error && !data ? (
          <ErrorState text={text.failed} onRetry={() => void mutate()} />
        ) : isLoading || !data ? (
          <TableSkeleton rows={ADMIN_PAGE_SIZE} label={`Loading ${text.plural}`} />
        ) : data.items.length === 0 ? (
          <EmptyState
            title={text.empty}
            text={search ? `Nothing matches “${search}”.` : undefined}
            icon={<UsersIcon size={26} />}
            compact
          />
        ) : (
          <>
            <CountText live className={styles.range}>
              Showing {first}–{last} of {total} {text.plural}
            </CountText>
            <DataTable
              label={kind === 'users' ? 'Users table' : 'Staff table'}
              columns={COLUMNS}
              rows={data.items}
              rowKey={(user) => user.id}
              busy={isValidating}
              className={styles.table}
            />
          </>
        )}
        {data && data.totalPages > 1 ? (
          <div className={styles.pager}>
            <Pager
              page={page}
              totalPages={data.totalPages}
              onPageChange={(next) => go({ page: next })}
              showEnds
              label={`${kind === 'users' ? 'Users' : 'Staff'} pages`}
            />
          </div>
        ) : null}
      </Panel>
    </PageStack>
  );
}

const ROLE_TONES: Record<string, BadgeTone> = { Admin: 'accent', Staff: 'info' };

const COLUMNS: Column<User>[] = [
  { label: 'Username', className: 'strong', cell: (user) => user.username },
  { label: 'E-mail', className: styles.email, cell: (user) => user.email },
  { label: 'Role', cell: (user) => <Badge tone={ROLE_TONES[user.role] ?? 'neutral'}>{user.role}</Badge> },
  { label: 'Joined At', className: 'nowrap', cell: (user) => formatDate(user.createdAt) },
  {
    label: 'Verified',
    cell: (user) => <Badge tone={user.isVerified ? 'success' : 'warning'}>{user.isVerified ? 'Yes' : 'No'}</Badge>,
  },
  { label: 'Change role', cell: (user) => <RoleChange key={`${user.id}-${user.role}`} user={user} /> },
];

/** A role select and an explicit Update button; an unchanged role sends nothing. */
function RoleChange({ user }: { user: User }) {
  const updateRole = useUpdateRole();
  const toast = useToast();
  const [role, setRole] = useState<Role>(user.role);
  const [busy, setBusy] = useState(false);
  const selectId = `role-${user.id}`;
  const options = ROLES.filter((value) => ASSIGNABLE.includes(value) || value === user.role);

  const update = async () => {
    if (!shouldUpdateRole(user.role, role) || !isAssignableRole(role)) {
      toast.info(`${user.username} is already ${user.role}.`);
      return;
    }
    setBusy(true);
    try {
      await updateRole(user.id, role);
      toast.success(`${user.username} is now ${role}.`);
    } catch (error) {
      toast.error(serverMessageOf(error) ?? `Failed to change the role of ${user.username}.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.roleChange}>
      <label htmlFor={selectId} className="visually-hidden">
        New role for {user.username}
      </label>
      <select
        id={selectId}
        className={styles.roleSelect}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
        disabled={busy}
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      <Button size="sm" variant="secondary" loading={busy} onClick={() => void update()} aria-label={`Update role of ${user.username}`}>
        Update
      </Button>
    </div>
  );
}
