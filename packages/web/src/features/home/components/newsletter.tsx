import { isEmailShaped } from '@pustak/sdk/domain';
import { useState } from 'react';
import { Button, MailIcon, TextField } from '../../../components';
import { useForm } from '../../../lib/use-form';
import styles from '../home-page.module.css';

function validateNewsletter({ email }: { email: string }) {
  return isEmailShaped(email) ? {} : { email: 'Enter a valid email address' };
}

/**
 * Newsletter sign-up. There is no newsletter endpoint, so nothing is sent: a well-formed
 * address gets an inline thank-you and the address never leaves the page.
 */
export function Newsletter() {
  const [done, setDone] = useState(false);
  const form = useForm({ initial: { email: '' }, validate: validateNewsletter });
  const submit = form.submit(() => setDone(true), { failure: () => null });

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
      {done ? (
        <p role="status" className={styles.thanks}>
          Thanks — we&apos;ll be in touch
        </p>
      ) : (
        <form className={styles.newsletterForm} onSubmit={submit} noValidate>
          <TextField
            label="Email address"
            hideLabel
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...form.field('email')}
            className={styles.newsletterField}
          />
          <Button type="submit" variant="warm">
            Subscribe
          </Button>
        </form>
      )}
    </section>
  );
}
