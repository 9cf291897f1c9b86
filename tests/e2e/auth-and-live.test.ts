// The storefront chrome in Chromium, used the way a visitor uses it: sign up, verify and sign
// in through the account panel; sign-in failure; the guards and the role redirect; live
// notifications from the mock hub (toast queue, bell list, reconnect); dialogs behaving as
// modal dialogs; the Books dropdown, the bell and the mobile menu; the 404 page. Screenshots
// at 390 and 1280 px (test-results/screenshots/chrome-*) and axe on the dialog, 404 and /contact.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  ADMIN,
  CUSTOMER as SITA,
  DESKTOP,
  PHONE,
  STAFF,
  expectNoA11yViolations,
  presetSession,
  screenshot,
  useBrowserSession,
  broadcastLive,
  settled,
  watchHub,
} from './harness';

/** user.id of the mock's registerUser success example. */
const NEW_USER_ID = '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a20';
const WIDTHS = [
  ['1280', DESKTOP],
  ['390', PHONE],
] as const;

const session = useBrowserSession({ reuseTabs: true });

/**
 * Saves test-results/screenshots/chrome-<name>-<width>.png. Overlays (dialogs, drawers, menus,
 * toasts) are shot as the viewport shows them; pages as a full page after their images load.
 */
async function shot(page: Page, name: string, { fullPage = false } = {}) {
  await screenshot(page, `chrome-${name}`, { fullPage, images: fullPage });
}

const stored = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role'), localStorage.getItem('userId')]);

const pathname = (page: Page) => new URL(page.url()).pathname;

