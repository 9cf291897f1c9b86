import { type Order, isApiError } from '@pustak/sdk';
import { formatDate, formatRupees } from '@pustak/sdk/domain';
import { DialogButtons, InlineError } from '../../../components/back-office/back-office-ui';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form-fields';
import { useToast } from '../../../components/toaster';
import { useForm } from '../../../lib/use-form';
import { useVerifyOrder } from './api/use-verify-order';
import styles from './staff.module.css';

/** What the staff member is told when verifying fails (spec section 8). */
export function verifyFailureMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? 'Verification failed';
  return 'Verification error';
}

/**
 * Verify Order: the customer's claim code completes the order at pickup. Success toasts the
 * server's message and refreshes the list; a failure stays in the dialog with the code kept.
 */
export function VerifyOrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title="Verify Order"
      description={
        order
          ? `Order by ${order.username} on ${formatDate(order.orderDate)}, ${formatRupees(order.finalTotal)}.`
          : undefined
      }
    >
      {order ? <VerifyForm key={order.orderId} order={order} onDone={onClose} /> : null}
    </Dialog>
  );
}

function validateClaim({ claimCode }: { claimCode: string }) {
  return claimCode.trim() ? {} : { claimCode: 'Claim code is required' };
}

function VerifyForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const verifyOrder = useVerifyOrder();
  const toast = useToast();
  const form = useForm({ initial: { claimCode: '' }, validate: validateClaim });

  const submit = form.submit(
    async ({ claimCode }) => {
      const reply = await verifyOrder(order.orderId, claimCode.trim().toUpperCase());
      toast.success(reply.message || 'Order verified');
      onDone();
    },
    { failure: verifyFailureMessage, log: 'Verifying the order failed', stayBusy: true },
  );

  return (
    <form className={styles.verifyForm} onSubmit={submit} noValidate>
      <TextField
        label="Claim code"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="e.g. 7F3A9C21"
        hint="The 8-character code the customer received with the order."
        inputClassName={styles.codeInput}
        {...form.field('claimCode')}
      />
      {form.failure ? <InlineError>{form.failure}</InlineError> : null}
      <DialogButtons busy={form.busy} submitLabel="Verify" busyText="Verifying..." onCancel={onDone} />
    </form>
  );
}
