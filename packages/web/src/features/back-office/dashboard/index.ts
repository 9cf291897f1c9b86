// Public surface of the admin dashboard: its query keys (the page loads lazily from app/routes/admin.tsx).
export { dashboardKeys } from './query-keys';
