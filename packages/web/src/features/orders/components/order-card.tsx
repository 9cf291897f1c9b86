import { type Order } from '@pustak/sdk';
import {
  canCancelOrder,
  formatDate,
  formatPercentFromFraction,
  formatRupees,
  orderBookDiscounts,
  orderLineListTotal,
  orderOriginalTotal,
} from '@pustak/sdk/domain';
import { useId, useState } from 'react';
import { Badge, type BadgeTone, Button, ChevronDownIcon } from '../../../components';
import { cx } from '../../../lib/cx';
import styles from '../orders-page.module.css';
import { orderNumber } from './order-view';

const STATUS_TONE: Record<string, BadgeTone> = {
  Pending: 'warning',
  Processing: 'info',
  Completed: 'success',
  Cancelled: 'neutral',
};

/** One order: summary row, expandable lines and totals, Cancel for a Pending order. */
export function OrderCard({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const number = orderNumber(order.orderId);
  const items = order.orderItems ?? [];
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const bookDiscounts = orderBookDiscounts(order);

  return (
    <li className={styles.card}>
      <article aria-labelledby={`${detailsId}-title`}>
        <div className={styles.cardHead}>
          <div className={styles.cardMain}>
            <h2 id={`${detailsId}-title`} className={styles.cardTitle}>
              Order {number}
            </h2>
            <p className={styles.cardMeta}>
              Placed {formatDate(order.orderDate)} · {count} {count === 1 ? 'book' : 'books'}
            </p>
            <p className={styles.cardTitles}>{order.bookTitles.join(', ')}</p>
          </div>
          <div className={styles.cardSide}>
            <Badge tone={STATUS_TONE[order.status] ?? 'neutral'}>{order.status}</Badge>
            <p className={styles.cardTotal}>{formatRupees(order.finalTotal)}</p>
          </div>
        </div>
        <div className={styles.cardActions}>
          <button
            type="button"
            className={styles.expand}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide details' : 'Show details'}{' '}
            <span className="visually-hidden">of order {number}</span>
            <ChevronDownIcon size={16} className={cx(styles.chevron, open && styles.chevronOpen)} />
          </button>
          {canCancelOrder(order) ? (
            <Button variant="danger" size="sm" onClick={() => onCancel(order)}>
              Cancel order{' '}<span className="visually-hidden">{number}</span>
            </Button>
          ) : null}
        </div>
        <div id={detailsId} hidden={!open} className={styles.details}>
          <h3 className="visually-hidden">Items</h3>
          <ul className={styles.items}>
            {items.map((item, index) => (
              <li key={`${item.bookId}-${index}`} className={styles.item}>
                <div className={styles.itemMain}>
                  <span className={styles.itemTitle}>{item.title}</span>
                  <span className={styles.itemQty}>
                    Qty {item.quantity} × {formatRupees(item.pricePerUnit)}
                  </span>
                </div>
                <span className={styles.itemTotal}>
                  {formatRupees(orderLineListTotal(item))}
                </span>
              </li>
            ))}
          </ul>
          <dl className={styles.sums}>
            {bookDiscounts > 0 ? (
              <div>
                <dt>Book discounts</dt>
                <dd>−{formatRupees(bookDiscounts)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Subtotal</dt>
              <dd>{formatRupees(orderOriginalTotal(order))}</dd>
            </div>
            <div>
              <dt>Discount rate</dt>
              <dd>{formatPercentFromFraction(order.discountRate)}</dd>
            </div>
            <div className={styles.sumFinal}>
              <dt>Final total</dt>
              <dd>{formatRupees(order.finalTotal)}</dd>
            </div>
          </dl>
        </div>
      </article>
    </li>
  );
}
