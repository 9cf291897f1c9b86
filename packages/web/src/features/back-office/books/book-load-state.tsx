import { isApiError } from '@pustak/sdk';
import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ChevronLeftIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { PageStack, Panel } from '../../../components/back-office/back-office-ui';

/** A book page whose book could not load: 'Book not found' (404) or the spec's retry text. */
export function BookLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const back = (
    <ButtonLink to="/admin/books" variant="secondary">
      <ChevronLeftIcon size={18} />
      Back to Books
    </ButtonLink>
  );
  if (isApiError(error, 404)) {
    return <EmptyState title="Book not found" text="This book may have been deleted." action={back} />;
  }
  return (
    <PageStack>
      <ErrorState text="Failed to load book details. Please try again later." onRetry={onRetry} />
      <div>{back}</div>
    </PageStack>
  );
}

/** Placeholder while a book loads. */
export function BookSkeleton() {
  return (
    <Panel as="div" busy>
      <span className="visually-hidden" role="status">
        Loading book
      </span>
      <Skeleton height="2rem" width="50%" />
      <div style={{ height: 'var(--space-4)' }} />
      <Skeleton lines={6} />
    </Panel>
  );
}
