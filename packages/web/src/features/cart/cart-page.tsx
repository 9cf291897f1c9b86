import { type CartItem, type PlacedOrder, isPricesChangedError, serverMessageOf } from '@pustak/sdk';
import { COUNTDOWN_TICK_MS, saleCountdown } from '@pustak/sdk/domain';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink, CartIcon, EmptyState, LoadFailed, PageHeader, Skeleton, Spinner, useToast } from '../../components';
import { useNow } from '../../lib/use-now';
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
/** The spec's text of a failed order, when the server gave no reason (no answer, or one without a message). */
const ORDER_FAILED = 'Order failed. Please try again.';
/** The spec-style text of a 409, for a server that sends none. */
const PRICES_CHANGED = 'Prices in your cart have changed. Please check your cart and place the order again.';

/** /cart: cart rows with quantity steppers, the order summary and Place Order. */
export default function CartPage() {
  useDocumentTitle('Your Cart');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, error, mutate } = useCart();
  // Every figure is the server's. A line's deal that ends (or starts) while the page is open
  // makes them out of date: the cart is read again at that second.
  const now = useNow(COUNTDOWN_TICK_MS);
  const dealPassed = data?.items.some((line) => saleCountdown(line.book.pricing, now).state === 'stale') ?? false;
  useEffect(() => {
    if (dealPassed) void mutate();
  }, [dealPassed, mutate]);
  const updateLine = useUpdateCartLine();
  const removeLine = useRemoveCartLine();
  const placeOrder = usePlaceOrder();
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<string | null>(null);
  const [updating, setUpdating] = useState<ReadonlySet<string>>(new Set());
  const [placing, setPlacing] = useState(false);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

  const lines = data?.items;
  const markUpdating = (cartItemId: string, on: boolean) =>
    setUpdating((current) => {
      const next = new Set(current);
      if (on) next.add(cartItemId);
      else next.delete(cartItemId);
      return next;
    });

  const setLineError = (cartItemId: string, message: string | null) =>
    setLineErrors((current) => {
      const next = { ...current };
      if (message) next[cartItemId] = message;
      else delete next[cartItemId];
      return next;
    });

  const changeQuantity = async (line: CartItem, quantity: number) => {
    if (!data) return;
    setLineError(line.cartItemId, null);
    markUpdating(line.cartItemId, true);
    try {
      await updateLine(data, line, quantity);
    } catch (failure) {
      console.error('Cart update failed', failure);
      setLineError(line.cartItemId, UPDATE_FAILED);
    } finally {
      markUpdating(line.cartItemId, false);
    }
  };

  const remove = async (line: CartItem) => {
    setLineError(line.cartItemId, null);
    setRemoving(line.cartItemId);
    try {
      const message = await removeLine(line);
      toast.success(message || 'Removed from cart');
    } catch (failure) {
      console.error('Cart remove failed', failure);
      setLineError(line.cartItemId, REMOVE_FAILED);
    } finally {
      setRemoving(null);
    }
  };

  // The order charges the total on screen, or nothing: a total that changed on the server
  // (a deal ended, a price changed) is a 409, the cart is read again and its new figures show.
  const place = async () => {
    if (!data) return;
    setPlacing(true);
    setOrderError(null);
    try {
      setPlaced(await placeOrder(data.totals.total));
    } catch (failure) {
      if (isPricesChangedError(failure)) {
        setOrderError(failure.serverMessage ?? PRICES_CHANGED);
      } else {
        console.error('Place order failed', failure);
        // The server's reason ("Not enough stock for book: …", "Cart is empty") tells the
        // customer what to change; the spec's text says only that something went wrong.
        setOrderError(serverMessageOf(failure) ?? ORDER_FAILED);
      }
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

  const count = data?.totals.copies ?? 0;
  return (
    <div className="container">
      <PageHeader
        title="Your Cart"
        description={lines && lines.length > 0 ? `${count} ${count === 1 ? 'book' : 'books'} ready to order` : undefined}
      />
      {error && !data ? (
        <LoadFailed what="your cart" onRetry={() => void mutate()} className={styles.state} />
      ) : !data || !lines ? (
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
                  key={line.cartItemId}
                  line={line}
                  onQuantityChange={(quantity) => void changeQuantity(line, quantity)}
                  onRemove={() => void remove(line)}
                  error={lineErrors[line.cartItemId]}
                  removing={removing === line.cartItemId}
                  updating={updating.has(line.cartItemId)}
                />
              ))}
            </ul>
          </section>
          <OrderSummary
            totals={data.totals}
            updating={updating.size > 0}
            placing={placing}
            error={orderError}
            onPlaceOrder={() => void place()}
          />
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
