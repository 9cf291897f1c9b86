import { type PlacedOrder } from '@pustak/sdk';
import { COUNTDOWN_TICK_MS, cartItemCount, completedOrderCount, mergeCartLines } from '@pustak/sdk/domain';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink, CartIcon, EmptyState, LoadFailed, PageHeader, Skeleton, Spinner, useToast } from '../../components';
import { useNow } from '../../lib/use-now';
import { useMyOrders } from '../orders';
import { useCart } from './api/use-cart';
import { usePlaceOrder } from './api/use-place-order';
import { useRemoveCartLine } from './api/use-remove-cart-line';
import { useUpdateCartLine } from './api/use-update-cart-line';
import styles from './cart-page.module.css';
import { CartLine } from './components/cart-line';
import { OrderPlacedDialog } from './components/order-placed-dialog';
import { OrderSummary } from './components/order-summary';
import { useDocumentTitle } from '../../lib/use-document-title';

const UPDATE_FAILED = "Couldn't update the quantity. Please try again.";
const REMOVE_FAILED = "Couldn't remove this book. Please try again.";

/** /cart: cart rows with quantity steppers, the order summary and Place Order. */
export default function CartPage() {
  useDocumentTitle('Your Cart');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, error, mutate } = useCart();
  // Prices are read on the clock: a sale price stops at the second its window closes, as the
  // server's does. Completed orders decide the 10 % loyalty discount.
  const now = useNow(COUNTDOWN_TICK_MS);
  const orders = useMyOrders();
  const updateLine = useUpdateCartLine();
  const removeLine = useRemoveCartLine();
  const placeOrder = usePlaceOrder();
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [orderFailed, setOrderFailed] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

  const lines = data ? mergeCartLines(data) : undefined;

  const setLineError = (bookId: string, message: string | null) =>
    setLineErrors((current) => {
      const next = { ...current };
      if (message) next[bookId] = message;
      else delete next[bookId];
      return next;
    });

  const changeQuantity = async (bookId: string, quantity: number) => {
    setLineError(bookId, null);
    try {
      await updateLine(data ?? [], bookId, quantity);
    } catch (failure) {
      console.error('Cart update failed', failure);
      setLineError(bookId, UPDATE_FAILED);
    }
  };

  const remove = async (bookId: string) => {
    setLineError(bookId, null);
    setRemoving(bookId);
    try {
      const message = await removeLine(data ?? [], bookId);
      toast.success(message || 'Removed from cart');
    } catch (failure) {
      console.error('Cart remove failed', failure);
      setLineError(bookId, REMOVE_FAILED);
    } finally {
      setRemoving(null);
    }
  };

  const place = async () => {
    setPlacing(true);
    setOrderFailed(false);
    try {
      setPlaced(await placeOrder());
    } catch (failure) {
      console.error('Place order failed', failure);
      setOrderFailed(true);
    } finally {
      setPlacing(false);
    }
  };

  const closeConfirmation = () => {
    setPlaced(null);
    // Back to where the customer came from; a cart opened directly has no page to go back to.
    if (location.key !== 'default') navigate(-1);
    else navigate('/myOrders');
  };

  const count = lines ? cartItemCount(lines) : 0;
  return (
    <div className="container">
      <PageHeader
        title="Your Cart"
        description={lines && lines.length > 0 ? `${count} ${count === 1 ? 'book' : 'books'} ready to order` : undefined}
      />
      {error && !data ? (
        <LoadFailed what="your cart" onRetry={() => void mutate()} className={styles.state} />
      ) : !lines ? (
        <CartSkeleton />
      ) : lines.length === 0 ? (
        <EmptyState
          icon={<CartIcon size={26} />}
          title="Your cart is empty"
          text="Books you add to your cart will show up here."
          action={<ButtonLink to="/books">Browse books</ButtonLink>}
          className={styles.state}
        />
      ) : (
        <div className={styles.layout}>
          <section aria-labelledby="cart-items-heading">
            <h2 id="cart-items-heading" className="visually-hidden">
              Items in your cart
            </h2>
            <ul className={styles.lines}>
              {lines.map((line) => (
                <CartLine
                  key={line.bookId}
                  line={line}
                  now={now}
                  onQuantityChange={(quantity) => void changeQuantity(line.bookId, quantity)}
                  onRemove={() => void remove(line.bookId)}
                  error={lineErrors[line.bookId]}
                  removing={removing === line.bookId}
                />
              ))}
            </ul>
          </section>
          <OrderSummary
            lines={lines}
            now={now}
            completedOrders={completedOrderCount(orders.data ?? [])}
            placing={placing} failed={orderFailed} onPlaceOrder={() => void place()} />
        </div>
      )}
      <OrderPlacedDialog order={placed} onClose={closeConfirmation} />
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className={styles.layout} aria-busy="true">
      <div className={styles.lines}>
        <Spinner label="Loading your cart" />
        {[0, 1, 2].map((index) => (
          <div key={index} className={styles.line} aria-hidden="true">
            <div className={styles.lineCover}>
              <Skeleton height="96px" radius="var(--radius-md)" />
            </div>
            <div className={styles.lineMain}>
              <Skeleton width="60%" height="1.2em" />
              <Skeleton width="40%" />
              <Skeleton width="120px" height="38px" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton height="320px" radius="var(--radius-lg)" />
    </div>
  );
}
