import { type BookPricing } from '@pustak/sdk';
import { formatRupees } from '@pustak/sdk/domain';
import { cx } from '../lib/cx';
import styles from './display.module.css';

export interface PriceProps {
  /**
   * The server's pricing of one copy (`book.pricing`): `unitPrice` is shown, and `listPrice`
   * struck beside it while `dealRunning`. Nothing is worked out here.
   */
  pricing: Pick<BookPricing, 'listPrice' | 'unitPrice' | 'dealRunning' | 'dealPercent'>;
  size?: 'sm' | 'md' | 'lg';
  prefix?: 'Rs.' | 'NRS.';
  /** Show "-20%" next to the struck price. */
  showPercent?: boolean;
  className?: string;
}

/** A price in rupees as the server sends it; while a deal runs, the sale price plus the struck-through list price. */
export function Price({ pricing, size = 'md', prefix = 'Rs.', showPercent, className }: PriceProps) {
  const sizeClass = size === 'lg' ? styles.priceLg : size === 'sm' ? styles.priceSm : styles.priceMd;
  if (!pricing.dealRunning) {
    return (
      <span className={cx(styles.price, sizeClass, className)}>
        <span className={styles.priceNow}>{formatRupees(pricing.unitPrice, { prefix })}</span>
      </span>
    );
  }
  return (
    <span className={cx(styles.price, sizeClass, className)}>
      <span className={cx(styles.priceNow, styles.priceSale)}>
        <span className="visually-hidden">Sale price </span>
        {formatRupees(pricing.unitPrice, { prefix })}
      </span>
      <s className={styles.priceWas}>
        <span className="visually-hidden">Original price </span>
        {formatRupees(pricing.listPrice, { prefix })}
      </s>
      {showPercent ? <span className={styles.priceOff}>-{pricing.dealPercent}%</span> : null}
    </span>
  );
}
