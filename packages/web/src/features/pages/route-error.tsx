import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import styles from './not-found-page.module.css';

/** Root error boundary: a failed chunk load or a render error, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="container">
      <Card padding="lg" className={styles.card}>
        <h1 className={styles.title}>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
        <p className={styles.text}>
          {notFound
            ? "This page seems to have wandered off the shelf."
            : 'Sorry — this page could not be shown. Reloading usually helps.'}
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/">Go to the home page</ButtonLink>
          <ButtonLink to="/books" variant="secondary">
            Browse books
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
