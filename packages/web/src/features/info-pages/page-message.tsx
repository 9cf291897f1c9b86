import { type ReactNode } from 'react';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import styles from './page-message.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * A whole-page message (the 404 page, the route error page): an optional big code, the page's
 * h1, a line of text and the way back, to the home page or to all books.
 */
export function PageMessage({ code, title, children }: { code?: string; title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="container">
      <Card padding="lg" className={styles.card}>
        {code ? (
          <p className={styles.code} aria-hidden="true">
            {code}
          </p>
        ) : null}
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>{children}</p>
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
