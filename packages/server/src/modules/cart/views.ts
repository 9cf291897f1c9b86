// The cart's money in the contract's wire shape: what the server charges, in rupees.
import { basisPointsToPercent, paisaToRupees } from '../../shared/money.js';
import type { CartOffer, CartPrice } from '../../shared/pricing.js';
import type { Schemas } from '../../shared/wire.js';

export const discountsView = (discounts: readonly { offer: CartOffer; amountPaisa: number }[]): Schemas['CartDiscount'][] =>
  discounts.map(({ offer, amountPaisa }) => ({
    code: offer.code,
    name: offer.name,
    rule: offer.rule,
    percent: basisPointsToPercent(offer.bp),
    amount: paisaToRupees(amountPaisa),
  }));

export const cartTotalsView = (cart: CartPrice<unknown>): Schemas['CartTotals'] => ({
  copies: cart.copies,
  listSubtotal: paisaToRupees(cart.listSubtotalPaisa),
  dealSavings: paisaToRupees(cart.listSubtotalPaisa - cart.subtotalPaisa),
  subtotal: paisaToRupees(cart.subtotalPaisa),
  discounts: discountsView(cart.discounts),
  discountTotal: paisaToRupees(cart.subtotalPaisa - cart.totalPaisa),
  total: paisaToRupees(cart.totalPaisa),
});
