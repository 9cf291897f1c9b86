import { type Order, serverMessageOf } from '@pustak/sdk';
import { canMarkOrderReady, canShopCancelOrder, formatDate, formatRupees } from '@pustak/sdk/domain';
import { useState } from 'react';
import { DialogButtons, InlineError } from '../../../components/back-office/back-office-ui';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Textarea } from '../../../components/form-controls';
import { useToast } from '../../../components/toaster';
import { useForm } from '../../../lib/use-form';
import { useMarkOrderReady, useShopCancelOrder } from './api/use-order-actions';
import styles from './admin-orders.module.css';

/** The contract's limit on a cancel reason (ShopCancelRequest.reason). */
const REASON_MAX = 300;

const whose = (order: Order) => `the order of ${order.username} on ${formatDate(order.orderDate)}`;

/**
 * The shop's actions on an order (staff and admin pages): Mark ready for a Pending one (its
 * copies are set aside; a book short of stock is refused with the server's reason) and Cancel,
 * with a reason, for an open one. `children` adds the page's own actions (Verify).
 */
export function ShopOrderActions({ order, onCancel, children }: { order: Order; onCancel: (order: Order) => void; children?: React.ReactNode }) {
  const markReady = useMarkOrderReady();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const ready = async () => {
    setBusy(true);
    try {
      const reply = await markReady(order.orderId);
      toast.success(reply.message || 'Order is ready for pickup');
    } catch (failure) {
      console.error('Marking the order ready failed', failure);
      toast.error(serverMessageOf(failure) ?? "We couldn't mark the order ready. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  const actions = [
    canMarkOrderReady(order) ? (
      <Button key="ready" size="sm" variant="secondary" loading={busy} loadingText="Saving..." aria-label={`Mark ready ${whose(order)}`} onClick={() => void ready()}>
        Mark ready
      </Button>
    ) : null,
    children,
    canShopCancelOrder(order) ? (
      <Button key="cancel" size="sm" variant="danger" aria-label={`Cancel ${whose(order)}`} onClick={() => onCancel(order)}>
        Cancel
      </Button>
    ) : null,
  ].filter(Boolean);
  if (actions.length === 0) {
    return (
      <span className="muted" aria-label="No action">
        --
      </span>
    );
  }
  return <div className={styles.actions}>{actions}</div>;
}

/** Cancel an order: the reason (required, up to 300 characters) is shown to the customer in the order's history. */
export function CancelOrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title="Cancel order"
      description={order ? `Order by ${order.username} on ${formatDate(order.orderDate)}, ${formatRupees(order.finalTotal)}.` : undefined}
    >
      {order ? <CancelForm key={order.orderId} order={order} onDone={onClose} /> : null}
    </Dialog>
  );
}

function validateReason({ reason }: { reason: string }) {
  if (!reason.trim()) return { reason: 'A reason is required' };
  return reason.trim().length > REASON_MAX ? { reason: `At most ${REASON_MAX} characters` } : {};
}

function CancelForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const cancelOrder = useShopCancelOrder();
  const toast = useToast();
  const form = useForm({ initial: { reason: '' }, validate: validateReason });
  const submit = form.submit(
    async ({ reason }) => {
      const reply = await cancelOrder(order.orderId, reason.trim());
      toast.success(reply.message || 'Order cancelled');
      onDone();
    },
    { failure: (error) => serverMessageOf(error) ?? 'Cancelling failed', log: 'Cancelling the order failed', stayBusy: true },
  );
  return (
    <form className={styles.cancelForm} onSubmit={submit} noValidate>
      <Textarea
        label="Reason"
        required
        rows={3}
        maxLength={REASON_MAX}
        hint={`The customer sees it in the order's history${order.status === 'Ready' ? '; the books set aside go back on the shelf' : ''}.`}
        {...form.field('reason')}
      />
      {form.failure ? <InlineError>{form.failure}</InlineError> : null}
      <DialogButtons busy={form.busy} submitLabel="Cancel order" busyText="Cancelling..." onCancel={onDone} />
    </form>
  );
}
