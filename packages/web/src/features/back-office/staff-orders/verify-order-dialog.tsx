import { type Order, type PaymentMethod, isApiError } from '@pustak/sdk';
import { PAYMENT_METHODS, formatDate, formatRupees, orderNumber } from '@pustak/sdk/domain';
import { type KeyboardEvent, type RefObject, useRef } from 'react';
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

/** A handover done: which order, and how the customer paid. */
export interface Handover {
  order: Order;
  paymentMethod: PaymentMethod;
}

/**
 * Verify Order, the handover at the counter: the order's books and total, the claim code (as
 * typed in the search box, or typed here) and how the customer paid (Cash first; arrow keys
 * move between the methods, Enter confirms). Success toasts the server's message and hands the
 * result to `onHandedOver`; a failure stays in the dialog with everything kept.
 */
export function VerifyOrderDialog({
  order,
  typedCode = '',
  onClose,
  onHandedOver,
}: {
  order: Order | null;
  /** The claim code the staff member typed or scanned to find the order. */
  typedCode?: string;
  onClose: () => void;
  onHandedOver?: (handover: Handover) => void;
}) {
  const codeRef = useRef<HTMLInputElement>(null);
  const methodRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title="Verify Order"
      description={order ? `Order ${orderNumber(order.orderId)} by ${order.username} on ${formatDate(order.orderDate)}.` : undefined}
      // With the code already typed, the payment method is all that is left to choose.
      initialFocusRef={typedCode ? methodRef : codeRef}
    >
      {order ? (
        <VerifyForm
          key={order.orderId}
          order={order}
          typedCode={typedCode}
          codeRef={codeRef}
          methodRef={methodRef}
          onCancel={onClose}
          onDone={(handover) => {
            onHandedOver?.(handover);
            onClose();
          }}
        />
      ) : null}
    </Dialog>
  );
}

function validateClaim({ claimCode }: { claimCode: string }) {
  return claimCode.trim() ? {} : { claimCode: 'Claim code is required' };
}

function VerifyForm({
  order,
  typedCode,
  codeRef,
  methodRef,
  onCancel,
  onDone,
}: {
  order: Order;
  typedCode: string;
  codeRef: RefObject<HTMLInputElement | null>;
  methodRef: RefObject<HTMLInputElement | null>;
  onCancel: () => void;
  onDone: (handover: Handover) => void;
}) {
  const verifyOrder = useVerifyOrder();
  const toast = useToast();
  const form = useForm({ initial: { claimCode: typedCode, paymentMethod: PAYMENT_METHODS[0] as PaymentMethod }, validate: validateClaim });

  const submit = form.submit(
    async ({ claimCode, paymentMethod }) => {
      const reply = await verifyOrder(order.orderId, claimCode.trim().toUpperCase(), paymentMethod);
      toast.success(reply.message || 'Order verified');
      onDone({ order, paymentMethod });
    },
    { failure: verifyFailureMessage, log: 'Verifying the order failed', stayBusy: true },
  );

  // Enter on a radio button submits, as it does in a text field (browsers differ on radios).
  const enterSubmits = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    event.target.form?.requestSubmit();
  };

  return (
    <form className={styles.verifyForm} onSubmit={submit} noValidate>
      <div>
        <ul className={styles.lines} aria-label="Books">
          {order.orderItems.map((item, index) => (
            <li key={`${item.bookId}-${index}`} className={styles.line}>
              <span>
                {item.title} × {item.quantity}
              </span>
              <span className="nowrap">{formatRupees(item.totalPrice)}</span>
            </li>
          ))}
        </ul>
        <p className={styles.total}>
          <span>Total</span>
          <span>{formatRupees(order.finalTotal)}</span>
        </p>
      </div>
      <TextField
        ref={codeRef}
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
      <fieldset className={styles.methods} onKeyDown={enterSubmits}>
        <legend className={styles.methodsLegend}>Payment method</legend>
        <div className={styles.methodOptions}>
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className={styles.method}>
              <input
                ref={method === form.values.paymentMethod ? methodRef : undefined}
                type="radio"
                name="paymentMethod"
                value={method}
                checked={form.values.paymentMethod === method}
                onChange={() => form.set('paymentMethod', method)}
              />
              <span>{method}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {form.failure ? <InlineError>{form.failure}</InlineError> : null}
      <DialogButtons busy={form.busy} submitLabel="Verify" busyText="Verifying..." onCancel={onCancel} />
    </form>
  );
}
