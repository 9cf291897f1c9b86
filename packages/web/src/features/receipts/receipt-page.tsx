import { type Receipt, isApiError, serverMessageOf } from '@pustak/sdk';
import { formatDateTime, formatRupees } from '@pustak/sdk/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, ButtonLink, ChevronLeftIcon, ErrorState, Skeleton, Spinner } from '../../components';
import { cx } from '../../lib/cx';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../auth';
import { useReceipt } from './api/use-receipt';
import styles from './receipt.module.css';

/** The paper the receipt is laid out and printed on: each has its own named @page (receipt.module.css). */
const PAPERS = [
  { value: 'a5', label: 'A5' },
  { value: 'roll', label: '80 mm roll' },
] as const;
type Paper = (typeof PAPERS)[number]['value'];

/** Back to where the reader came from: the counter's orders for staff and admins, My Orders for a customer. */
const backTo = (role: string | null | undefined) =>
  role === 'Staff' ? { to: '/staff/orders', label: 'Orders' } : role === 'Admin' ? { to: '/admin/orders', label: 'Orders' } : { to: '/myOrders', label: 'My Orders' };

/**
 * /receipt/:orderId: a completed order's receipt to print (A5 or an 80 mm thermal roll), for the
 * customer from My Orders and for staff right after the handover. Every figure is the server's,
 * from what the order recorded; the page only lays them out.
 */
export default function ReceiptPage() {
  const { orderId = '' } = useParams();
  const { data: receipt, error, mutate } = useReceipt(orderId);
  const [paper, setPaper] = useState<Paper>('a5');
  const back = backTo(useSession().role);
  useDocumentTitle(receipt ? `Receipt #${receipt.orderNumber}` : 'Receipt');

  return (
    <div className={cx('container', styles.page)}>
      <div className={styles.toolbar}>
        <ButtonLink to={back.to} variant="ghost" size="sm">
          <ChevronLeftIcon size={18} />
          {back.label}
        </ButtonLink>
        {receipt ? (
          <div className={styles.actions}>
            <fieldset className={styles.papers}>
              <legend className={styles.papersLegend}>Paper</legend>
              {PAPERS.map((option) => (
                <label key={option.value} className={cx(styles.paperOption, paper === option.value && styles.paperOn)}>
                  <input type="radio" name="paper" value={option.value} checked={paper === option.value} onChange={() => setPaper(option.value)} />
                  {option.label}
                </label>
              ))}
            </fieldset>
            <Button onClick={() => window.print()}>Print</Button>
          </div>
        ) : null}
      </div>
      {receipt ? (
        <ReceiptSheet receipt={receipt} paper={paper} />
      ) : error ? (
        <ReceiptError error={error} onRetry={() => void mutate()} />
      ) : (
        <div aria-busy="true" className={styles.sheet}>
          <h1 className="visually-hidden">Receipt</h1>
          <Spinner label="Loading the receipt" />
          <Skeleton lines={8} />
        </div>
      )}
    </div>
  );
}

/**
 * Why there is no receipt to show: the server's word for an order that is not the caller's (404)
 * or not handed over yet (400), else the spec's 'Failed to fetch orders' with Retry.
 */
function ReceiptError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const known = isApiError(error, 404) || isApiError(error, 400);
  return (
    <div className={styles.state}>
      <h1 className="visually-hidden">Receipt</h1>
      {known ? (
        <ErrorState
          title={isApiError(error, 404) ? 'Receipt not found' : 'No receipt yet'}
          text={serverMessageOf(error) ?? 'Order not found'}
        />
      ) : (
        <ErrorState text="Failed to fetch orders" onRetry={onRetry} />
      )}
    </div>
  );
}

function ReceiptSheet({ receipt, paper }: { receipt: Receipt; paper: Paper }) {
  const { shop } = receipt;
  const when = (instant: string | null) => (instant ? formatDateTime(instant, { timeZone: shop.timeZone }) : 'Not recorded');
  return (
    <article className={cx(styles.sheet, paper === 'roll' ? styles.roll : styles.a5)} aria-labelledby="receipt-title">
      <div className={styles.shop}>
        <p className={styles.shopName}>{shop.name}</p>
        <p>{shop.address}</p>
        <p>Phone {shop.phone}</p>
        {shop.panNumber ? <p>PAN/VAT No. {shop.panNumber}</p> : null}
      </div>
      <h1 id="receipt-title" className={styles.title}>
        Receipt <span className={styles.number}>#{receipt.orderNumber}</span>
      </h1>
      <dl className={styles.facts}>
        <div className={styles.wide}>
          <dt>Handed over</dt>
          <dd>{when(receipt.handedOverAt)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>Ordered</dt>
          <dd>{when(receipt.orderDate)}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>{receipt.customer}</dd>
        </div>
        <div>
          <dt>Served by</dt>
          <dd>{receipt.handedOverBy ?? 'Not recorded'}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{receipt.paymentMethod ?? 'Not recorded'}</dd>
        </div>
        <div>
          <dt>Claim code</dt>
          <dd className={styles.code}>{receipt.claimCode ?? 'Not recorded'}</dd>
        </div>
      </dl>
      <table className={styles.lines}>
        <caption className="visually-hidden">Books</caption>
        <thead>
          <tr>
            <th scope="col">Book</th>
            <th scope="col" className={styles.num}>
              Qty
            </th>
            <th scope="col" className={styles.num}>
              Unit price
            </th>
            <th scope="col" className={styles.num}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={`${line.bookId}-${index}`}>
              <th scope="row" className={styles.book}>
                {line.title}
              </th>
              <td className={cx(styles.num, styles.qty)}>{line.quantity}</td>
              <td className={cx(styles.num, styles.unit)}>{formatRupees(line.unitPrice)}</td>
              <td className={styles.num}>{formatRupees(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.sums}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(receipt.subtotal)}</dd>
        </div>
        {receipt.discounts.map((discount, index) => (
          <div key={`${discount.kind}-${index}`}>
            <dt>
              {discount.name}
              {discount.percent !== undefined ? ` (${discount.percent}%)` : ''}
            </dt>
            <dd>− {formatRupees(discount.amount)}</dd>
          </div>
        ))}
        {receipt.discounts.length > 0 ? (
          <div>
            <dt>Discounts</dt>
            <dd>− {formatRupees(receipt.discountTotal)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>Total paid</dt>
          <dd>{formatRupees(receipt.total)}</dd>
        </div>
      </dl>
      <p className={styles.thanks}>Thank you for shopping at {shop.name}.</p>
    </article>
  );
}
