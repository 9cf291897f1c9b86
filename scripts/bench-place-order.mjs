#!/usr/bin/env node
// Placing an order in process, without HTTP: the server's CPU per order and each statement's
// time (the place-order budget in packages/server/README.md). Seeds `npm run bench`'s PGlite
// database (10,000 books, 50,000 orders, 8,000 shoppers with a filled cart), then places
// --orders N (default 400) orders one at a time with the server's own rule, after 50 to warm up,
// and prints the CPU per order (process.cpuUsage) and the wall time per statement.
// Run it on two checkouts (or with a file checked out from another commit) to compare them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedBenchData } from '@pustak/dev-tools/bench-seed';
import { buildServer } from '@pustak/dev-tools/bench-server';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--orders');
const orders = at >= 0 ? Number(process.argv[at + 1]) : 400;
const WARM_UP = 50;
const { openDatabase, hashPassword, sql } = await buildServer(root);
const { placeOrder } = await import(join(root, 'packages/server/dist/modules/orders/rules.js'));
const { shopInfo } = await import(join(root, 'packages/server/dist/shared/shop.js'));
const { outboxRow } = await import(join(root, 'packages/server/dist/mail/outbox.js'));

const dataDir = await mkdtemp(join(tmpdir(), 'pustak-place-order-'));
try {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const { db } = database;
  await seedBenchData(db, sql, await hashPassword('bench-password'), { BOOKS: 10_000, ORDERS: 50_000, CUSTOMERS: 64, SHOPPERS: 8_000 });
  await sql`vacuum analyze`.execute(db);
  const shoppers = await db.selectFrom('users').select(['id', 'username', 'email', 'role']).where('username', 'like', 'shopper%').orderBy('username').execute();
  const shop = shopInfo(undefined, undefined);
  const mailRow = (mail, now) => ({ ...outboxRow(mail, now), attempts: 1, claimed_until: new Date(now.getTime() + 120_000) });

  // Each statement's wall time, by the start of its SQL.
  const statements = new Map();
  const executor = db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = async (query, queryId) => {
    const started = performance.now();
    try {
      return await execute(query, queryId);
    } finally {
      const key = query.sql.replace(/\s+/g, ' ').trim().slice(0, 60);
      const entry = statements.get(key) ?? { calls: 0, ms: 0 };
      entry.calls += 1;
      entry.ms += performance.now() - started;
      statements.set(key, entry);
    }
  };
  // The caller's account, as the auth hook reads it when its cache misses (every shopper is new).
  const account = (id) => db.selectFrom('users').select(['id', 'username', 'email', 'role', 'token_version']).where('id', '=', id).executeTakeFirst();
  for (const shopper of shoppers.slice(0, WARM_UP)) await placeOrder(db, shopper, new Date(), shop, { mailRow });
  statements.clear();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const shopper of shoppers.slice(WARM_UP, WARM_UP + orders)) {
    await account(shopper.id);
    await placeOrder(db, shopper, new Date(), shop, { mailRow });
  }
  const wallUs = ((performance.now() - started) * 1000) / orders;
  const used = process.cpuUsage(cpu);
  console.log(`\n${orders} orders, one at a time: ${Math.round((used.user + used.system) / orders)} µs of CPU and ${Math.round(wallUs)} µs of wall time per order\n`);
  console.log('| statement | calls | wall µs per order |');
  console.log('|---|---:|---:|');
  for (const [key, { calls, ms }] of [...statements].sort((a, b) => b[1].ms - a[1].ms)) console.log(`| ${key} | ${calls} | ${Math.round((ms * 1000) / orders)} |`);
  await database.close();
} finally {
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
}
