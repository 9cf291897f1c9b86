import { type Role, type User } from '@pustak/sdk';
import { ADMIN_PAGE_SIZE, ROLES, formatDate, isAssignableRole, shouldUpdateRole } from '@pustak/sdk/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { TextField } from '../../components/form-fields';
import { SearchIcon, UsersIcon } from '../../components/icons';
import { Pager } from '../../components/pager';
import { useToast } from '../../components/toaster';
import { useApi } from '../../lib/api-client';
import { cx } from '../../lib/cx';
import { serverMessage } from '../../lib/errors';
import { TableRegion, TableSkeleton, boStyles } from '../back-office/back-office-ui';
import { type AccountKind, USER_PAGES, useUserPage } from './api/use-user-page';
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
    <div className={boStyles.page}>
      <form role="search" className={boStyles.toolbar} onSubmit={submit}>
        <TextField
          label={`Search ${text.plural}`}
          hideLabel
          type="search"
          placeholder="Username or e-mail"
          leading={<SearchIcon size={18} />}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className={boStyles.toolbarGrow}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>

      <section className={cx(boStyles.panel, boStyles.panelFlush)} aria-label={kind === 'users' ? 'Users' : 'Staff'}>
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
            <p className={cx(boStyles.count, styles.range)} role="status">
              Showing {first}–{last} of {total} {text.plural}
            </p>
            <TableRegion label={kind === 'users' ? 'Users table' : 'Staff table'}>
              <table className={cx(boStyles.table, boStyles.stackTable, styles.table)} aria-busy={isValidating || undefined}>
                <thead>
                  <tr>
                    <th scope="col">Username</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Role</th>
                    <th scope="col">Joined At</th>
                    <th scope="col">Verified</th>
                    <th scope="col">Change role</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((user) => (
                    <tr key={user.id}>
                      <td data-label="Username" className={boStyles.strong}>{user.username}</td>
                      <td data-label="E-mail" className={styles.email}>{user.email}</td>
                      <td data-label="Role">
                        <Badge tone={user.role === 'Admin' ? 'accent' : user.role === 'Staff' ? 'info' : 'neutral'}>
                          {user.role}
                        </Badge>
                      </td>
                      <td data-label="Joined At" className={boStyles.nowrap}>{formatDate(user.createdAt)}</td>
                      <td data-label="Verified">
                        <Badge tone={user.isVerified ? 'success' : 'warning'}>{user.isVerified ? 'Yes' : 'No'}</Badge>
                      </td>
                      <td data-label="Change role">
                        <RoleChange key={`${user.id}-${user.role}`} user={user} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
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
      </section>
    </div>
  );
}

/** A role select and an explicit Update button; an unchanged role sends nothing. */
function RoleChange({ user }: { user: User }) {
  const api = useApi();
  const toast = useToast();
  const { mutate } = useSWRConfig();
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
      await api.users.updateRole(user.id, role);
      toast.success(`${user.username} is now ${role}.`);
      // The user may have moved between the Users and Staff tables: refresh both.
      void mutate((key) => Array.isArray(key) && key[0] === USER_PAGES);
    } catch (error) {
      toast.error(serverMessage(error) ?? `Failed to change the role of ${user.username}.`);
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
