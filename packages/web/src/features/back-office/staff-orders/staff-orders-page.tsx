import { type Order } from '@pustak/sdk';
import { canVerifyOrder, formatDate, formatRupees, orderNumber } from '@pustak/sdk/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { OrderStatusBadge, PageStack } from '../../../components/back-office/back-office-ui';
import { Button, ButtonLink } from '../../../components/button';
import { type Column, DataTable } from '../../../components/data-table';
import { CheckCircleIcon, CheckIcon } from '../../../components/icons';
import { CancelOrderDialog, OrderSearchPanel, ShopOrderActions, useOrderSearchState } from '../orders';
import { orderItemsText } from './order-items';
import styles from './staff.module.css';
import { type Handover, VerifyOrderDialog } from './verify-order-dialog';

/**
 * The claim code the search box holds, when what was typed is one: 8 hex digits that are not
 * the order's own number (which finds it too, and would only spend one of the order's few
 * claim code attempts). A name or an order number opens the handover with the code to type.
 */
function claimCodeTyped(order: Order, typed: string): string {
  const text = typed.trim();
  return /^[0-9a-f]{8}$/i.test(text) && orderNumber(order.orderId) !== `#${text.toUpperCase()}` ? text : '';
}

/**
 * /staff/orders, the counter: a queue of the orders waiting for pickup, searched by the server.
 * Focus starts in the search box; typing or scanning a claim code (a scanner types it and
 * Enter) finds the order, Enter opens its handover (Verify Order), one more Enter confirms it.
 * Then the page says so, offers the receipt, and the search box is ready for the next
 * customer. A Pending order can also be marked ready, an open one cancelled with a reason.
 */
export default function StaffOrdersPage() {
  const search = useOrderSearchState('waiting');
  const searchRef = useRef<HTMLInputElement>(null);
  const [verifying, setVerifying] = useState<{ order: Order; typedCode: string } | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [handedOver, setHandedOver] = useState<Handover | null>(null);

  useEffect(() => {
    searchRef.current?.focus();
  }, []);
  // After a handover the keyboard is back in the (emptied) search box, for the next customer, in
  // the commit that closes the handover (after the dialog's own focus return, components/focus.ts).
  useLayoutEffect(() => {
    if (handedOver) searchRef.current?.focus();
  }, [handedOver]);

  const open = (order: Order, typed = '') => {
    if (!canVerifyOrder(order)) return false;
    setHandedOver(null);
    setVerifying({ order, typedCode: claimCodeTyped(order, typed) });
    return true;
  };

  const columns: Column<Order>[] = [
    {
      // The date under the number: the queue fits a counter's tablet (768 px) without scrolling sideways.
      label: 'Order',
      cell: (order) => (
        <span className={styles.orderCell}>
          <span className={styles.orderNumber}>{orderNumber(order.orderId)}</span>
          <span className="muted">{formatDate(order.orderDate)}</span>
        </span>
      ),
    },
    { label: 'Customer', className: 'strong', cell: (order) => order.username },
    { label: 'Items', className: styles.items, cell: orderItemsText },
    { label: 'Total', numeric: true, className: 'nowrap', cell: (order) => formatRupees(order.finalTotal) },
    { label: 'Status', cell: (order) => <OrderStatusBadge status={order.status} cancelledRed /> },
    {
      label: 'Action',
      cell: (order) => (
        <ShopOrderActions order={order} onCancel={setCancelling}>
          {canVerifyOrder(order) ? (
            <Button
              key="verify"
              size="sm"
              leadingIcon={<CheckIcon size={16} />}
              aria-label={`Verify the order of ${order.username} on ${formatDate(order.orderDate)}`}
              onClick={() => open(order)}
            >
              Verify
            </Button>
          ) : null}
        </ShopOrderActions>
      ),
    },
  ];

  return (
    <PageStack>
      {handedOver ? (
        <div className={styles.handedOver}>
          <p className={styles.handedOverText} role="status">
            <CheckCircleIcon size={20} />
            <span>
              Order {orderNumber(handedOver.order.orderId)} handed over to {handedOver.order.username}, {formatRupees(handedOver.order.finalTotal)} paid by{' '}
              {handedOver.paymentMethod}.
            </span>
          </p>
          <ButtonLink to={`/receipt/${handedOver.order.orderId}`} target="_blank" rel="noopener" variant="secondary" size="sm">
            Print receipt{' '}<span className="visually-hidden">of order {orderNumber(handedOver.order.orderId)} (opens in a new tab)</span>
          </ButtonLink>
        </div>
      ) : null}
      <OrderSearchPanel
        state={search}
        label="Orders"
        hint="Type or scan a claim code, then Enter to find the order and Enter again to open it. An order number (#…) or a customer's name or e-mail finds orders too."
        searchRef={searchRef}
        onEnter={open}
      >
        {(rows) => <DataTable label="Orders table" columns={columns} rows={rows} rowKey={(order) => order.orderId} className={styles.table} />}
      </OrderSearchPanel>
      <VerifyOrderDialog
        order={verifying?.order ?? null}
        typedCode={verifying?.typedCode}
        onClose={() => setVerifying(null)}
        onHandedOver={(handover) => {
          search.clear();
          setHandedOver(handover);
        }}
      />
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
    </PageStack>
  );
}
