import { formatRupees, salePrice } from '@pustak/sdk/domain';
import { cx } from '../lib/cx';
import styles from './display.module.css';

export interface PriceProps {
  /** List price. */
  price: number;
  /** Discount percent (0..100). Only applied when `onSale` is true. */
  discount?: number | null;
  /**
   * Whether the sale price applies now. Callers decide with the domain's
   * isDealRunning(book, now) (or book.isOnSale where the spec shows the sale price regardless).
   */
  onSale?: boolean;
  size?: 'sm' | 'md' | 'lg';
  prefix?: 'Rs.' | 'NRS.';
  /** Show "-20%" next to the struck price. */
  showPercent?: boolean;
  className?: string;
}

/** A price in rupees; while on sale the sale price plus the struck-through original. */
export function Price({ price, discount, onSale = false, size = 'md', prefix = 'Rs.', showPercent, className }: PriceProps) {
  const sizeClass = size === 'lg' ? styles.priceLg : size === 'sm' ? styles.priceSm : styles.priceMd;
  const discounted = onSale && (discount ?? 0) > 0;
  if (!discounted) {
    return (
      <span className={cx(styles.price, sizeClass, className)}>
        <span className={styles.priceNow}>{formatRupees(price, { prefix })}</span>
      </span>
    );
  }
  return (
    <span className={cx(styles.price, sizeClass, className)}>
      <span className={cx(styles.priceNow, styles.priceSale)}>
        <span className="visually-hidden">Sale price </span>
        {formatRupees(salePrice(price, discount), { prefix })}
      </span>
      <s className={styles.priceWas}>
        <span className="visually-hidden">Original price </span>
        {formatRupees(price, { prefix })}
      </s>
      {showPercent ? <span className={styles.priceOff}>-{discount}%</span> : null}
    </span>
  );
}
