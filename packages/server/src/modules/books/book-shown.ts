// One book as its page shows it, from the read cache (read-cache/policy.ts cachedBook): the book
// page itself, the admin's book screens, and an add to cart (the price the customer saw).
import { cachedBook } from '../../read-cache/policy.js';
import type { Services } from '../../shared/services.js';
import { getBook, type BookWithReviews } from './rules.js';

export const bookShown = (services: Pick<Services, 'db' | 'cache'>, id: string): Promise<BookWithReviews> => cachedBook(services, id, () => getBook(services.db, id));
