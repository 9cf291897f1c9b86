import { useReviews as useReviewsRead } from '@pustak/sdk/swr';

/** A book's reviews (`GET /review/getReviews/{id}`); none (a legacy 404) is an empty list. */
export const useReviews = (bookId: string | undefined) => useReviewsRead(bookId ?? null);
