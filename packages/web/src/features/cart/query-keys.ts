/** SWR keys of what the cart feature reads. */
export const cartKeys = {
  /** The customer's cart lines, as the server holds them. */
  lines: ['cart'] as const,
};
