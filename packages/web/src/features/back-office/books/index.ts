// Public surface of the admin book pages: the header's book title (app/layouts). The pages
// load lazily from app/routes/admin.tsx.
export { useBookTitle } from './api/use-book-title';
export { adminBookKeys } from './query-keys';
