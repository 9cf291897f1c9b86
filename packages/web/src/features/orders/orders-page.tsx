import { type Order, serverMessageOf } from '@pustak/sdk';
import { orderStatusLabel } from '@pustak/sdk/domain';
import { useState } from 'react';
import {
  Button,
  ButtonLink,
  ConfirmDialog,
  EmptyState,
  LoadFailed,
  PackageIcon,
  PageHeader,
  SelectField,
  Skeleton,
  Spinner,
  useToast,
} from '../../components';
import { cx } from '../../lib/cx';
import { useCancelOrder, useResendConfirmation } from './api/use-cancel-order';
import { useMyOrders } from './api/use-my-orders';
import { OrderCard } from './components/order-card';
import { ORDER_SORTS, type OrderSort, STATUS_FILTERS, type StatusFilter, orderNumber, visibleOrders } from './components/order-view';
import styles from './orders-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /myOrders: the customer's orders with a status filter, sorting, details, each one's history,
 * the claim code of an open one (and its e-mail again) and Cancel for open ones.
 */
export default function OrdersPage() {
  useDocumentTitle('My Orders');
  const toast = useToast();
  const { data: orders, error, mutate } = useMyOrders();
  const cancelOrder = useCancelOrder();
  const [filter, setFilter] = useState<StatusFilter>('All');
  const [sort, setSort] = useState<OrderSort>('newest');
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const resendConfirmation = useResendConfirmation();
  const [resending, setResending] = useState<string | null>(null);

  const resend = async (order: Order) => {
    setResending(order.orderId);
    try {
      await resendConfirmation(order.orderId);
      toast.success(`We e-mailed the claim code of order ${orderNumber(order.orderId)} again.`);
    } catch (failure) {
      console.error('Resending the confirmation failed', failure);
      toast.error(serverMessageOf(failure) ?? "We couldn't send the e-mail. Please try again.");
    } finally {
      setResending(null);
    }
  };

  const confirmCancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      const reply = await cancelOrder(cancelling.orderId);
      toast.success(reply.message || 'Order cancelled');
    } catch (failure) {
      console.error('Cancel order failed', failure);
      toast.error(serverMessageOf(failure) ?? "We couldn't cancel this order. Please try again.");
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  };

  const shown = orders ? visibleOrders(orders, filter, sort) : [];
  const countOf = (status: StatusFilter) =>
    orders ? (status === 'All' ? orders.length : orders.filter((order) => order.status === status).length) : 0;

  return (
    <div className="container">
      <PageHeader title="My Orders" description="Track, review and cancel your orders." />
      {error && !orders ? (
        <LoadFailed what="your orders" onRetry={() => void mutate()} className={styles.state} />
      ) : !orders ? (
        <div aria-busy="true" className={styles.list}>
          <Spinner label="Loading your orders" />
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="120px" radius="var(--radius-lg)" />
          ))}
        </div>
      ) : orders.length === 0 ? (
        <EmptyState
          icon={<PackageIcon size={26} />}
          title="You have no orders yet"
          text="When you place an order it will show up here with its claim code status."
          action={<ButtonLink to="/books">Browse books</ButtonLink>}
          className={styles.state}
        />
      ) : (
        <>
          <div className={styles.toolbar}>
            <div role="group" aria-label="Filter by status" className={styles.filters}>
              {STATUS_FILTERS.map((status) => (
                <button
                  key={status}
                  type="button"
                  aria-pressed={filter === status}
                  className={cx(styles.filter, filter === status && styles.filterOn)}
                  onClick={() => setFilter(status)}
                >
                  {status === 'All' ? status : orderStatusLabel(status)} <span className={styles.filterCount}>({countOf(status)})</span>
                </button>
              ))}
            </div>
            <SelectField
              label="Sort by"
              value={sort}
              onChange={(event) => setSort(event.target.value as OrderSort)}
              options={ORDER_SORTS}
              className={styles.sort}
            />
          </div>
          {shown.length === 0 ? (
            <EmptyState
              compact
              icon={<PackageIcon size={26} />}
              title={`No ${orderStatusLabel(filter).toLowerCase()} orders`}
              action={
                <Button variant="secondary" onClick={() => setFilter('All')}>
                  Show all orders
                </Button>
              }
            />
          ) : (
            <ul className={styles.list} aria-label="Orders">
              {shown.map((order) => (
                <OrderCard
                  key={order.orderId}
                  order={order}
                  onCancel={setCancelling}
                  onResend={(chosen) => void resend(chosen)}
                  resending={resending === order.orderId}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this order?"
        message={
          cancelling
            ? `Order ${orderNumber(cancelling.orderId)} will be cancelled and its claim code will stop working.${cancelling.status === 'Ready' ? ' The books set aside for you go back on the shelf.' : ''} This cannot be undone.`
            : ''
        }
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        danger
        loading={busy}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}
