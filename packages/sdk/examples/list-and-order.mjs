#!/usr/bin/env node
// Lists the catalogue, fills the cart and places an order through @pustak/sdk.
//   npm run mock                                  # terminal 1: the mock on http://localhost:4010
//   npm run build -w @pustak/sdk                  # once, so dist/ exists
//   node packages/sdk/examples/list-and-order.mjs # terminal 2 (PUSTAK_API overrides the base)
// Installed from the registry or a tarball, it ships as node_modules/@pustak/sdk/examples/.
import { ApiError, NetworkError, createPustakClient, formatRupees, isPricesChangedError } from '@pustak/sdk';

const baseUrl = process.env.PUSTAK_API ?? 'http://localhost:4010/api';
let token;
const pustak = createPustakClient({
  baseUrl,
  getToken: () => token,
  onUnauthorized: (error) => console.warn(`signed out? ${error.operation} answered 401`),
});

try {
  const { items, pagination } = await pustak.books.list({ page: 1, pageSize: 8, sortBy: 'createdat', sortDesc: true });
  console.log(`${pagination.totalItems} books; page ${pagination.currentPage} of ${pagination.totalPages}:`);
  for (const book of items) {
    // What a copy costs now is the server's figure (book.pricing), never worked out here.
    console.log(`  ${book.title.padEnd(34)} ${book.author.padEnd(26)} ${formatRupees(book.pricing.unitPrice)}`);
  }

  const login = await pustak.auth.login({ username: 'sita', password: 'any password' });
  token = login.token;
  console.log(`\nSigned in as ${login.user.username} (${login.user.role})`);

  const [first] = items;
  if (!first) throw new Error('the catalogue is empty');
  console.log((await pustak.cart.add(first.bookId, 2)).message);
  const cart = await pustak.cart.list();
  console.log(`Cart: ${cart.items.map((line) => `${line.quantity} x ${line.book.title}`).join(', ')}; ` +
    `total ${formatRupees(cart.totals.total)}`);

  // The total the customer saw: if the cart's prices changed since, nothing is ordered.
  const placed = await pustak.orders.place({ expectedTotal: cart.totals.total });
  console.log(`${placed.message}: order ${placed.data.orderId}, claim code ${placed.data.claimCode}, ` +
    `total ${formatRupees(placed.data.totalAmount)}, cart discount ${placed.data.discountApplied}`);

  const mine = await pustak.orders.mine();
  console.log(`You have ${mine.length} order(s): ${mine.map((o) => o.status).join(', ')}`);
} catch (error) {
  if (isPricesChangedError(error)) console.error(`${error.message} (read the cart again and show its new total)`);
  else if (error instanceof NetworkError) console.error(`Cannot reach ${baseUrl} — is the mock running (npm run mock)?`);
  else if (error instanceof ApiError) console.error(`${error.operation} failed with ${error.status}: ${error.message}`);
  else console.error(error);
  process.exitCode = 1;
}
