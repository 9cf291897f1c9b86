/** SWR keys of what the orders feature reads. */
export const orderKeys = {
  /** The signed-in customer's orders. */
  mine: ['orders', 'mine'] as const,
};
