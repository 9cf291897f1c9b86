import { type Order, isApiError, serverMessageOf } from '@pustak/sdk';
import { formatDate, formatRupees } from '@pustak/sdk/domain';
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form-fields';
import { useToast } from '../../../components/toaster';
import { useApi } from '../../../lib/api-client';
import { ALL_ORDERS_KEY } from '../orders/api/use-all-orders';
import { InlineError } from '../../../components/back-office/back-office-ui';
import styles from './staff.module.css';

/** What the staff member is told when verifying fails (spec section 8). */
export function verifyFailureMessage(error: unknown): string {
  if (isApiError(error)) return serverMessageOf(error) ?? 'Verification failed';
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

function VerifyForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const api = useApi();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const claimCode = code.trim().toUpperCase();
    if (!claimCode) {
      setFieldError('Claim code is required');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const reply = await api.staff.verifyOrder(order.orderId, claimCode);
      toast.success(reply.message || 'Order verified');
      void mutate(ALL_ORDERS_KEY);
      onDone();
    } catch (error) {
      console.error('Verifying the order failed', error);
      setFailure(verifyFailureMessage(error));
      setBusy(false);
    }
  };

  return (
    <form className={styles.verifyForm} onSubmit={submit} noValidate>
      <TextField
        label="Claim code"
        name="claimCode"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="e.g. 7F3A9C21"
        hint="The 8-character code the customer received with the order."
        value={code}
        error={fieldError}
        inputClassName={styles.codeInput}
        onChange={(event) => {
          setCode(event.target.value);
          setFieldError(null);
        }}
      />
      {failure ? <InlineError>{failure}</InlineError> : null}
      <div className={styles.dialogButtons}>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} loadingText="Verifying...">
          Verify
        </Button>
      </div>
    </form>
  );
}
