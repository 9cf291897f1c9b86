import { type Book } from '@pustak/sdk';
import { fromDateInputValue, toDateInputValue } from '@pustak/sdk/domain';
import { DialogButtons, InlineError } from '../../../components/back-office/back-office-ui';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form-fields';
import { Toggle } from '../../../components/form-controls';
import { useToast } from '../../../components/toaster';
import { type FormErrors, useForm } from '../../../lib/use-form';
import { useSetDiscount } from './api/use-set-discount';
import styles from './book-view.module.css';

const WEEK_MS = 7 * 86_400_000;

type OfferValues = { discount: string; start: string; end: string; isOnSale: boolean };

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

function validateOffer(values: OfferValues): FormErrors<keyof OfferValues> {
  const discount = Number(values.discount);
  const errors: FormErrors<keyof OfferValues> = {};
  if (values.discount.trim() === '' || !Number.isFinite(discount) || discount < 0 || discount > 100) {
    errors.discount = 'Enter a discount between 0 and 100';
  }
  if (!fromDateInputValue(values.start)) errors.start = 'Choose when the offer starts';
  if (!fromDateInputValue(values.end)) errors.end = 'Choose when the offer ends';
  return errors;
}

function DiscountForm({ book, now, onDone }: { book: Book; now: Date; onDone: () => void }) {
  const setDiscount = useSetDiscount();
  const toast = useToast();
  const form = useForm({ initial: () => initialOffer(book, now), validate: validateOffer });

  const submit = form.submit(
    async (values) => {
      const reply = await setDiscount(book.bookId, {
        discount: Number(values.discount),
        startTime: fromDateInputValue(values.start) as string,
        endTime: fromDateInputValue(values.end) as string,
        isOnSale: values.isOnSale,
      });
      toast.success(reply.message || 'Discount added successfully');
      onDone();
    },
    { failure: () => 'The offer was not saved. Please try again.', log: 'Saving the special offer failed', stayBusy: true },
  );

  return (
    <form className={styles.offerForm} onSubmit={submit} noValidate>
      <TextField label="Discount (%)" type="number" inputMode="decimal" min={0} max={100} step={0.1} required {...form.field('discount')} />
      <div className={styles.offerDates}>
        <TextField label="Start" type="datetime-local" required {...form.field('start')} />
        <TextField label="End" type="datetime-local" required {...form.field('end')} />
      </div>
      <Toggle label="On sale" checked={form.values.isOnSale} onChange={(event) => form.set('isOnSale', event.target.checked)} />
      {form.failure ? <InlineError>{form.failure}</InlineError> : null}
      <DialogButtons busy={form.busy} submitLabel="Save Offer" onCancel={onDone} />
    </form>
  );
}
