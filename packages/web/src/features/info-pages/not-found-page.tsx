import { PageMessage } from './page-message';

/** Any unknown path. */
export default function NotFoundPage() {
  return (
    <PageMessage code="404" title="Page not found">
      This page seems to have wandered off the shelf. Let's get you back to the books.
    </PageMessage>
  );
}
