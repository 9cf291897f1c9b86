import { type OrderStatusName, orderStatusTone } from '@pustak/sdk/domain';
import { type ReactNode } from 'react';
import { Badge, type BadgeTone } from '../badge';
import { Button, ButtonLink } from '../button';
import { EmptyState } from '../empty-state';
import { AlertIcon, InfoIcon } from '../icons';
import { Skeleton } from '../skeleton';
import { cx } from '../../lib/cx';
import styles from './back-office.module.css';

export { styles as boStyles };

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
  return <Badge tone={tone}>{status}</Badge>;
}

/**
 * An order id: GUIDs share long prefixes, so the end tells orders apart; the full id is in
 * the tooltip and read to screen readers.
 */
export function OrderId({ id }: { id: string }) {
  return (
    <code className={cx(styles.mono, styles.orderId)} title={id}>
      <span aria-hidden="true">…{id.slice(-8)}</span>
      <span className="visually-hidden">{id}</span>
    </code>
  );
}

/** A white panel with an h2 title, optional subtitle and actions. */
export function Panel({
  title,
  subtitle,
  actions,
  flush = false,
  className,
  headingId,
  children,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** No inner padding (tables run edge to edge). */
  flush?: boolean;
  className?: string;
  headingId?: string;
  children: ReactNode;
}) {
  return (
    <section className={cx(styles.panel, flush && styles.panelFlush, className)} aria-labelledby={title ? headingId : undefined}>
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
    </section>
  );
}

/**
 * A horizontally scrollable table wrapper: keyboard users can focus and scroll it, and it
 * is announced with the table's name.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableRegion} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A quiet error next to what failed (the spec only logs these failures; we say so in place). */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={styles.inlineError}>
      <AlertIcon size={16} />
      <span>{children}</span>
    </p>
  );
}

export function Note({ children }: { children: ReactNode }) {
  return (
    <p className={styles.note}>
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
