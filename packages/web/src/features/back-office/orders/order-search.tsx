import { type Order, type OrderSearchSort, type OrderStatus } from '@pustak/sdk';
import { ADMIN_PAGE_SIZE, ORDER_STATUSES, orderStatusLabel } from '@pustak/sdk/domain';
import { type FormEvent, type ReactNode, type Ref, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CountText, Panel, TableSkeleton, Toolbar } from '../../../components/back-office/back-office-ui';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SelectField } from '../../../components/form-controls';
import { TextField } from '../../../components/form-fields';
import { PackageIcon, SearchIcon } from '../../../components/icons';
import { Pager } from '../../../components/pager';
import { useOrderSearch } from './api/use-order-search';
import styles from './order-search.module.css';
import { type OrderSearchQuery } from './query-keys';

/** How long typing pauses before the search is sent. */
export const ORDER_SEARCH_DEBOUNCE_MS = 350;

/** Which orders a list shows: those waiting for pickup (Pending and Ready), every one, or one status. */
export type OrderShow = 'waiting' | 'all' | OrderStatus;

const SHOW_OPTIONS: { value: OrderShow; label: string }[] = [
  { value: 'waiting', label: 'Waiting for pickup' },
  { value: 'all', label: 'Every status' },
  // Processing is never written by the server: nothing to find by it.
  ...ORDER_STATUSES.filter((status) => status !== 'Processing').map((status) => ({ value: status, label: orderStatusLabel(status) })),
];

const SORT_OPTIONS: { value: OrderSearchSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total-desc', label: 'Total: high to low' },
  { value: 'total-asc', label: 'Total: low to high' },
];

const isShow = (value: string | null): value is OrderShow => SHOW_OPTIONS.some((option) => option.value === value);
const isSort = (value: string | null): value is OrderSearchSort => SORT_OPTIONS.some((option) => option.value === value);
const statusesOf = (show: OrderShow): readonly OrderStatus[] | undefined => (show === 'waiting' ? ['Pending', 'Ready'] : show === 'all' ? undefined : [show]);

/**
 * An order list's search, filter, sort and page, kept in the address (`?search=&show=&sort=&page=`)
 * so a reload or a shared link shows the same list; typing searches after a pause.
 */
export function useOrderSearchState(defaultShow: OrderShow) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('search') ?? '';
  const showParam = params.get('show');
  const show = isShow(showParam) ? showParam : defaultShow;
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : 'newest';
  const [draft, setDraft] = useState(search);
  const query: OrderSearchQuery = { search, statuses: statusesOf(show), sort, page };
  const list = useOrderSearch(query);

  const go = (next: { search?: string; show?: OrderShow; sort?: OrderSearchSort; page?: number }) => {
    const wanted = { search: next.search ?? search, show: next.show ?? show, sort: next.sort ?? sort, page: next.page ?? page };
    const address = new URLSearchParams();
    if (wanted.search) address.set('search', wanted.search);
    if (wanted.show !== defaultShow) address.set('show', wanted.show);
    if (wanted.sort !== 'newest') address.set('sort', wanted.sort);
    if (wanted.page > 1) address.set('page', String(wanted.page));
    setParams(address, { replace: next.page === undefined });
  };

  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === search) return;
    const timer = window.setTimeout(() => go({ search: wanted, page: 1 }), ORDER_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  // The page on screen answers this very query (not the previous one kept while it loads).
  const current = list.data && JSON.stringify(list.data.query) === JSON.stringify(query) ? list.data : undefined;
  return {
    draft,
    setDraft,
    search,
    show,
    sort,
    page,
    list,
    current,
    go,
    /** Back to an empty search box and the first page (the next customer at the counter). */
    clear: () => {
      setDraft('');
      go({ search: '', page: 1 });
    },
  };
}

export type OrderSearchState = ReturnType<typeof useOrderSearchState>;

/**
 * The search form and the list of one page of orders: 'Failed to fetch orders' (spec section 8)
 * with Retry while nothing was loaded, a skeleton while loading, 'No orders found', or
 * `children(orders)` with the range shown and the pager. `onEnter`: Enter in the search box on
 * the list of exactly this search, with one order in it (the counter opens that order).
 */
export function OrderSearchPanel({
  state,
  label,
  hint,
  searchRef,
  onEnter,
  children,
}: {
  state: OrderSearchState;
  label: string;
  hint?: string;
  searchRef?: Ref<HTMLInputElement>;
  onEnter?: (order: Order, typed: string) => boolean;
  children: (orders: readonly Order[]) => ReactNode;
}) {
  const { draft, setDraft, search, show, sort, page, list, current, go } = state;
  const { data, error, isLoading, isValidating, mutate } = list;
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = draft.trim();
    const [only, ...others] = current?.items ?? [];
    if (onEnter && wanted && wanted === search && only && others.length === 0 && onEnter(only, wanted)) return;
    if (wanted === search) void mutate();
    else go({ search: wanted, page: 1 });
  };

  const total = data?.totalCount ?? 0;
  const first = total === 0 ? 0 : (page - 1) * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(total, page * ADMIN_PAGE_SIZE);

  return (
    <>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <Toolbar as="form" role="search" aria-label={`Find ${label.toLowerCase()}`} onSubmit={submit}>
        <TextField
          ref={searchRef}
          label="Claim code, order number or customer"
          className={styles.search}
          type="search"
          placeholder="Claim code, #number or name"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hint ? hintId : undefined}
          leading={<SearchIcon size={18} />}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <SelectField label="Show" options={SHOW_OPTIONS} value={show} onChange={(event) => go({ show: event.target.value as OrderShow, page: 1 })} />
        <SelectField label="Sort by" options={SORT_OPTIONS} value={sort} onChange={(event) => go({ sort: event.target.value as OrderSearchSort, page: 1 })} />
        <Button type="submit" variant="secondary" className={styles.find}>
          Find
        </Button>
      </Toolbar>

      <Panel flush label={label}>
        {error && !data ? (
          <ErrorState text="Failed to fetch orders" onRetry={() => void mutate()} />
        ) : isLoading || !data ? (
          <TableSkeleton rows={ADMIN_PAGE_SIZE} label="Loading orders" />
        ) : data.items.length === 0 ? (
          <EmptyState title="No orders found" text={search ? `Nothing matches “${search}”.` : undefined} icon={<PackageIcon size={26} />} compact />
        ) : (
          <>
            <CountText live className={styles.range}>
              Showing {first}–{last} of {total} {total === 1 ? 'order' : 'orders'}
            </CountText>
            <div aria-busy={isValidating || undefined}>{children(data.items)}</div>
          </>
        )}
        {data && data.totalPages > 1 ? (
          <div className={styles.pager}>
            <Pager page={page} totalPages={data.totalPages} onPageChange={(next) => go({ page: next })} showEnds label={`${label} pages`} />
          </div>
        ) : null}
      </Panel>
    </>
  );
}
