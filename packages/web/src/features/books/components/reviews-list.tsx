import { type Review } from '@pustak/sdk';
import { REVIEWS_SHOWN, formatDate } from '@pustak/sdk/domain';
import { ErrorState, Skeleton, StarRating } from '../../../components';
import styles from './reviews.module.css';

/** Rating and Reviews: the first five reviews with stars, username and comment. */
export function ReviewsList({
  reviews,
  error,
  onRetry,
}: {
  reviews: Review[] | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  if (error && !reviews) {
    return <ErrorState compact text="We couldn't load the reviews." onRetry={onRetry} />;
  }
  if (!reviews) {
    return (
      <div aria-busy="true" className={styles.list}>
        <span className="visually-hidden">Loading reviews</span>
        {[0, 1].map((index) => (
          <div key={index} className={styles.review}>
            <Skeleton width="40%" />
            <Skeleton lines={2} />
          </div>
        ))}
      </div>
    );
  }
  if (reviews.length === 0) return <p className={styles.empty}>No reviews yet.</p>;
  return (
    <ul className={styles.list} aria-label="Reviews">
      {reviews.slice(0, REVIEWS_SHOWN).map((review) => (
        <li key={review.reviewId} className={styles.review}>
          <div className={styles.reviewHead}>
            <span className={styles.avatar} aria-hidden="true">
              {review.username.charAt(0).toUpperCase()}
            </span>
            <div>
              <p className={styles.username}>{review.username}</p>
              {review.createdAt ? <p className={styles.date}>{formatDate(review.createdAt)}</p> : null}
            </div>
            <StarRating value={review.stars} className={styles.stars} />
          </div>
          <p className={styles.comment}>{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}
