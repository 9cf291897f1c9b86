import { type Review } from '@pustak/sdk';
import { DialogButtons, InlineError } from '../../../components/back-office/back-office-ui';
import { Dialog } from '../../../components/dialog';
import { Textarea } from '../../../components/form-controls';
import { useToast } from '../../../components/toaster';
import { type FormErrors, useForm } from '../../../lib/use-form';
import { useHideReview } from './api/use-hide-review';

type HideValues = { reason: string };

const validateHide = (values: HideValues): FormErrors<keyof HideValues> =>
  values.reason.trim() ? {} : { reason: 'Say why the review is hidden' };

/**
 * Hide an abusive review: it leaves the book's reviews and average; the reason, required, goes
 * to the activity log with the admin's name.
 */
export function HideReviewDialog({ bookId, review, onClose }: { bookId: string; review: Review | null; onClose: () => void }) {
  return (
    <Dialog open={review !== null} onClose={onClose} title="Hide review" description={review ? `${review.username}'s review leaves the book's page and its average.` : undefined}>
      {review ? <HideForm bookId={bookId} review={review} onDone={onClose} /> : null}
    </Dialog>
  );
}

function HideForm({ bookId, review, onDone }: { bookId: string; review: Review; onDone: () => void }) {
  const hideReview = useHideReview();
  const toast = useToast();
  const form = useForm({ initial: () => ({ reason: '' }), validate: validateHide });

  const submit = form.submit(
    async (values) => {
      await hideReview(bookId, review.reviewId, values.reason.trim());
      toast.success(`${review.username}'s review is hidden.`);
      onDone();
    },
    { failure: () => 'The review was not hidden. Please try again.', log: 'Hiding a review failed', stayBusy: true },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Textarea label="Reason" required rows={3} maxLength={500} {...form.field('reason')} />
      {form.failure ? <InlineError>{form.failure}</InlineError> : null}
      <DialogButtons busy={form.busy} submitLabel="Hide Review" onCancel={onDone} />
    </form>
  );
}
