import { type OrderStatusName, orderStatusLabel, orderStatusTone } from '@pustak/sdk/domain';
import { type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { Badge, type BadgeTone } from '../badge';
import { Button, ButtonLink } from '../button';
import { EmptyState } from '../empty-state';
import { ErrorState } from '../error-state';
import { AlertIcon, InfoIcon } from '../icons';
import { Skeleton } from '../skeleton';
import styles from './back-office.module.css';

const TONES: Record<ReturnType<typeof orderStatusTone>, BadgeTone> = {
  green: 'success',
  blue: 'info',
  yellow: 'warning',
};

/**
 * An order status badge. The dashboard uses the spec's colours (Completed green, Processing
 * blue, otherwise yellow); lists may show Cancelled in red so it does not read as waiting.
 */
export function OrderStatusBadge({ status, cancelledRed = false }: { status: OrderStatusName | string; cancelledRed?: boolean }) {
  const tone = cancelledRed && status === 'Cancelled' ? 'danger' : TONES[orderStatusTone(status)];
  return <Badge tone={tone}>{orderStatusLabel(status)}</Badge>;
}

/**
 * An order id: GUIDs share long prefixes, so the end tells orders apart; the full id is in
 * the tooltip and read to screen readers.
 */
export function OrderId({ id }: { id: string }) {
  return (
    <code className={styles.orderId} title={id}>
      <span aria-hidden="true">…{id.slice(-8)}</span>
      <span className="visually-hidden">{id}</span>
    </code>
  );
}

/** A back-office page's column of blocks (toolbar, panels, tables). */
export function PageStack({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}

/** A row of controls over a list; its first child (the search field) takes the free width. */
export function Toolbar({ as = 'div', children, ...rest }: { as?: 'div' | 'form' } & ComponentPropsWithoutRef<'form'>) {
  const Tag = as as 'form';
  return (
    <Tag className={styles.toolbar} {...rest}>
      {children}
    </Tag>
  );
}

/** The quiet line that counts what a list shows ("27 books", "Showing 1–10 of 73 users"). */
export function CountText({ children, className, live = false }: { children: ReactNode; className?: string; live?: boolean }) {
  return (
    <p className={cx(styles.count, className)} role={live ? 'status' : undefined}>
      {children}
    </p>
  );
}

/** A white panel, optionally with an h2 title, subtitle and actions. */
export function Panel({
  title,
  subtitle,
  actions,
  flush = false,
  as: Tag = 'section',
  className,
  headingId,
  label,
  labelledBy,
  busy,
  children,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** No inner padding (tables run edge to edge). */
  flush?: boolean;
  as?: 'section' | 'article' | 'div';
  className?: string;
  headingId?: string;
  /** Accessible name when the panel has no title. */
  label?: string;
  /** Id of a heading inside the children that names the panel. */
  labelledBy?: string;
  /** The panel's content is loading. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Tag
      className={cx(styles.panel, flush && styles.panelFlush, className)}
      aria-labelledby={title ? headingId : labelledBy}
      aria-label={label}
      aria-busy={busy || undefined}
    >
      {title ? (
        <div className={styles.panelHeader}>
          <div>
            <h2 id={headingId} className={styles.panelTitle}>
              {title}
            </h2>
            {subtitle ? <p className={styles.panelSubtitle}>{subtitle}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      {children}
    </Tag>
  );
}

/** A quiet error next to what failed (the spec only logs these failures; we say so in place). */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={cx(styles.callout, styles.inlineError)}>
      <AlertIcon size={16} />
      <span>{children}</span>
    </p>
  );
}

/** An information line above a list. */
export function Note({ children }: { children: ReactNode }) {
  return (
    <p className={cx(styles.callout, styles.note)}>
      <InfoIcon size={16} />
      <span>{children}</span>
    </p>
  );
}

/** A dialog form's Cancel and submit buttons, right-aligned; the submit reads `busyText` while busy. */
export function DialogButtons({
  busy,
  submitLabel,
  busyText = 'Processing...',
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  busyText?: string;
  onCancel: () => void;
}) {
  return (
    <div className={styles.dialogButtons}>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy} loadingText={busyText}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** Placeholder rows while a table loads. */
export function TableSkeleton({ rows = 5, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className={styles.skeletonRows} aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="2.25rem" radius="var(--radius-md)" />
      ))}
    </div>
  );
}

/** What a list hook answers (SWR's shape): the items once loaded, the failure, and how to load again. */
export interface ListQuery<T> {
  data: readonly T[] | undefined;
  error?: unknown;
  isLoading: boolean;
  mutate: () => unknown;
}

/**
 * A back-office list in a flush panel, in the one state it is in: the failure (`failedText`,
 * spec section 8) with Retry while nothing was loaded, a skeleton while loading, the empty state,
 * or the list itself.
 */
export function ListPanel<T>({ label, list, failedText, loadingLabel, empty, children }: {
  /** The panel's accessible name. */
  label: string;
  list: ListQuery<T>;
  failedText: string;
  loadingLabel: string;
  /** Shown when the list loaded with nothing in it. */
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}) {
  const { data, error, isLoading, mutate } = list;
  let content: ReactNode;
  if (error && !data) content = <ErrorState text={failedText} onRetry={() => void mutate()} />;
  else if (isLoading || !data) content = <TableSkeleton label={loadingLabel} />;
  else content = data.length === 0 ? empty : children(data);
  return (
    <Panel flush label={label}>
      {content}
    </Panel>
  );
}

/** Unknown path inside the admin or staff area. */
export function BackOfficeNotFound({ home }: { home: string }) {
  return (
    <EmptyState
      title="This page does not exist"
      text="The address may be mistyped, or the page has moved."
      action={<ButtonLink to={home}>Back to the dashboard</ButtonLink>}
    />
  );
}
