// Public surface of the banner admin: its query keys (the page loads lazily from app/routes/admin.tsx).
export { bannerKeys } from './query-keys';
