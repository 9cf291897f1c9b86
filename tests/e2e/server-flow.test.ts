// The whole store against the real server (not the mock), in Chromium: a new customer
// registers, reads the one-time code from the dev outbox, verifies, signs in, buys two books
// and sees the claim code; staff verify the order; the customer sees it Completed and reviews
// the book; the admin dashboard counts the revenue; after a server restart the order is still
// there. The server serves the production build of the web app on its own origin.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatRevenue } from '@pustak/sdk/domain';
import { startServerProcess, type ServerProcess } from '@pustak/server/test/processes';
import { CHROMIUM_ARGS, type WatchedPage, reportPagesOnFailure, reviewsLoaded, screenshot, watchPage } from './harness.js';

const MUNA_MADAN = '0f0e0000-0000-4000-8000-000000000003'; // Rs. 450, 10 % off while its sale runs
const KARNALI_BLUES = '0f0e0000-0000-4000-8000-000000000001'; // Rs. 650, 15 % off

let dataDir = '';
let server: ServerProcess | undefined;
let browser: Browser | undefined;
const env = () => ({ DATA_DIR: dataDir, PUSTAK_JWT_SECRET: 'e2e-secret-that-is-long-enough-12345678' });
const args = () => ['--web-dist', inject('webDist')];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pustak-e2e-server-'));
  server = await startServerProcess({ env: env(), args: args() });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const pages: WatchedPage[] = [];
reportPagesOnFailure(() => pages);

async function newPage(): Promise<Page> {
  const context = await browser!.newContext({ baseURL: server!.url, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  pages.push(await watchPage(page));
  return page;
}

async function api<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const reply = await fetch(`${server!.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  return reply.json() as Promise<T>;
}
const adminToken = async () => (await api<{ token: string }>('/api/auth/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'pustak123' }) })).token;

async function signIn(page: Page, username: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Login successful').first().waitFor();
}

it('register, buy, verify at pickup, review, count the revenue, survive a restart', async () => {
  const revenueBefore = (await api<{ totalRevenue: number }>('/api/dashboard/all', {}, await adminToken())).totalRevenue;

  // ---- a new customer registers with the code from the dev outbox and signs in ----
  const customer = await newPage();
  await customer.goto('/');
  await customer.getByRole('button', { name: 'Open account panel' }).click();
  await customer.getByRole('dialog', { name: 'Your account' }).getByRole('button', { name: 'Sign in', exact: true }).click();
  await customer.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Create an account' }).click();
  const signUp = customer.getByRole('dialog', { name: 'Sign Up' });
  await signUp.getByLabel('Email').fill('kamala@example.com');
  await signUp.getByLabel('Username').fill('kamala');
  await signUp.getByLabel('Password', { exact: true }).fill('Sagarmatha#8848');
  await signUp.getByLabel('Confirm password').fill('Sagarmatha#8848');
  await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const verify = customer.getByRole('dialog', { name: 'Verify Email' });
  await verify.waitFor();
  const outbox = await api<{ text: string }[]>('/__dev/outbox?to=kamala@example.com');
  const code = /Your OTP is (\d{5})/.exec(outbox.at(-1)?.text ?? '')?.[1];
  expect(code).toMatch(/^\d{5}$/);
  await verify.getByLabel('Verification code').fill(code!);
  await verify.getByRole('button', { name: 'Verify', exact: true }).click();
  await customer.getByText('User verified successfully').first().waitFor();
  await signIn(customer, 'kamala', 'Sagarmatha#8848');

  // ---- two books into the cart, then the order and its claim code ----
  for (const bookId of [MUNA_MADAN, KARNALI_BLUES]) {
    await customer.goto(`/bookDetails/${bookId}`);
    await customer.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await customer.getByText('Added to Cart').first().waitFor();
  }
  await customer.goto('/cart');
  await expect.poll(() => customer.getByRole('region', { name: 'Items in your cart' }).getByRole('listitem').count()).toBe(2);
  // The cart shows what the server charges: 405.00 + 552.50, both sales running (the subtotal and,
  // with no cart discount, the total below it, the last figure).
  const cartTotal = customer.getByRole('region', { name: 'Order Summary' }).getByText('Rs. 957.50', { exact: true }).last();
  await expect.poll(() => cartTotal.isVisible()).toBe(true);
  await customer.getByRole('button', { name: 'Place Order' }).click();
  const placed = customer.getByRole('dialog', { name: 'Order placed' });
  await placed.waitFor();
  await expect.poll(() => placed.getByText('Rs. 957.50', { exact: true }).last().isVisible()).toBe(true);
  // The same code the confirmation e-mail carries is on screen.
  const mails = await api<{ subject: string; text: string }[]>('/__dev/outbox?to=kamala@example.com');
  const claimCode = /claim code is ([0-9A-F]{8})/.exec(mails.at(-1)?.text ?? '')?.[1];
  expect(claimCode).toMatch(/^[0-9A-F]{8}$/);
  await expect.poll(() => placed.getByText(claimCode!).isVisible()).toBe(true);
  await screenshot(customer, 'server-order-placed');
  await placed.getByRole('button', { name: 'Done' }).click();

  // ---- staff verify it at pickup ----
  const staff = await newPage();
  await staff.goto('/staff/orders');
  await signIn(staff, 'staff', 'pustak123');
  await staff.goto('/staff/orders');
  await staff.getByRole('button', { name: /^Verify the order of kamala/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Verify Order' });
  await dialog.getByLabel('Claim code').fill(claimCode!.toLowerCase());
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await staff.getByText('Order verified and stock updated successfully').first().waitFor();

  // ---- the customer sees Completed and can review ----
  await customer.goto('/myOrders');
  const orders = customer.getByRole('list', { name: 'Orders' });
  await expect.poll(() => orders.getByText('Completed').count()).toBe(1);
  await customer.goto(`/bookDetails/${MUNA_MADAN}`);
  await reviewsLoaded(customer);
  await customer.getByRole('radio', { name: '5 stars' }).click();
  await customer.getByRole('textbox', { name: 'Your review' }).fill('Read it aloud to my family; still moving.');
  await customer.getByRole('button', { name: 'Submit Review' }).click();
  await customer.getByText('Review added Successfully;').first().waitFor();
  await customer.getByText('Read it aloud to my family; still moving.').first().waitFor();

  // ---- the admin dashboard counts the revenue: 405 + 552.50 more ----
  const admin = await newPage();
  await admin.goto('/admin');
  await signIn(admin, 'admin', 'pustak123');
  await admin.getByText(formatRevenue(revenueBefore + 405 + 552.5)).first().waitFor();
  await screenshot(admin, 'server-admin-dashboard');

  // ---- a restart keeps the order ----
  const port = server!.port;
  await server!.stop();
  server = await startServerProcess({ env: env(), args: args(), port });
  await customer.goto('/myOrders');
  await expect.poll(() => customer.getByRole('list', { name: 'Orders' }).getByText('Completed').count(), { timeout: 30_000 }).toBe(1);
});
