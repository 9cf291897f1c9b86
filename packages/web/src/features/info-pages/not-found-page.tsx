import { Card } from '../../components/card';
import styles from './not-found-page.module.css';
import { WayBack } from './way-back';

/** Any unknown path. */
export default function NotFoundPage() {
  return (
    <div className="container">
      <Card padding="lg" className={styles.card}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>Page not found</h1>
        <p className={styles.text}>
          This page seems to have wandered off the shelf. Let's get you back to the books.
        </p>
        <WayBack />
      </Card>
    </div>
  );
}
