import { type ReactNode } from 'react';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import styles from './contact-page.module.css';
import { InfoPage } from './info-page';

const WAYS: [icon: ReactNode, label: string, value: ReactNode][] = [
  [<MapPinIcon key="visit" />, 'Visit', 'Thamel Marg 12, Kathmandu 44600, Nepal'],
  [<PhoneIcon key="call" />, 'Call', <a href="tel:+97714412345">+977 1-4412345</a>],
  [<MailIcon key="write" />, 'Write', <a href="mailto:hello@pustak.com.np">hello@pustak.com.np</a>],
];

const HOURS = (
  <>
    <span className={styles.line}>Sunday to Friday, 9:00 to 19:00</span>
    <span className={styles.line}>Saturday, 11:00 to 17:00</span>
  </>
);

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
        {WAYS.map(([icon, label, value]) => (
          <ContactCard key={label} icon={icon} label={label} value={value} />
        ))}
      </div>
      <ContactCard icon={<ClockIcon />} label="Opening hours" value={HOURS} className={styles.hours} />
    </InfoPage>
  );
}

function ContactCard({ icon, label, value, className }: { icon: ReactNode; label: string; value: ReactNode; className?: string }) {
  return (
    <Card className={cx(styles.item, className)}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <h2 className={styles.label}>{label}</h2>
        <p className={styles.value}>{value}</p>
      </div>
    </Card>
  );
}
