// Public surface of the admin account tables: their query keys (the pages load lazily from app/routes/admin.tsx).
export { type AccountKind, userKeys } from './query-keys';
