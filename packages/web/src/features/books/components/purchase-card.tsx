import { type Book } from '@pustak/sdk';
import { useState } from 'react';
import { Button, CartIcon, Price, QuantityStepper, TruckIcon, useToast } from '../../../components';
import { useAddToCart } from '../../cart';
import { useWishlistStatus } from '../../wishlist';
import styles from './purchase-card.module.css';
import { SaleStatus } from './sale-status';
import { WishlistButton } from './wishlist-button';

/** Spec: the delivery promise on the buy box. */
const DELIVERY_TEXT = 'Available Within 1 to 2 days';

/** The detail page's buy box: delivery promise, price, quantity, ADD TO CART. */
export function PurchaseCard({ book }: { book: Book }) {
  const [quantity, setQuantity] = useState(1);
  const cart = useAddToCart();
  const wishlist = useWishlistStatus(book.bookId);
  const toast = useToast();
  const inStock = book.quantity > 0;

  const add = async () => {
    try {
      if (await cart.add(book.bookId, quantity)) toast.success('Added to Cart');
    } catch (error) {
      console.error('Add to cart failed', error);
      toast.error('Failed to Add');
    }
  };

  return (
    <section className={styles.card} aria-labelledby="purchase-heading">
      <h2 id="purchase-heading" className="visually-hidden">
        Buy this book
      </h2>
      <p className={styles.delivery}>
        <TruckIcon size={18} />
        {DELIVERY_TEXT}
      </p>
      <SaleStatus book={book} />
      <Price pricing={book.pricing} size="lg" />
      <p className={inStock ? styles.stock : styles.outOfStock}>
        {inStock ? `In stock (${book.quantity} left)` : 'Out of stock'}
      </p>
      <div className={styles.row}>
        <QuantityStepper
          value={quantity}
          onChange={setQuantity}
          max={inStock ? book.quantity : undefined}
          disabled={!inStock}
        />
        <WishlistButton title={book.title} status={wishlist} className={styles.heart} />
      </div>
      <Button
        size="lg"
        block
        leadingIcon={<CartIcon size={18} />}
        loading={cart.busy}
        loadingText="Adding..."
        disabled={!inStock}
        onClick={() => void add()}
      >
        ADD TO CART
      </Button>
    </section>
  );
}
