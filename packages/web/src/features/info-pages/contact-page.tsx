import { type ShopInfo } from '@pustak/sdk';
import { type ReactNode } from 'react';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { useShopInfo } from '../shop';
import styles from './contact-page.module.css';
import { InfoPage } from './info-page';

/** The shop's address, phone and e-mail as the server is configured (GET /shop/info). */
const waysOf = (shop: ShopInfo): [icon: ReactNode, label: string, value: ReactNode][] => [
  [<MapPinIcon key="visit" />, 'Visit', shop.address],
  [<PhoneIcon key="call" />, 'Call', <a href={`tel:${shop.phone.replace(/[^+\d]/g, '')}`}>{shop.phone}</a>],
  [<MailIcon key="write" />, 'Write', <a href={`mailto:${shop.email}`}>{shop.email}</a>],
];

const hoursOf = (shop: ShopInfo) => (
  <>
    {shop.openingHours.map((line) => (
      <span key={line} className={styles.line}>
        {line}
      </span>
    ))}
    <span className={styles.line}>A ready order is kept for {shop.pickupHoldDays} days.</span>
  </>
);

export default function ContactPage() {
  const { data: shop } = useShopInfo();
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
      {shop ? (
        <>
          <div className={styles.grid}>
            {waysOf(shop).map(([icon, label, value]) => (
              <ContactCard key={label} icon={icon} label={label} value={value} />
            ))}
          </div>
          <ContactCard icon={<ClockIcon />} label="Opening hours" value={hoursOf(shop)} className={styles.hours} />
        </>
      ) : null}
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
