// Public surface of the staff desk: verifying an order by its claim code. The pages load
// lazily from app/routes/staff.tsx; the order list itself is features/back-office/orders.
export { useVerifyOrder } from './api/use-verify-order';
