// cart: the customer's server-side cart, priced as the books cost now.
import type { Handler } from '../../shared/handler.js';
import { paisaToRupees } from '../../shared/money.js';
import { absoluteUrl } from '../../shared/wire.js';
import { addToCart, cartLines, removeCartLine, updateCartLine } from './rules.js';

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
