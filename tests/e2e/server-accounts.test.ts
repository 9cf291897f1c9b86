// A customer who forgot the password, against the real server in Chromium (issue 29, part 1):
// from the Sign In dialog to Forgot Password, the reset code read from the dev outbox, a new
// password, back to Sign In with the success message, and signing in with the new password
// (the old one refused). `npm run screenshots` also saves the new dialogs and the profile's
// Change password at 1280 and 390 px.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '@pustak/server/test/processes';
import { CHROMIUM_ARGS, DESKTOP, PHONE, type WatchedPage, reportPagesOnFailure, screenshot, takeScreenshots, watchPage } from './harness.js';

let dataDir = '';
let server: ServerProcess | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pustak-e2e-accounts-'));
  server = await startServerProcess({ env: { DATA_DIR: dataDir, PUSTAK_JWT_SECRET: 'e2e-secret-that-is-long-enough-12345678' }, args: ['--web-dist', inject('webDist')] });
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
