import { MailIcon, buttonClassName } from '../../../components';
import styles from '../home-page.module.css';

/** The store's inbox, as the footer and the contact page give it. */
const STORE_EMAIL = 'hello@pustak.com.np';
const SIGN_UP_MAIL = `mailto:${STORE_EMAIL}?subject=${encodeURIComponent('Newsletter sign-up')}&body=${encodeURIComponent(
  'Please add me to the Pustak newsletter.',
)}`;

/**
 * Newsletter sign-up. There is no newsletter endpoint, so the page takes no address and thanks
 * no one: signing up is an e-mail the visitor sends to the store's inbox themselves, and the
 * box says plainly that nothing goes until they send it.
 */
export function Newsletter() {
  return (
    <section className={styles.newsletter} aria-labelledby="newsletter-heading">
      <div className={styles.newsletterText}>
        <span className={styles.newsletterIcon}>
          <MailIcon size={24} />
        </span>
        <div>
          <h2 id="newsletter-heading" className={styles.newsletterHeading}>
            Get new arrivals in your inbox
          </h2>
          <p className={styles.newsletterLead}>One short e-mail a month: new books, author events and member offers.</p>
        </div>
      </div>
      <div className={styles.newsletterForm}>
        <a href={SIGN_UP_MAIL} className={buttonClassName({ variant: 'warm', size: 'md' })}>
          E-mail us to subscribe
        </a>
        <p className={styles.newsletterNote}>
          Opens your e-mail app with a sign-up message to {STORE_EMAIL}. Nothing is sent until you send it.
        </p>
      </div>
    </section>
  );
}