/** A description of the focused element: its accessible-ish name, or where it lives. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
    return el.getAttribute('aria-label') ?? label ?? el.textContent?.trim() ?? el.tagName;
  });

const focusInside = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));

async function h1(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

async function openAccountPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open account panel' }).click();
  const panel = page.getByRole('dialog', { name: 'Your account' });
  await panel.waitFor();
  return panel;
}

// ---------------------------------------------------------------------------------------------
// The live hub (mock gateway controls, called from Node like a server would push)

async function hubClients(): Promise<number> {
  const reply = await fetch(`${session.mockUrl}/__mock/health`);
  const body = (await reply.json()) as { clients: number };
  return body.clients;
}

const broadcast = (sender: string, text: string) => broadcastLive(session.mockUrl, sender, text);

async function waitForHandshakes(hub: { handshakes: number }, count: number) {
  await expect.poll(() => hub.handshakes, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  await expect.poll(hubClients, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
}

// ---------------------------------------------------------------------------------------------

describe('auth through the dialogs', () => {
  it.each(WIDTHS)('at %s px: sign up, verify the e-mail, sign in as sita, then sign out', async (_, viewport) => {
    const page = await session.newPage(viewport);
    await page.goto('/contact');
    await h1(page, 'Contact Us');

    // Guest panel: Guest User and a Sign in button.
    let panel = await openAccountPanel(page);
    await panel.getByText('Guest User', { exact: true }).waitFor();
    await shot(page, 'account-guest');
    await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
    await panel.waitFor({ state: 'detached' });

    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.waitFor();
    await shot(page, 'sign-in');
    await signIn.getByRole('button', { name: 'Create an account' }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign Up' });
    await signUp.waitFor();
    // The link that had focus is gone; focus lands on the new form's first field.
    await expect.poll(() => focused(page)).toBe('Email');

    // Empty submit: every field says what it needs, and nothing is sent.
    const registers: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/Auth/register') registers.push(request.postData() ?? '');
    });
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    for (const message of ['Email is required', 'Username is required', 'Password is required', 'Please confirm your password']) {
      await signUp.getByText(message, { exact: true }).waitFor();
    }
    const email = signUp.getByLabel('Email');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    // The keyboard lands on the first field to fix.
    await expect.poll(() => focused(page)).toBe('Email');
    await shot(page, 'sign-up-errors');

    // An address that is not e-mail shaped.
    await email.fill('anita-at-example');
    await signUp.getByLabel('Username').fill('anita');
    await signUp.getByLabel('Password', { exact: true }).fill('Sagarmatha#8848');
    await signUp.getByLabel('Confirm password').fill('Sagarmatha#8848');
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await signUp.getByText('Enter a valid email address', { exact: true }).waitFor();
    await expect.poll(() => signUp.getByText('Username is required').count()).toBe(0);
    expect(registers).toEqual([]);

    // The password toggle shows what was typed.
    const password = signUp.getByLabel('Password', { exact: true });
    await expect.poll(() => password.getAttribute('type')).toBe('password');
    await signUp.getByRole('button', { name: 'Show password' }).first().click();
    await expect.poll(() => password.getAttribute('type')).toBe('text');

    // A valid form registers and opens Verify Email for the new account.
    await email.fill('anita@example.com');
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const verify = page.getByRole('dialog', { name: 'Verify Email' });
    await verify.waitFor();
    await expect.poll(() => focused(page)).toBe('Verification code');
    expect(registers.map((body) => JSON.parse(body))).toEqual([
      { email: 'anita@example.com', username: 'anita', password: 'Sagarmatha#8848', confirmPassword: 'Sagarmatha#8848' },
    ]);
    await page.getByText('User registered successfully').waitFor();

    // The code is required; then a 5-digit code verifies THIS user and Sign In opens.
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    await verify.getByText('Verification code is required', { exact: true }).waitFor();
    await shot(page, 'verify');
    const code = verify.getByLabel('Verification code');
    await code.fill('48213');
    const verifyRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/verify' && r.method() === 'PUT');
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    expect((await verifyRequest).postDataJSON()).toEqual({ VerificationCode: '48213', Id: NEW_USER_ID });
    await signIn.waitFor();
    await expect.poll(() => verify.count()).toBe(0);
    // Sign In opens with the new account's name filled in, so the cursor waits in Password.
    await expect.poll(() => signIn.getByLabel('Username').inputValue()).toBe('anita');
    await expect.poll(() => focused(page)).toBe('Password');
    await page.getByText('User verified successfully').waitFor();

    // Sign in as sita: the session is stored, the dialog closes, the customer stays on the page.
    await signIn.getByLabel('Username').fill('sita');
    await signIn.getByLabel('Password', { exact: true }).fill('Sagarmatha#8848');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signIn.waitFor({ state: 'detached' });
    await expect.poll(() => stored(page)).toEqual([SITA.token, 'User', SITA.userId]);
    expect(pathname(page)).toBe('/contact');
    await page.getByText('Login successful').waitFor();
    // The header's account button now shows the initial.
    await expect.poll(() => page.getByRole('button', { name: 'Open account panel' }).textContent()).toBe('s');

    panel = await openAccountPanel(page);
    await panel.getByText('sita', { exact: true }).waitFor();
    await panel.getByText('sita@example.com', { exact: true }).waitFor();
    await expect.poll(() => panel.getByText('Guest User').count()).toBe(0);
    for (const [name, href] of [
      ['My Profile', '/profile'],
      ['My Orders', '/myOrders'],
      ['Wishlist', '/wishlist'],
      ['Cart', '/cart'],
    ]) {
      await expect.poll(() => panel.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await shot(page, 'account-signed-in');
    await expectNoA11yViolations(page, 'account panel');

    await panel.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => stored(page)).toEqual([null, null, null]);
    panel = await openAccountPanel(page);
    await panel.getByText('Guest User', { exact: true }).waitFor();
  });

  it('a wrong password shows Failed to Login and keeps the typed username', async () => {
    const page = await session.newPage();
    await page.goto('/contact');
    await (await openAccountPanel(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();

    // Both fields are required before anything is sent.
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.getByText('Username is required', { exact: true }).waitFor();
    await dialog.getByText('Password is required', { exact: true }).waitFor();
    await expect.poll(() => focused(page)).toBe('Username');

    await dialog.getByLabel('Username').fill('sita');
    await dialog.getByLabel('Password', { exact: true }).fill('wrong');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Failed to Login' }).waitFor();
    // The server's own reply comes as a warning toast.
    await page.getByText('Invalid username or password').waitFor();
    await expect.poll(() => dialog.getByLabel('Username').inputValue()).toBe('sita');
    await expect.poll(() => dialog.getByRole('button', { name: 'Sign In', exact: true }).isEnabled()).toBe(true);
    await expect.poll(() => stored(page)).toEqual([null, null, null]);
    await shot(page, 'sign-in-failed');

    // Fixing the password succeeds from the same dialog.
    await dialog.getByLabel('Password', { exact: true }).fill('right');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => stored(page)).toEqual([SITA.token, 'User', SITA.userId]);
  });

  it('an admin signing in on the storefront is sent to /admin', async () => {
    const page = await session.newPage();
    await page.goto('/books');
    await (await openAccountPanel(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Username').fill('admin');
    await dialog.getByLabel('Password', { exact: true }).fill('Sagarmatha#8848');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect.poll(() => stored(page)).toEqual([ADMIN.token, 'Admin', ADMIN.userId]);
    await expect.poll(() => dialog.count()).toBe(0);
    // The storefront chrome is gone in the back office.
    await expect.poll(() => page.getByRole('button', { name: 'Open account panel' }).count()).toBe(0);
  });

  it('a guest opening /cart, /wishlist or /myOrders lands on / with the Sign In dialog open', async () => {
    const page = await session.newPage();
    for (const path of ['/cart', '/wishlist', '/myOrders']) {
      const requests: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/(addToCart|book\/getWishlist|order\/userOrder)/.test(request.url())) requests.push(request.url());
      });
      await page.goto(path);
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      await dialog.waitFor();
      expect(pathname(page), path).toBe('/');
      await expect.poll(() => focusInside(dialog)).toBe(true);
      // The guarded page never asked for the customer's data.
      expect(requests, path).toEqual([]);
    }
  });

  it('a stored Admin or Staff role on a storefront URL is moved to its own area on load', async () => {
    const admin = await session.newPage();
    await presetSession(admin, ADMIN);
    await admin.goto('/books');
    await admin.waitForURL((url) => url.pathname === '/admin');
    await h1(admin, 'Dashboard');

    const staff = await session.newPage();
    await presetSession(staff, STAFF);
    await staff.goto('/contact');
    await staff.waitForURL((url) => url.pathname === '/staff');

    // A customer stays where they are.
    const customer = await session.newPage();
    await presetSession(customer, SITA);
    await customer.goto('/contact');
    await h1(customer, 'Contact Us');
    expect(pathname(customer)).toBe('/contact');
  });
});

describe('live notifications', () => {
  it('a broadcast shows as a toast, queued messages follow in order, the bell lists them, and it survives a dropped connection', async () => {
    const page = await session.newPage();
    const hub = watchHub(page);
    await page.clock.install();
    await page.goto('/');
    await waitForHandshakes(hub, 1);
    await settled(page);
    // From here the page's clock is paused and moved on by hand: how long a toast stays is
    // measured in the page's time, whatever the machine is doing.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

    const toast = page.locator('[role="status"][aria-live="polite"]');
    await expect(broadcast('Admin', 'New book added! Palpasa Cafe')).resolves.toBeGreaterThanOrEqual(1);
    await expect.poll(() => toast.textContent()).toBe('Admin: New book added! Palpasa Cafe');
    await expect.poll(() => toast.getByText('New book added! Palpasa Cafe').isVisible()).toBe(true);
    await shot(page, 'toast');
    // Each toast stays 3 s, then the region empties.
    await page.clock.runFor(2_900);
    expect(await toast.textContent()).toBe('Admin: New book added! Palpasa Cafe');
    await page.clock.runFor(100);
    await expect.poll(() => toast.textContent()).toBe('');

    // Two in quick succession: the second waits until the first has had its 3 s.
    await broadcast('Admin', 'New book added! Muna Madan');
    await broadcast('Purchased Book', 'sita has purchased the book ');
    await expect.poll(() => toast.textContent()).toBe('Admin: New book added! Muna Madan');
    await page.clock.runFor(2_900);
    expect(await toast.textContent()).toBe('Admin: New book added! Muna Madan');
    await page.clock.runFor(100);
    await expect.poll(() => toast.textContent()).toBe('Purchased Book: sita has purchased the book ');
    await page.clock.runFor(3_000);
    await expect.poll(() => toast.textContent()).toBe('');
    await page.clock.resume();

    // The bell's list has the live messages on top of the server's.
    await page.getByRole('button', { name: 'Notifications' }).click();
    const list = page.getByRole('region', { name: 'Notifications list' });
    await list.waitFor();
    const items = list.getByRole('listitem');
    await expect.poll(() => items.first().textContent()).toContain('sita has purchased the book');
    await expect.poll(() => items.nth(1).textContent()).toContain('New book added! Muna Madan');
    await expect.poll(() => items.nth(2).textContent()).toContain('New book added! Palpasa Cafe');
    await page.keyboard.press('Escape');

    // The server drops every connection; the client reconnects by itself and still hears it.
    const drop = await fetch(`${session.mockUrl}/__mock/drop`, { method: 'POST' });
    expect(((await drop.json()) as { dropped: number }).dropped).toBeGreaterThanOrEqual(1);
    await waitForHandshakes(hub, 2);
    await expect(broadcast('Admin', 'New book added! Karnali Blues')).resolves.toBeGreaterThanOrEqual(1);
    await expect.poll(() => toast.textContent()).toBe('Admin: New book added! Karnali Blues');

    // The same toast on a phone.
    const phone = await session.newPage(PHONE);
    const phoneHub = watchHub(phone);
    await phone.goto('/');
    await waitForHandshakes(phoneHub, 1);
    await broadcast('Admin', 'New book added! Palpasa Cafe');
    const phoneToast = phone.locator('[role="status"][aria-live="polite"]');
    await expect.poll(() => phoneToast.textContent()).toBe('Admin: New book added! Palpasa Cafe');
    await shot(phone, 'toast');
  });
});

describe('dialogs, menus and pages', () => {
  it('the Sign In dialog is modal: focus moves in, Tab stays inside, Escape closes and focus returns', async () => {
    const page = await session.newPage();
    await page.goto('/profile');
    await h1(page, 'My Profile');

    // Opened from the guest profile's own Sign in button.
    const opener = page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getAttribute('aria-modal')).toBe('true');
    await expect.poll(() => focused(page)).not.toBe('body');
    await expect.poll(() => focusInside(dialog)).toBe(true);
    // Fifteen Tabs cycle through the few controls without ever leaving the dialog.
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      await expect.poll(() => focusInside(dialog), { message: `after Tab ${i + 1}` }).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusInside(dialog)).toBe(true);
    await expectNoA11yViolations(page, 'Sign In dialog');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // Opened from the account panel: focus goes back to the header's account button.
    await (await openAccountPanel(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.waitFor();
    await expect.poll(() => focusInside(dialog)).toBe(true);
    // Switching Sign In -> Sign Up keeps one dialog; Escape still returns focus to the opener.
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign Up' });
    await signUp.waitFor();
    await expect.poll(() => focusInside(signUp)).toBe(true);
    await signUp.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.waitFor();
    await expect.poll(() => focusInside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Open account panel');

    // The close button closes it too.
    await (await openAccountPanel(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A guest can go straight to Sign Up from the panel.
    await (await openAccountPanel(page)).getByRole('button', { name: 'Create an account' }).click();
    await signUp.waitFor();
    await expect.poll(() => focusInside(signUp)).toBe(true);
    await page.keyboard.press('Escape');
    await signUp.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Open account panel');
  });

  it.each(WIDTHS)('at %s px: /contact, a category page and the guest and signed-in profile render', async (_, viewport) => {
    const page = await session.newPage(viewport);
    await page.goto('/contact');
    await h1(page, 'Contact Us');
    await shot(page, 'contact', { fullPage: true });
    await page.goto('/category/fiction');
    await h1(page, 'Fiction');
    await shot(page, 'category', { fullPage: true });
    await expect.poll(() => page.getByRole('link', { name: /fiction books$/ }).getAttribute('href')).toBe('/books?genre=Fiction');
    await page.goto('/profile');
    await h1(page, 'My Profile');
    await page.getByText("You're browsing as a guest").waitFor();
    await shot(page, 'profile-guest', { fullPage: true });

    const signedIn = await session.newPage(viewport);
    await presetSession(signedIn, SITA);
    await signedIn.goto('/profile');
    await h1(signedIn, 'My Profile');
    await signedIn.getByText('sita@example.com').waitFor();
    await shot(signedIn, 'profile', { fullPage: true });
  });

  it('the Books dropdown opens from the keyboard, links the four categories and keeps dead entries inert', async () => {
    const page = await session.newPage();
    await page.goto('/contact');
    await h1(page, 'Contact Us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const books = nav.getByRole('button', { name: 'Books' });
    await expect.poll(() => books.getAttribute('aria-expanded')).toBe('false');

    await books.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => books.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`#${await books.getAttribute('aria-controls')}`);
    await expect.poll(() => menu.isVisible()).toBe(true);
    const categories = menu.getByRole('link');
    await expect.poll(() => categories.evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['Fiction', '/category/fiction'],
      ['Non-Fiction', '/category/non-fiction'],
      ['Children', '/category/children'],
      ['Academic', '/category/academic'],
    ]);
    // Dead entries are shown but are neither links nor focusable, and clicking does nothing.
    const dead = menu.getByText('Top 100', { exact: true });
    await expect.poll(() => dead.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => dead.evaluate((el) => el.closest('a') === null && (el as HTMLElement).tabIndex < 0)).toBe(true);
    await dead.click();
    expect(pathname(page)).toBe('/contact');
    await shot(page, 'books-menu');

    // Tab moves into the links; Escape closes and puts focus back on the button.
    await books.focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('Fiction');
    await page.keyboard.press('Escape');
    await expect.poll(() => books.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect.poll(() => focused(page)).toBe('Books');

    // Space opens it too; Tab to Non-Fiction and Enter follows the link.
    await page.keyboard.press('Space');
    await expect.poll(() => books.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('Non-Fiction');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/category/non-fiction');
    await h1(page, 'Non-Fiction');
    await expect.poll(() => books.getAttribute('aria-expanded')).toBe('false');

    // A click outside closes it.
    await books.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    // (The open panel covers the page's heading; the far left edge of the page is clear.)
    await page.mouse.click(4, DESKTOP.height - 120);
    await expect.poll(() => menu.isVisible()).toBe(false);
  });

  it.each(WIDTHS)('at %s px: the home header and banner, the Books menu, the bell list (scrolling) and the mobile menu', async (width, viewport) => {
    const page = await session.newPage(viewport);
    await page.goto('/');
    const banner = page.getByRole('link', { name: /Shop now/ });
    await banner.waitFor();
    await expect.poll(() => banner.getAttribute('href')).toBe('/shop');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, 'home-top');

    if (width === '1280') {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Books' }).click();
      await shot(page, 'books-menu-home');
      await page.keyboard.press('Escape');
    }

    // The bell: a disclosure whose list scrolls once it is long.
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    await expect.poll(() => bell.getAttribute('aria-expanded')).toBe('true');
    const list = page.getByRole('region', { name: 'Notifications list' });
    await list.getByRole('listitem').first().waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(9);
    const scroller = list.getByRole('list');
    const box = await scroller.evaluate((el) => ({
      overflowY: getComputedStyle(el).overflowY,
      scrollable: el.scrollHeight > el.clientHeight,
      height: el.clientHeight,
    }));
    expect(box.overflowY).toBe('auto');
    expect(box.scrollable).toBe(true);
    expect(box.height).toBeLessThanOrEqual(260);
    // The whole panel lies inside the viewport.
    const panelBox = await list.boundingBox();
    expect(panelBox).not.toBeNull();
    expect(panelBox!.x).toBeGreaterThanOrEqual(0);
    expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(viewport.width);
    await shot(page, 'bell');
    // Keyboard users can reach the list and scroll it.
    await page.keyboard.press('Tab');
    await expect.poll(() => scroller.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expectNoA11yViolations(page, `bell list at ${width} px`);
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('Notifications');

    if (width === '390') {
      // On a phone the main links live in the menu drawer.
      await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor();
      await expect.poll(() => focusInside(drawer)).toBe(true);
      for (const name of ['Home', 'All Books', 'New Arrivals', 'Best Selling', 'Deal of the Day', 'Contact', 'Fiction', 'Academic']) {
        await expect.poll(() => drawer.getByRole('link', { name, exact: true }).isVisible(), { message: name }).toBe(true);
      }
      await shot(page, 'mobile-menu');
      await expectNoA11yViolations(page, 'mobile menu');
      await drawer.getByRole('link', { name: 'Children', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/category/children');
      await drawer.waitFor({ state: 'detached' });
      await h1(page, "Children's Books");
    } else {
      await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    }
  });

  it.each(WIDTHS)('at %s px: an unknown path shows the not-found page', async (width, viewport) => {
    const page = await session.newPage(viewport);
    const response = await page.goto('/no-such-shelf/here');
    expect(response?.ok()).toBe(true);
    await h1(page, 'Page not found');
    await expect.poll(() => page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    // The storefront chrome stays around it.
    await expect.poll(() => page.getByRole('contentinfo').isVisible()).toBe(true);
    await shot(page, 'not-found', { fullPage: true });
    if (width === '1280') {
      await expectNoA11yViolations(page, '404');
      await page.goto('/category/poetry');
      await h1(page, 'Page not found');
      await page.goto('/contact');
      await h1(page, 'Contact Us');
      await expectNoA11yViolations(page, '/contact');
    }
  });
});
