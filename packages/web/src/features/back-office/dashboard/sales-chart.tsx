import { type WeeklySale } from '@pustak/sdk';
import { useId } from 'react';
import styles from './admin-dashboard.module.css';

/** Spec: bar height scales with count / 5; one step of 5 orders is this share of the chart. */
const PERCENT_PER_FIVE = 40;

/** Bar height in percent of the chart: count / 5 steps, capped at the full height. */
export function barHeightPercent(count: number): number {
  if (!Number.isFinite(count) || count <= 0) return 0;
  return Math.min(100, (count / 5) * PERCENT_PER_FIVE);
}

/**
 * Sales Overview, Last 7 Days: one bar per day. The bars are drawn for the eye; the same
 * figures are in a visually hidden table for screen readers.
 */
export function SalesChart({ sales }: { sales: readonly WeeklySale[] }) {
  const captionId = useId();
  return (
    <figure className={styles.chart} aria-labelledby={captionId}>
      <figcaption id={captionId} className="visually-hidden">
        Orders per day, last 7 days
      </figcaption>
      <div className={styles.bars} aria-hidden="true">
        {sales.map((sale) => (
          <div key={sale.day} className={styles.barColumn} title={`${sale.day}: ${orders(sale.count)}`}>
            <span className={styles.barValue}>{sale.count}</span>
            <span className={styles.barTrack}>
              <span className={styles.bar} style={{ height: `${barHeightPercent(sale.count)}%` }} />
            </span>
            <span className={styles.barDay}>{sale.day}</span>
          </div>
        ))}
      </div>
      <table className="visually-hidden">
        <caption>Orders in the last 7 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.day}>
              <th scope="row">{sale.day}</th>
              <td>{sale.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function orders(count: number) {
  return `${count} ${count === 1 ? 'order' : 'orders'}`;
}
