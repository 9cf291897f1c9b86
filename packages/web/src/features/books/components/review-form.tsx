import { isApiError, isNetworkError, serverMessageOf } from '@pustak/sdk';
import { type FieldErrors, hasErrors, validateReview } from '@pustak/sdk/domain';
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button, StarRatingInput, Textarea, useToast } from '../../../components';
import { useApi } from '../../../lib/api-client';
import { useAuthDialog } from '../../auth/auth-dialog-store';
import { useSession } from '../../auth/session';
import { reviewsKey } from '../api/use-reviews';
import styles from './reviews.module.css';

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
  const api = useApi();
  const toast = useToast();
  const { isSignedIn } = useSession();
  const authDialog = useAuthDialog();
  const { mutate } = useSWRConfig();
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'stars' | 'comment'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!isSignedIn) {
      authDialog.open('signIn');
      return;
    }
    const found = validateReview({ stars, comment });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const reply = await api.reviews.add({ bookId, stars: stars as number, comment: comment.trim() });
      toast.success(reply.message?.trim() || 'Review added');
      setStars(null);
      setComment('');
      void mutate(reviewsKey(bookId));
    } catch (error) {
      console.error('Review failed', error);
      setFailure(reviewFailureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="add-review-heading">
      <h2 id="add-review-heading" className={styles.formHeading}>
        Add Your Review
      </h2>
      {!isSignedIn ? <p className={styles.hint}>Sign in to share what you thought of this book.</p> : null}
      <StarRatingInput
        label="Your rating"
        value={stars}
        onChange={(value) => {
          setStars(value);
          setErrors((current) => ({ ...current, stars: undefined }));
        }}
        error={errors.stars}
      />
      <Textarea
        label="Your review"
        value={comment}
        onChange={(event) => {
          setComment(event.target.value);
          if (errors.comment) setErrors((current) => ({ ...current, comment: undefined }));
        }}
        error={errors.comment}
        rows={4}
        maxLength={2000}
        placeholder="What did you like or dislike?"
      />
      {failure ? (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={busy} loadingText="Submitting...">
          Submit Review
        </Button>
      </div>
    </form>
  );
}
