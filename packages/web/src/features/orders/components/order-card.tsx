import { type Order } from '@pustak/sdk';
import { canCancelOrder, formatDate, formatDateTime, formatPercentFromFraction, formatRupees, orderStatusLabel } from '@pustak/sdk/domain';
import { useId, useState } from 'react';
import { Badge, type BadgeTone, Button, ButtonLink, ChevronDownIcon, OrderTimeline } from '../../../components';
import { cx } from '../../../lib/cx';
import styles from '../orders-page.module.css';
import { orderNumber } from './order-view';

const STATUS_TONE: Record<string, BadgeTone> = {
  Pending: 'warning',
  Ready: 'info',
  Processing: 'info',
  Completed: 'success',
  Cancelled: 'neutral',
  Expired: 'danger',
};

/**
 * One order: summary row, the claim code of an open order (with the confirmation e-mail again),
 * its history, expandable lines and totals, Cancel for an open order. Every figure
 * is what the server charged: each line's unitPrice (the list price struck beside it when a deal
 * was running) and totalPrice, the order's originalTotal, discountRate and finalTotal.
 */
export function OrderCard({
  order,
  onCancel,
  onResend,
  resending = false,
}: {
  order: Order;
  onCancel: (order: Order) => void;
  onResend: (order: Order) => void;
  resending?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const number = orderNumber(order.orderId);
  const items = order.orderItems ?? [];
  const count = items.reduce((sum, item) => sum + item.quantity, 0);

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
            {order.status === 'Completed' ? <HandoverLine order={order} /> : null}
          </div>
          <div className={styles.cardSide}>
            <Badge tone={STATUS_TONE[order.status] ?? 'neutral'}>{orderStatusLabel(order.status)}</Badge>
            <p className={styles.cardTotal}>{formatRupees(order.finalTotal)}</p>
          </div>
        </div>
        {order.claimCode ? (
          <div className={styles.pickup} aria-label={`Pickup of order ${number}`} role="group">
            <p className={styles.pickupCode}>
              Claim code <strong className={styles.code}>{order.claimCode}</strong>
            </p>
            <p className={styles.pickupText}>
              {order.status === 'Ready' && order.expiresAt
                ? `Your books are set aside. Collect them by ${formatDateTime(order.expiresAt)}, showing this code at the counter.`
                : 'Show this code at the counter. We will let you know when your books are set aside.'}
            </p>
            <Button variant="secondary" size="sm" loading={resending} loadingText="Sending..." onClick={() => onResend(order)}>
              Email it to me again{' '}<span className="visually-hidden">for order {number}</span>
            </Button>
          </div>
        ) : null}
        <OrderTimeline history={order.history ?? []} label={`History of order ${number}`} className={styles.timeline} />
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
          {order.status === 'Completed' ? (
            <ButtonLink to={`/receipt/${order.orderId}`} variant="secondary" size="sm">
              Receipt{' '}<span className="visually-hidden">of order {number}</span>
            </ButtonLink>
          ) : null}
          {canCancelOrder(order) ? (
            <Button variant="danger" size="sm" onClick={() => onCancel(order)}>
              Cancel order{' '}<span className="visually-hidden">{number}</span>
            </Button>
          ) : null}
        </div>
        <div id={detailsId} hidden={!open} className={styles.details}>
          <h3 className="visually-hidden">Items</h3>
          <ul className={styles.items} aria-label={`Books of order ${number}`}>
            {items.map((item, index) => (
              <li key={`${item.bookId}-${index}`} className={styles.item}>
                <div className={styles.itemMain}>
                  <span className={styles.itemTitle}>{item.title}</span>
                  <span className={styles.itemQty}>
                    Qty {item.quantity} × {formatRupees(item.unitPrice)}
                    {item.unitPrice !== item.pricePerUnit ? (
                      <>
                        {' '}
                        <s className={styles.itemWas}>
                          <span className="visually-hidden">list price </span>
                          {formatRupees(item.pricePerUnit)}
                        </s>
                      </>
                    ) : null}
                  </span>
                </div>
                <span className={styles.itemTotal}>
                  {formatRupees(item.totalPrice)}
                </span>
              </li>
            ))}
          </ul>
          <dl className={styles.sums}>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatRupees(order.originalTotal)}</dd>
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

/** How a completed order was paid at the counter and who handed it over, as the handover recorded them. */
function HandoverLine({ order }: { order: Order }) {
  const parts = [order.paymentMethod ? `Paid by ${order.paymentMethod}` : null, order.handedOverBy ? `Handed over by ${order.handedOverBy}` : null].filter(Boolean);
  return parts.length ? <p className={styles.cardMeta}>{parts.join(' · ')}</p> : null;
}
