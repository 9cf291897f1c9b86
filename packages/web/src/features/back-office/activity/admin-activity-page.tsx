import { type ActivityEntry, type ActivityKind } from '@pustak/sdk';
import { ADMIN_PAGE_SIZE, formatDateTime } from '@pustak/sdk/domain';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SelectField } from '../../../components/form-controls';
import { TextField } from '../../../components/form-fields';
import { ClockIcon } from '../../../components/icons';
import { Pager } from '../../../components/pager';
import { CountText, PageStack, Panel, TableSkeleton, Toolbar } from '../../../components/back-office/back-office-ui';
import { type Column, DataTable } from '../../../components/data-table';
import { type ActivityFilters, useActivityPage } from './api/use-activity-page';
import styles from './activity.module.css';

/** What each kind of change is called on the page, in the contract's order. */
export const KIND_LABELS: Record<ActivityKind, string> = {
  'order.ready': 'Order ready',
  'order.completed': 'Order handed over',
  'order.cancelled': 'Order cancelled',
  'book.created': 'Book created',
  'book.updated': 'Book edited',
  'book.deleted': 'Book deleted',
  'book.discount': 'Discount offer',
  'user.role': 'Role changed',
  'banner.created': 'Banner added',
  'banner.updated': 'Banner updated',
  'banner.deleted': 'Banner deleted',
  'review.hidden': 'Review hidden',
};

const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));
const isKind = (value: string | null): value is ActivityKind => value !== null && value in KIND_LABELS;

/** /admin/activity: the append-only log of staff and admin changes, filtered and paged by the server. */
export default function AdminActivityPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const kindParam = params.get('kind');
  const filters: ActivityFilters = {
    actor: params.get('actor') ?? '',
    kind: isKind(kindParam) ? kindParam : '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const [draft, setDraft] = useState(filters);
  const { data, error, isLoading, isValidating, mutate } = useActivityPage(page, filters);

  const go = (next: ActivityFilters, nextPage: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value.trim()) query.set(key, value.trim());
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(draft, 1);
  };

  const total = data?.totalCount ?? 0;
  const first = total === 0 ? 0 : (page - 1) * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(total, page * ADMIN_PAGE_SIZE);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <PageStack>
      <Toolbar as="form" role="search" aria-label="Filter the activity log" onSubmit={submit}>
        <TextField label="Who" placeholder="Username" value={draft.actor} onChange={(event) => setDraft({ ...draft, actor: event.target.value })} />
        <SelectField
          label="What"
          placeholder="Every change"
          options={KIND_OPTIONS}
          value={draft.kind}
          onChange={(event) => setDraft({ ...draft, kind: event.target.value as ActivityKind | '' })}
        />
        <TextField label="From" type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        <TextField label="To" type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Toolbar>

      <Panel flush label="Activity">
        {error && !data ? (
          <ErrorState text="Failed to load the activity log." onRetry={() => void mutate()} />
        ) : isLoading || !data ? (
          <TableSkeleton rows={ADMIN_PAGE_SIZE} label="Loading the activity log" />
        ) : data.items.length === 0 ? (
          <EmptyState title="No activity found" text={filtered ? 'Nothing matches these filters.' : undefined} icon={<ClockIcon size={26} />} compact />
        ) : (
          <>
            <CountText live className={styles.range}>
              Showing {first}–{last} of {total} changes
            </CountText>
            <DataTable label="Activity table" columns={COLUMNS} rows={data.items} rowKey={(entry) => entry.activityId} busy={isValidating} className={styles.table} />
          </>
        )}
        {data && data.totalPages > 1 ? (
          <div className={styles.pager}>
            <Pager page={page} totalPages={data.totalPages} onPageChange={(next) => go(filters, next)} showEnds label="Activity pages" />
          </div>
        ) : null}
      </Panel>
    </PageStack>
  );
}

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The changed fields, one line each: "price: 450 → 500". */
function Changes({ entry }: { entry: ActivityEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <>—</>;
  return (
    <ul className={styles.fields}>
      {keys.map((key) => (
        <li key={key}>
          {key}: {entry.before ? `${shown(entry.before[key])} → ` : ''}
          {entry.after ? shown(entry.after[key]) : 'deleted'}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: Column<ActivityEntry>[] = [
  { label: 'When', className: 'nowrap', cell: (entry) => formatDateTime(entry.at) },
  { label: 'Who', className: 'strong', cell: (entry) => entry.actorUsername },
  { label: 'What', cell: (entry) => KIND_LABELS[entry.kind] },
  { label: 'Target', cell: (entry) => entry.targetLabel },
  { label: 'Changes', cell: (entry) => <Changes entry={entry} /> },
];
