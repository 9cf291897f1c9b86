// The whole store against the real server (not the mock), in Chromium: a new customer
// registers, reads the one-time code from the dev outbox, verifies, signs in, buys two books
// and sees the claim code; staff verify the order; the customer sees it Completed and reviews
// the book; the admin dashboard counts the revenue; after a server restart the order is still
// there. The server serves the production build of the web app on its own origin. Then a
// customer who forgot the password (issue 29, part 1) sets a new one with the reset code from the
// dev outbox and signs in with it; `npm run screenshots` also saves the new account dialogs and
// the profile's Change password at 1280 and 390 px.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatRevenue } from '@pustak/sdk/domain';
import { startServerProcess, type ServerProcess } from '@pustak/server/test/processes';
import { CHROMIUM_ARGS, DESKTOP, PHONE, type WatchedPage, reportPagesOnFailure, reviewsLoaded, screenshot, takeScreenshots, watchPage } from './harness.js';

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

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser!.newContext({ baseURL: server!.url, viewport, reducedMotion: 'reduce' });
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

/** The newest reset code the dev outbox holds for this address, waited for (it is sent after the answer). */
async function resetCodeFor(email: string, notBefore = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${server!.url}/__dev/outbox?to=${email}`)).json()) as { text: string }[];
      const resets = mails.filter((mail) => /password reset code is/.test(mail.text));
      code = resets.length > notBefore ? /password reset code is (\d{5})/.exec(resets.at(-1)!.text)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{5}$/);
  return code!;
}

async function openSignIn(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open account panel' }).click();
  await page.getByRole('dialog', { name: 'Your account' }).getByRole('button', { name: 'Sign in', exact: true }).click();
  return page.getByRole('dialog', { name: 'Sign In' });
}

it('forgot password: from the Sign In dialog to signing in with the new password, the code read from the dev outbox', async () => {
  const page = await newPage();
  const signIn = await openSignIn(page);
  await signIn.getByLabel('Username').fill('sita');
  await screenshot(page, 'accounts-sign-in', { fullPage: false });
  await signIn.getByRole('button', { name: 'Forgot password?' }).click();

  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await expect.poll(() => forgot.getByLabel('Username or email').inputValue()).toBe('sita');
  await forgot.getByLabel('Username or email').fill('sita@example.com');
  await screenshot(page, 'accounts-forgot-password', { fullPage: false });
  await forgot.getByRole('button', { name: 'Send code' }).click();

  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.waitFor();
  const code = await resetCodeFor('sita@example.com');
  // A wrong code first: the server's message, and everything typed stays.
  const wrong = code === '11111' ? '22222' : '11111';
  await reset.getByLabel('Reset code').fill(wrong);
  await reset.getByLabel('New password', { exact: true }).fill('Annapurna#8091');
  await reset.getByLabel('Confirm new password').fill('Annapurna#8091');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect.poll(() => reset.getByRole('alert').textContent()).toBe('Invalid or expired reset code');
  expect(await reset.getByLabel('New password', { exact: true }).inputValue()).toBe('Annapurna#8091');
  await screenshot(page, 'accounts-reset-password-refused', { fullPage: false });
  await reset.getByLabel('Reset code').fill(code);
  await reset.getByRole('button', { name: 'Set new password' }).click();

  const back = page.getByRole('dialog', { name: 'Sign In' });
  await expect.poll(() => back.getByRole('status').textContent()).toBe('Password reset successfully. You can sign in now.');
  expect(await back.getByLabel('Username').inputValue()).toBe('sita');
  await screenshot(page, 'accounts-sign-in-after-reset', { fullPage: false });
  // The old password no longer works; the new one does.
  await back.getByLabel('Password', { exact: true }).fill('pustak123');
  await back.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect.poll(() => back.getByRole('alert').textContent()).toBe('Failed to Login');
  await back.getByLabel('Password', { exact: true }).fill('Annapurna#8091');
  await back.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Login successful').first().waitFor();
  await expect.poll(() => page.getByRole('dialog', { name: 'Sign In' }).count()).toBe(0);

  if (!takeScreenshots) return;
  // ---- what people look at: the profile's Change password, and the dialogs on a phone ----
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Change password' }).waitFor();
  await screenshot(page, 'accounts-profile');
  const phone = await newPage(PHONE);
  const phoneSignIn = await openSignIn(phone);
  await screenshot(phone, 'accounts-sign-in', { fullPage: false });
  await phoneSignIn.getByRole('button', { name: 'Forgot password?' }).click();
  const phoneForgot = phone.getByRole('dialog', { name: 'Forgot Password' });
  await phoneForgot.getByLabel('Username or email').fill('ram');
  await screenshot(phone, 'accounts-forgot-password', { fullPage: false });
  await phoneForgot.getByRole('button', { name: 'Send code' }).click();
  const phoneReset = phone.getByRole('dialog', { name: 'Reset Password' });
  await phoneReset.getByRole('button', { name: 'Set new password' }).click();
  await screenshot(phone, 'accounts-reset-password-refused', { fullPage: false });
  await phone.getByRole('dialog', { name: 'Reset Password' }).getByRole('button', { name: 'Back to sign in' }).click();
  // An account that never entered its code: Sign In offers the way back to Verify Email.
  await fetch(`${server!.url}/api/Auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'lakpa@example.com', username: 'lakpa', password: 'Sagarmatha#8848', confirmPassword: 'Sagarmatha#8848' }),
  });
  const phoneBack = phone.getByRole('dialog', { name: 'Sign In' });
  await phoneBack.getByLabel('Username').fill('lakpa');
  await phoneBack.getByLabel('Password', { exact: true }).fill('Sagarmatha#8848');
  await phoneBack.getByRole('button', { name: 'Sign In', exact: true }).click();
  await phoneBack.getByRole('button', { name: 'Verify your e-mail' }).waitFor();
  await screenshot(phone, 'accounts-sign-in-unverified', { fullPage: false });
  await phoneBack.getByRole('button', { name: 'Verify your e-mail' }).click();
  await phone.getByRole('dialog', { name: 'Verify Email' }).getByRole('button', { name: 'Send a new code' }).waitFor();
  await screenshot(phone, 'accounts-verify-email', { fullPage: false });
  await phone.keyboard.press('Escape');
  const phoneSignIn2 = await openSignIn(phone);
  await phoneSignIn2.getByLabel('Username').fill('sita');
  await phoneSignIn2.getByLabel('Password', { exact: true }).fill('Annapurna#8091');
  await phoneSignIn2.getByRole('button', { name: 'Sign In', exact: true }).click();
  await phone.getByText('Login successful').first().waitFor();
  await phone.goto('/profile');
  await phone.getByRole('heading', { name: 'Change password' }).waitFor();
  await phone.getByLabel('Current password').fill('wrong-password');
  await phone.getByLabel('New password', { exact: true }).fill('Third#Password3');
  await phone.getByLabel('Confirm new password').fill('Third#Password3');
  await phone.getByRole('button', { name: 'Change password' }).click();
  await expect.poll(() => phone.getByRole('alert').first().textContent()).toBe('Current password is incorrect');
  await screenshot(phone, 'accounts-profile');
});
