import { Link } from '../../components/link';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import styles from './footer.module.css';

const COMPANY_LINKS = [
  { to: '/contact', label: 'About Pustak' },
  { to: '/contact', label: 'Contact us' },
  { to: '/shop', label: 'Offers' },
  { to: '/new-arrivals', label: 'New arrivals' },
];
const ACCOUNT_LINKS = [
  { to: '/profile', label: 'My profile' },
  { to: '/myOrders', label: 'My orders' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/cart', label: 'Cart' },
];
const SUPPORT_LINKS = [
  { to: '/contact', label: 'Help centre' },
  { to: '/contact', label: 'Shipping & pickup' },
  { to: '/contact', label: 'Returns' },
  { to: '/contact', label: 'Privacy policy' },
];

/** Static footer: contact details and placeholder company, account and support links. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-contact">
          <p className={styles.brand}>Pustak</p>
          <p className={styles.tagline}>
            A neighbourhood bookshop from Kathmandu, online. Stories, study and everything between.
          </p>
          <h2 id="footer-contact" className={styles.title}>
            Contact
          </h2>
          <ul className={styles.list}>
            <li className={styles.contact}>
              <MapPinIcon size={16} />
              <span>Thamel Marg 12, Kathmandu 44600, Nepal</span>
            </li>
            <li className={styles.contact}>
              <PhoneIcon size={16} />
              <a href="tel:+97714412345">+977 1-4412345</a>
            </li>
            <li className={styles.contact}>
              <MailIcon size={16} />
              <a href="mailto:hello@pustak.com.np">hello@pustak.com.np</a>
            </li>
          </ul>
        </section>
        <FooterLinks id="footer-company" title="Company" links={COMPANY_LINKS} />
        <FooterLinks id="footer-account" title="Account" links={ACCOUNT_LINKS} />
        <FooterLinks id="footer-support" title="Support" links={SUPPORT_LINKS} />
      </div>
      <div className={styles.bottom}>
        <div className={`container ${styles.bottomInner}`}>
          <span>© {new Date().getFullYear()} Pustak Books Pvt. Ltd. All rights reserved.</span>
          <span>Prices in Nepali rupees (Rs.)</span>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({ id, title, links }: { id: string; title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
