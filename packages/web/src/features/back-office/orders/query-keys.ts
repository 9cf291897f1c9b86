/** SWR keys of what the back-office order lists read. */
export const allOrderKeys = {
  /** Every order (Admin and Staff lists). */
  all: ['orders', 'all'] as const,
};
