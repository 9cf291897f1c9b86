// wishlist, cart, orders and staff: everything a customer buys and staff hand over.
import { transact } from '../domain/context.js';
import { BEST_SELLERS_KEY, forgetBooks } from './catalogue.js';
import { addToCart, addToWishlist as addToWishlistRule, cartLines, isWishlisted, removeCartLine, removeFromWishlist as removeFromWishlistRule,
  updateCartLine, wishlist } from '../domain/shopping.js';
import { allOrders, cancelOrder as cancelOrderRule, myOrders, placeOrder as placeOrderRule, verifyOrder as verifyOrderRule } from '../domain/orders.js';
import { formatPercent, paisaToRupees } from '../domain/money.js';
import type { Handler } from './types.js';
import { absoluteUrl, bookView, orderView } from './views.js';

export const getWishlist: Handler<'getWishlist'> = async ({ caller, services, origin }) => ({
  status: 'success',
  code: 200,
  message: 'Wishlist retrieved successfully',
  data: (await wishlist(services.db, caller().id)).map((row) => bookView(row, origin)),
});

export const checkWishlist: Handler<'checkWishlist'> = async ({ caller, params, services }) =>
  (await isWishlisted(services.db, caller().id, params.bookId))
    ? { status: true, code: 200, message: 'Book is in the wishlist' }
    : { status: false, code: 200, message: 'Book is not in the wishlist' };

export const addToWishlist: Handler<'addToWishlist'> = async ({ caller, body, services }) => {
  await addToWishlistRule(services.db, caller().id, body.bookId, services.clock.now());
  return { status: true, statusCode: 200, message: 'Bookmarked successfully' };
};

const removeFromWishlistBoth = async (userId: string, bookId: string, db: Parameters<typeof removeFromWishlistRule>[0]) =>
  (await removeFromWishlistRule(db, userId, bookId))
    ? { status: true, statusCode: 200, message: 'Removed from wishlist' }
    : { status: false, code: 200, message: 'Book is not in the wishlist' };

export const removeFromWishlist: Handler<'removeFromWishlist'> = async ({ caller, params, services }) =>
  removeFromWishlistBoth(caller().id, params.bookId, services.db);

export const removeFromWishlistByPut: Handler<'removeFromWishlistByPut'> = async ({ caller, params, services }) =>
  removeFromWishlistBoth(caller().id, params.bookId, services.db);

export const addCartItem: Handler<'addCartItem'> = async ({ caller, body, services }) => {
  await addToCart(services.db, caller().id, body.bookId, body.quantity, services.clock.now());
  return { status: 'success', statusCode: 200, message: 'Book added to cart successfully' };
};

export const listCartItems: Handler<'listCartItems'> = async ({ caller, services, origin }) => ({
  status: 'success',
  statusCode: 200,
  message: 'Cart items retrieved successfully',
  data: (await cartLines(services.db, caller().id)).map((line) => ({
    cartItemId: line.id,
    bookId: line.book_id,
    quantity: line.quantity,
    book: {
      title: line.title,
      author: line.author,
      price: paisaToRupees(line.price_paisa),
      imageUrl: absoluteUrl(origin, line.image_path),
      discount: line.discount_bp / 100,
      isOnSale: line.is_on_sale,
      startTime: line.start_time?.toISOString() ?? null,
      endTime: line.end_time?.toISOString() ?? null,
    },
  })),
});

export const updateCartItem: Handler<'updateCartItem'> = async ({ caller, params, body, services }) => {
  await updateCartLine(services.db, caller().id, params.cartItemId, body.quantity);
  return { status: 'success', statusCode: 200, message: 'Cart item updated successfully' };
};

export const removeCartItem: Handler<'removeCartItem'> = async ({ caller, params, services }) => {
  await removeCartLine(services.db, caller().id, params.cartItemId);
  return { status: 'success', statusCode: 200, message: 'Item removed from cart' };
};

export const placeOrder: Handler<'placeOrder'> = async ({ caller, services }) => {
  const placed = await placeOrderRule(services.db, caller(), services.clock.now());
  // Best sellers count order lines; stock and the rest of the catalogue change only at verification.
  await services.cache.forget(BEST_SELLERS_KEY);
  await services.mailer.send(placed.mail);
  return {
    status: 'success',
    message: 'Order placed successfully',
    statusCode: 200,
    data: {
      orderId: placed.orderId,
      claimCode: placed.claimCode,
      totalAmount: paisaToRupees(placed.finalTotalPaisa),
      discountApplied: formatPercent(placed.discountBp),
    },
  };
};

export const listMyOrders: Handler<'listMyOrders'> = async ({ caller, services }) => ({
  status: 'success',
  message: 'Orders retrieved successfully',
  data: (await myOrders(services.db, caller().id)).map(orderView),
});

export const listAllOrders: Handler<'listAllOrders'> = async ({ services }) => ({
  status: 'success',
  message: 'Orders retrieved successfully',
  data: (await allOrders(services.db)).map(orderView),
});

export const cancelOrder: Handler<'cancelOrder'> = async ({ caller, params, services }) => ({
  status: 'success',
  message: 'Order cancelled successfully',
  statusCode: 200,
  data: await cancelOrderRule(services.db, caller().id, params.orderId),
});

export const verifyOrder: Handler<'verifyOrder'> = async ({ params, body, services }) => {
  const { bookIds } = await transact(services.db, services.broadcaster, (tx, publish) =>
    verifyOrderRule(tx, params.orderId, body.ClaimCode, services.clock.now(), publish),
  );
  await forgetBooks(services, bookIds); // their stock changed; which books a list holds did not
  return { status: 'success', message: 'Order verified and stock updated successfully' };
};
