import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import styles from './contact-page.module.css';
import { InfoPage } from './info-page';

export default function ContactPage() {
  return (
    <InfoPage
      eyebrow="We're here to help"
      title="Contact Us"
      lead="Questions about an order, a book you can't find, or a bulk order for your school? Write or call — a real bookseller will answer."
      icon={<MailIcon size={220} />}
      actions={
        <ButtonLink to="/books" variant="warm" size="lg">
          Browse books
        </ButtonLink>
      }
    >
      <div className={styles.grid}>
        <Card className={styles.item}>
          <span className={styles.icon} aria-hidden="true">
            <MapPinIcon />
          </span>
          <div>
            <h2 className={styles.label}>
              Visit
            </h2>
            <p className={styles.value}>Thamel Marg 12, Kathmandu 44600, Nepal</p>
          </div>
        </Card>
        <Card className={styles.item}>
          <span className={styles.icon} aria-hidden="true">
            <PhoneIcon />
          </span>
          <div>
            <h2 className={styles.label}>
              Call
            </h2>
            <p className={styles.value}>
              <a href="tel:+97714412345">+977 1-4412345</a>
            </p>
          </div>
        </Card>
        <Card className={styles.item}>
          <span className={styles.icon} aria-hidden="true">
            <MailIcon />
          </span>
          <div>
            <h2 className={styles.label}>
              Write
            </h2>
            <p className={styles.value}>
              <a href="mailto:hello@pustak.com.np">hello@pustak.com.np</a>
            </p>
          </div>
        </Card>
      </div>
      <Card className={`${styles.item} ${styles.hours}`}>
        <span className={styles.icon} aria-hidden="true">
          <ClockIcon />
        </span>
        <div>
          <h2 className={styles.label}>
            Opening hours
          </h2>
          <p className={styles.value}>
            <span className={styles.line}>Sunday to Friday, 9:00 to 19:00</span>
            <span className={styles.line}>Saturday, 11:00 to 17:00</span>
          </p>
        </div>
      </Card>
    </InfoPage>
  );
}
