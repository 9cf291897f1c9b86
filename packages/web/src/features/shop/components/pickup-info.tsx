import { useShopInfo } from '../api/use-shop-info';
import styles from './pickup-info.module.css';

/**
 * Where and when to collect an order, and how long it is held, from the server's configuration.
 * Shows nothing until it has loaded (the claim code above it is what matters at the counter).
 */
export function PickupInfo() {
  const { data: shop } = useShopInfo();
  if (!shop) return null;
  return (
    <section className={styles.pickup} aria-label="Pickup information">
      <p className={styles.title}>Pick up at {shop.name}</p>
      <p className={styles.line}>{shop.address}</p>
      {shop.openingHours.map((line) => (
        <p key={line} className={styles.line}>
          {line}
        </p>
      ))}
      <p className={styles.line}>
        Once your order is ready we keep it for {shop.pickupHoldDays} {shop.pickupHoldDays === 1 ? 'day' : 'days'}.
      </p>
    </section>
  );
}
