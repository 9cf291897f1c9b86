import { ButtonLink } from '../../components/button';
import styles from './not-found-page.module.css';

/** The way back from the 404 and error pages: the home page, or all books. */
export function WayBack() {
  return (
    <div className={styles.actions}>
      <ButtonLink to="/">Go to the home page</ButtonLink>
      <ButtonLink to="/books" variant="secondary">
        Browse books
      </ButtonLink>
    </div>
  );
}
