import { type Book } from '@pustak/sdk';
import { fromDateInputValue, toDateInputValue } from '@pustak/sdk/domain';
import { type FormEvent, useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { TextField, Toggle } from '../../../components/form-fields';
import { useToast } from '../../../components/toaster';
import { useApi } from '../../../lib/api-client';
import { adminBookKey } from './api/use-admin-book';
import { InlineError } from '../../../components/back-office/back-office-ui';
import styles from './book-view.module.css';

const WEEK_MS = 7 * 86_400_000;

type OfferValues = { discount: string; start: string; end: string; isOnSale: boolean };
type OfferErrors = Partial<Record<'discount' | 'start' | 'end', string>>;

function initialOffer(book: Book, now: Date): OfferValues {
  const start = toDateInputValue(book.startTime, 'datetime-local') || toDateInputValue(now, 'datetime-local');
  const end =
    toDateInputValue(book.endTime, 'datetime-local') ||
    toDateInputValue(new Date(now.getTime() + WEEK_MS), 'datetime-local');
  return { discount: String(book.discount ?? 0), start, end, isOnSale: true };
}

/**
 * Add Special Offer: a discount with a start and end (datetime-local, sent as timestamps)
 * and the on-sale flag. The spec checks nothing beyond reading the dates; a failure is only
 * shown here, quietly, and what was typed stays.
 */
export function DiscountDialog({ book, now, open, onClose }: { book: Book; now: Date; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Special Offer" description={`A timed discount on ${book.title}.`}>
      {open ? <DiscountForm book={book} now={now} onDone={onClose} /> : null}
    </Dialog>
  );
}

function DiscountForm({ book, now, onDone }: { book: Book; now: Date; onDone: () => void }) {
  const api = useApi();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const formId = useId();
  const [values, setValues] = useState<OfferValues>(() => initialOffer(book, now));
  const [errors, setErrors] = useState<OfferErrors>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const field = (name: 'discount' | 'start' | 'end') => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const discount = Number(values.discount);
    const startTime = fromDateInputValue(values.start);
    const endTime = fromDateInputValue(values.end);
    const found: OfferErrors = {};
    if (values.discount.trim() === '' || !Number.isFinite(discount) || discount < 0 || discount > 100) {
      found.discount = 'Enter a discount between 0 and 100';
    }
    if (!startTime) found.start = 'Choose when the offer starts';
    if (!endTime) found.end = 'Choose when the offer ends';
    setErrors(found);
    if (found.discount || !startTime || !endTime) return;
    setBusy(true);
    setFailed(false);
    try {
      const reply = await api.catalog.setDiscount(book.bookId, {
        discount,
        startTime,
        endTime,
        isOnSale: values.isOnSale,
      });
      toast.success(reply.message || 'Discount added successfully');
      void mutate(adminBookKey(book.bookId));
      onDone();
    } catch (error) {
      console.error('Saving the special offer failed', error);
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <form id={formId} className={styles.offerForm} onSubmit={submit} noValidate>
      <TextField label="Discount (%)" type="number" inputMode="decimal" min={0} max={100} step={0.1} required {...field('discount')} />
      <div className={styles.offerDates}>
        <TextField label="Start" type="datetime-local" required {...field('start')} />
        <TextField label="End" type="datetime-local" required {...field('end')} />
      </div>
      <Toggle
        label="On sale"
        checked={values.isOnSale}
        onChange={(event) => {
          const checked = event.target.checked;
          setValues((current) => ({ ...current, isOnSale: checked }));
        }}
      />
      {failed ? <InlineError>The offer was not saved. Please try again.</InlineError> : null}
      <div className={styles.dialogButtons}>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} loadingText="Processing...">
          Save Offer
        </Button>
      </div>
    </form>
  );
}
