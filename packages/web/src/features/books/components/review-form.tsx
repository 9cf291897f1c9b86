import { isApiError, isNetworkError, serverMessageOf } from '@pustak/sdk';
import { validateReview } from '@pustak/sdk/domain';
import { type FormEvent } from 'react';
import { Button, StarRatingInput, Textarea, useToast } from '../../../components';
import { useForm } from '../../../lib/use-form';
import { signedInOrAsk, useSession } from '../../auth';
import { useAddReview } from '../api/use-add-review';
import styles from './reviews.module.css';

type ReviewValues = { stars: number | null; comment: string };
const EMPTY_REVIEW: ReviewValues = { stars: null, comment: '' };

/** What the customer reads when a review is refused: the server's words first. */
function reviewFailureMessage(error: unknown): string {
  if (isNetworkError(error)) return 'Something went wrong';
  if (isApiError(error)) return serverMessageOf(error) ?? 'Failed to submit review';
  return 'Failed to submit review';
}

/**
 * Add Your Review: a star rating and a text, both required. The typed review stays in the
 * form when the server refuses it; a guest is asked to sign in first.
 */
export function ReviewForm({ bookId }: { bookId: string }) {
  const addReview = useAddReview();
  const toast = useToast();
  const { isSignedIn } = useSession();
  const form = useForm<ReviewValues>({ initial: EMPTY_REVIEW, validate: validateReview });

  const send = form.submit(
    async ({ stars, comment }) => {
      const reply = await addReview({ bookId, stars: stars as number, comment: comment.trim() });
      toast.success(reply.message?.trim() || 'Review added');
      form.setValues(EMPTY_REVIEW);
    },
    { failure: reviewFailureMessage, log: 'Review failed' },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!signedInOrAsk()) {
      event.preventDefault();
      return;
    }
    void send(event);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="add-review-heading">
      <h2 id="add-review-heading" className={styles.formHeading}>
        Add Your Review
      </h2>
      <StarRatingInput
        label="Your rating"
        name="stars"
        value={form.values.stars}
        onChange={(value) => form.set('stars', value)}
        error={form.errors.stars}
      />
      <Textarea
        label="Your review"
        {...form.field('comment')}
        rows={4}
        maxLength={2000}
        placeholder="What did you like or dislike?"
      />
      {form.failure ? (
        <p role="alert" className={styles.failure}>
          {form.failure}
        </p>
      ) : null}
      {/* The guest's hint sits beside the button, not above the stars: a page sent as a guest
          sees it, and a signed-in visitor's stars and text box stay put as it goes. */}
      <div className={styles.submitRow}>
        <Button type="submit" loading={form.busy} loadingText="Submitting...">
          Submit Review
        </Button>
        {!isSignedIn ? <p className={styles.hint}>Sign in to share what you thought of this book.</p> : null}
      </div>
    </form>
  );
}
