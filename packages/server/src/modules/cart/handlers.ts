// cart: the customer's server-side cart, priced as the books cost now.
import type { Handler } from '../../shared/handler.js';
import { basisPointsToPercent, paisaToRupees } from '../../shared/money.js';
import { absoluteUrl } from '../../shared/wire.js';
import { bookShown, pricingView } from '../books/index.js';
import { addToCart, cartView, removeCartLine, updateCartLine } from './rules.js';
import { cartTotalsView } from './views.js';

export const addCartItem: Handler<'addCartItem'> = async ({ caller, body, services }) => {
  await addToCart(services.db, caller().id, body.bookId, body.quantity, services.clock.now(), async () => (await bookShown(services, body.bookId)).book);
  return { status: 'success', statusCode: 200, message: 'Book added to cart successfully' };
};

export const listCartItems: Handler<'listCartItems'> = async ({ caller, services, origin }) => {
  const cart = await cartView(services.db, caller().id, services.clock.now());
  return {
    status: 'success',
    statusCode: 200,
    message: 'Cart items retrieved successfully',
    data: cart.lines.map(({ line, price, totalPaisa }) => ({
      cartItemId: line.id,
      bookId: line.book_id,
      quantity: line.quantity,
      book: {
        title: line.title,
        author: line.author,
        price: paisaToRupees(line.price_paisa),
        imageUrl: absoluteUrl(origin, line.image_path),
        discount: basisPointsToPercent(line.discount_bp),
        isOnSale: line.is_on_sale,
        startTime: line.start_time?.toISOString() ?? null,
        endTime: line.end_time?.toISOString() ?? null,
        pricing: pricingView(price),
      },
      unitPrice: paisaToRupees(price.unitPaisa),
      lineTotal: paisaToRupees(totalPaisa),
      addedUnitPrice: line.added_unit_price_paisa === null ? null : paisaToRupees(line.added_unit_price_paisa),
      priceChanged: line.added_unit_price_paisa !== null && line.added_unit_price_paisa !== price.unitPaisa,
    })),
    totals: cartTotalsView(cart),
  };
};

export const updateCartItem: Handler<'updateCartItem'> = async ({ caller, params, body, services }) => {
  await updateCartLine(services.db, caller().id, params.cartItemId, body.quantity);
  return { status: 'success', statusCode: 200, message: 'Cart item updated successfully' };
};

export const removeCartItem: Handler<'removeCartItem'> = async ({ caller, params, services }) => {
  await removeCartLine(services.db, caller().id, params.cartItemId);
  return { status: 'success', statusCode: 200, message: 'Item removed from cart' };
};
