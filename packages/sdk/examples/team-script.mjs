#!/usr/bin/env node
// Another team's script: every staff account and the catalogue's Fiction, through the SDK's
// paging, retries and session. `npm run mock`, then `node packages/sdk/examples/team-script.mjs`.
import { createPustakClient, createSession, memoryTokenStore } from '@pustak/sdk';

const credentials = { username: process.env.PUSTAK_USER ?? 'admin', password: process.env.PUSTAK_PASSWORD ?? 'secret' };
const session = createSession({
  store: memoryTokenStore(),
  // A token that expires or is refused mid-run: sign in again, and the refused call is resent once.
  reauthenticate: async () => (await pustak.auth.login(credentials)).token,
  onSessionEnd: (reason) => console.warn(`session ended (${reason})`),
});
// Dropped connections, 429s and 5xx on reads are retried (4 times here) with backoff and Retry-After.
const pustak = createPustakClient({ baseUrl: process.env.PUSTAK_API ?? 'http://localhost:4010/api', session, maxRetries: 4 });

const signedIn = await pustak.auth.login(credentials);
await session.signIn(signedIn.token, signedIn.user.role);
for await (const user of pustak.users.iterateStaff({ pageSize: 20 })) console.log(`staff: ${user.username}`);
let fiction = 0;
for await (const book of pustak.books.iterate({ genre: 'Fiction', pageSize: 50 })) fiction += book.quantity > 0 ? 1 : 0;
console.log(`${fiction} Fiction titles in stock; session ends ${(await session.expiresAt())?.toISOString() ?? 'with the server'}`);
