/** SWR keys of what the receipts feature reads. */
export const receiptKeys = {
  /** One order's receipt (it never changes once the order is handed over). */
  of: (orderId: string) => ['receipt', orderId] as const,
};
