// The admin and staff back office in Chromium: signing in through the real dialog, every admin
// page and its writes (the mock is stateless, so a write is checked by the request it sends and
// what the page says), the staff claim-code check, the guard, screenshots at 1280 and 390 px
// and axe on the dashboard, books, a book form and the orders pages.
import { describe, expect, it } from 'vitest';
import { type Locator, type Page, type Request } from 'playwright-core';
import {
  ADMIN,
  CUSTOMER,
  DESKTOP,
  MUNA_MADAN,
  PHONE,
  STAFF,
  expectNoA11yViolations,
  screenshot,
  useBrowserSession,
} from './harness';

const RAM = '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a04';
const RAM_ORDER = '0dde0000-0000-4000-8000-000000000004';
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const session = useBrowserSession({ reuseTabs: true });

function apiRequest(page: Page, method: string, path: string): Promise<Request> {
  return page.waitForRequest((request) => request.method() === method && new URL(request.url()).pathname === `/api${path}`);
}

async function expectCount(locator: Locator, count: number) {
  await expect.poll(() => locator.count(), { timeout: 15_000 }).toBe(count);
}

type SentBody = { method: string; url: string; contentType: string; body: string };

/**
 * Chromium does not hand multipart bodies with file parts to the test, so the page keeps a
 * copy of every API write's bytes (latin1) as the app hands it to fetch.
 */
async function recordWrites(page: Page) {
  await page.addInitScript(() => {
    const sent: SentBody[] = [];
    (window as unknown as { __sentBodies: SentBody[] }).__sentBodies = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method !== 'GET' && new URL(request.url).pathname.startsWith('/api/')) {
        const bytes = new Uint8Array(await request.clone().arrayBuffer());
        let body = '';
        for (const byte of bytes) body += String.fromCharCode(byte);
        sent.push({ method: request.method, url: request.url, contentType: request.headers.get('content-type') ?? '', body });
      }
      return original(request);
    };
  });
}

async function sentBody(page: Page, method: string, path: string): Promise<SentBody> {
  const handle = await page.waitForFunction(
    ([m, p]) =>
      (window as unknown as { __sentBodies: SentBody[] }).__sentBodies.find(
        (entry) => entry.method === m && new URL(entry.url).pathname === `/api${p}`,
      ),
    [method, path] as const,
  );
  return (await handle.jsonValue()) as SentBody;
}

async function heading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

describe('back office: admin', () => {
  it('an admin signs in through the dialog, lands on /admin and reads the dashboard', async () => {
    const page = await session.newPage(DESKTOP);
    // A guest opening /admin is sent home with the sign-in dialog open.
    await page.goto('/admin');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await dialog.getByLabel('Username').fill('admin');
    await dialog.getByLabel('Password', { exact: true }).fill('any-password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin');
    await heading(page, 'Dashboard');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('role'))).toBe('Admin');

    await page.getByText('Welcome back, User').waitFor();
    await page.getByText('Rs.14,815.25').waitFor();
    const stats = page.getByRole('region', { name: 'Store totals' });
    for (const text of ['Total Books', 'Total Orders', 'Total Customers', 'Total Revenue', '27', '14', '73']) {
      await stats.getByText(text, { exact: true }).waitFor();
    }
    await expect.poll(() => page.getByRole('heading', { name: 'Sales Overview' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('[title="Wed: 2 orders"]').isVisible()).toBe(true);
    // The storefront header and footer are not part of the back office.
    await expect.poll(() => page.getByRole('contentinfo').count()).toBe(0);
    await screenshot(page, 'admin-dashboard');
    await expectNoA11yViolations(page, 'dashboard');

    const phone = await session.signedInPage(ADMIN, PHONE);
    await phone.goto('/admin');
    await phone.getByText('Rs.14,815.25').waitFor();
    await screenshot(phone, 'admin-dashboard');
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const drawer = phone.getByRole('dialog', { name: 'Pustak Admin' });
    await drawer.waitFor();
    await screenshot(phone, 'admin-menu');
    await drawer.getByRole('link', { name: 'Books' }).click();
    await phone.waitForURL('**/admin/books');
    await expectCount(drawer, 0);

    // Logout clears the session and goes home.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role'), localStorage.getItem('userId')])).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('books: search, grid and list', async () => {
    const page = await session.signedInPage(ADMIN);
    await page.goto('/admin/books');
    await heading(page, 'Books');
    const grid = page.getByRole('list', { name: 'Books' });
    await expectCount(grid.getByRole('listitem'), 27);
    await screenshot(page, 'admin-books', { images: true });
    await expectNoA11yViolations(page, 'books grid');

    await page.getByRole('searchbox', { name: 'Search books' }).fill('devkota');
    await expectCount(grid.getByRole('heading'), 2);
    await expect.poll(() => grid.getByRole('heading').allTextContents()).toEqual(['Muna Madan', 'Shakuntala']);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    const table = page.getByRole('table');
    await table.waitFor();
    await expectCount(table.getByRole('row'), 3);
    await page.getByRole('searchbox', { name: 'Search books' }).fill('');
    await expectCount(table.getByRole('row'), 28);
    await screenshot(page, 'admin-books-list', { images: true });
    await expectNoA11yViolations(page, 'books list');

    await page.getByRole('searchbox', { name: 'Search books' }).fill('no such book');
    await page.getByText('No books match your search criteria.').waitFor();

    const phone = await session.signedInPage(ADMIN, PHONE);
    await phone.goto('/admin/books');
    await phone.getByRole('list', { name: 'Books' }).waitFor();
    await screenshot(phone, 'admin-books', { images: true });
  });

  it('adds a book with a cover image', async () => {
    const page = await session.signedInPage(ADMIN);
    await recordWrites(page);
    await page.goto('/admin/books');
    await page.getByRole('link', { name: 'Add New Book' }).click();
    await page.waitForURL('**/admin/books/addBooks');
    await heading(page, 'Add Book');

    // Required fields first.
    await page.getByRole('button', { name: 'Add Book' }).click();
    await page.getByText('Title is required').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
    await screenshot(page, 'admin-book-form-errors');

    await page.getByLabel('Title').fill('Seto Bagh');
    await page.getByLabel('Author').fill('Diamond Shumsher Rana');
    await page.getByLabel('Genre').selectOption('History');
    await page.getByLabel('Format').selectOption('Paperback');
    await page.getByLabel('ISBN').fill('978-9937-0-0000-1');
    await page.getByLabel('Language').fill('Nepali');
    await page.getByLabel('Publisher').fill('Sajha Prakashan');
    await page.getByLabel('Publication date').fill('1973-04-14');
    await page.getByLabel('Price (Rs.)').fill('499.50');
    await page.getByLabel('Discount (%)').fill('10');
    await page.getByLabel('Quantity').fill('30');
    await page.getByLabel('Description').fill('A historical novel of the Rana era.');
    await page.getByRole('switch', { name: 'Award winner' }).check({ force: true });
    await page.getByLabel('Choose an image').setInputFiles({ name: 'seto-bagh.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.getByRole('img', { name: 'Preview of the chosen cover' });
    await preview.waitFor();
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'admin-book-form');
    await expectNoA11yViolations(page, 'add book form');

    await page.getByRole('button', { name: 'Add Book' }).click();
    const { body, contentType } = await sentBody(page, 'POST', '/bookcrud/create');
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(body).toContain('name="title"\r\n\r\nSeto Bagh\r\n');
    expect(body).toContain('name="genre"\r\n\r\nHistory\r\n');
    expect(body).toContain('name="price"\r\n\r\n499.5\r\n');
    expect(body).toContain('name="awardWinners"\r\n\r\ntrue\r\n');
    expect(body).toMatch(/name="publicationDate"\r\n\r\n\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\r\n/);
    expect(body).toContain('name="image"; filename="seto-bagh.png"\r\nContent-Type: image/png');
    expect(body).toContain(PNG.toString('latin1'));
    await page.getByText('Book created successfully').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Processing...' }).isDisabled()).toBe(true);
    await page.waitForURL('**/admin/books');

    const phone = await session.signedInPage(ADMIN, PHONE);
    await phone.goto('/admin/books/addBooks');
    await phone.getByLabel('Title').waitFor();
    await screenshot(phone, 'admin-book-form');
  });

  it('edits a book, then adds a timed discount and deletes it from its page', async () => {
    const page = await session.signedInPage(ADMIN);
    await recordWrites(page);
    await page.goto(`/admin/books/view/${MUNA_MADAN}`);
    await heading(page, 'Muna Madan');
    await page.getByText('4.5/5').waitFor();
    await page.getByRole('region', { name: 'Customer Reviews' }).getByText('A timeless epic', { exact: false }).waitFor();
    await screenshot(page, 'admin-book-view');

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/admin/books/edit/${MUNA_MADAN}`);
    await heading(page, 'Edit Book');
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Muna Madan');
    await page.getByText('PNG, JPG, GIF up to 5MB', { exact: false }).waitFor();
    await screenshot(page, 'admin-book-edit');
    await expectNoA11yViolations(page, 'edit book form');
    await page.getByLabel('Price (Rs.)').fill('475.25');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const form = (await sentBody(page, 'PUT', `/bookcrud/updatebook/${MUNA_MADAN}`)).body;
    expect(form).toContain('name="price"\r\n\r\n475.25\r\n');
    // No new cover: the image part is empty, which keeps the old one.
    expect(form).toMatch(/name="image"; filename=""\r\nContent-Type: application\/octet-stream\r\n\r\n\r\n/);
    await page.getByText('Book updated successfully').waitFor();
    await page.waitForURL(`**/admin/books/view/${MUNA_MADAN}`);

    await page.getByRole('button', { name: 'Add Timed Discount' }).click();
    const offer = page.getByRole('dialog', { name: 'Add Special Offer' });
    await offer.waitFor();
    await offer.getByLabel('Discount (%)').fill('15');
    await offer.getByLabel('Start').fill('2026-12-01T09:00');
    await offer.getByLabel('End').fill('2026-12-31T18:30');
    await screenshot(page, 'admin-discount-dialog');
    await offer.getByRole('button', { name: 'Save Offer' }).click();
    const discount = JSON.parse((await sentBody(page, 'PUT', `/bookcrud/discountOffer/${MUNA_MADAN}`)).body);
    expect(discount).toMatchObject({ Discount: 15, IsOnSale: true });
    expect(new Date(discount.StartTime).getTime()).toBeLessThan(new Date(discount.EndTime).getTime());
    await page.getByText('Discount added successfully').waitFor();
    await expectCount(offer, 0);

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete book' });
    await confirm.getByText('Are you sure you want to delete this book? This action cannot be undone.').waitFor();
    const deleted = apiRequest(page, 'DELETE', `/bookcrud/deletebook/${MUNA_MADAN}`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await deleted;
    await page.waitForURL('**/admin/books');

    const phone = await session.signedInPage(ADMIN, PHONE);
    await phone.goto(`/admin/books/view/${MUNA_MADAN}`);
    await phone.getByText('4.5/5').waitFor();
    await screenshot(phone, 'admin-book-view', { images: true });
  });

  it('orders: a page of every order, with actions that save (Mark ready, Cancel with a reason) and the order view', async () => {
    const page = await session.signedInPage(ADMIN);
    await page.goto('/admin/orders');
    await heading(page, 'All Orders');
    const table = page.getByRole('table');
    await expectCount(table.getByRole('row'), 11);
    await page.getByText('Showing 1–10 of 14 orders').waitFor();
    await screenshot(page, 'admin-orders');
    await expectNoA11yViolations(page, 'admin orders');
    const readied = apiRequest(page, 'PUT', '/staff/readyOrder/0dde0000-0000-4000-8000-000000000006');
    await table.getByRole('button', { name: /^Mark ready the order of hari/ }).click();
    await readied;
    await page.getByText('Order is ready for pickup').waitFor();
    await table.getByRole('button', { name: /^View the order of ram on 20 November 2026/ }).click();
    const view = page.getByRole('dialog', { name: 'Order by ram' });
    await view.getByRole('list', { name: 'Order history' }).waitFor();
    await screenshot(page, 'admin-order-view');
    await expectNoA11yViolations(page, 'admin order view');

    const phone = await session.signedInPage(ADMIN, PHONE);
    await phone.goto('/admin/orders');
    await phone.getByRole('table').waitFor();
    await screenshot(phone, 'admin-orders');
    // The table scrolls inside its region; the page itself does not scroll sideways.
    await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("users and staff: pages, and changing a user's role", async () => {
    const page = await session.signedInPage(ADMIN);
    await page.goto('/admin/users');
    await heading(page, 'Users');
    await page.getByText('Showing 1–10 of 73 users').waitFor();
    await screenshot(page, 'admin-users');

    const listed = apiRequest(page, 'GET', '/user/getallusers');
    await page.getByRole('button', { name: 'Page 3' }).click();
    expect(new URL((await listed).url()).searchParams.get('page')).toBe('3');

    await page.getByLabel('New role for ram').selectOption('Staff');
    const changed = apiRequest(page, 'PUT', `/user/updaterole/${RAM}`);
    await page.getByRole('button', { name: 'Update role of ram' }).click();
    expect((await changed).postData()).toBe('"Staff"');
    await page.getByText('ram is now Staff.').waitFor();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
    await heading(page, 'Staff');
    await page.getByText('Showing 1–3 of 3 staff members').waitFor();
    await screenshot(page, 'admin-staff');

    const phone = await session.signedInPage(ADMIN, PHONE);
    await phone.goto('/admin/users');
    await phone.getByText('Showing 1–10 of 73 users').waitFor();
    await screenshot(phone, 'admin-users');
    await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('banners: status per banner, create one and preview it', async () => {
    const page = await session.signedInPage(ADMIN);
    await page.goto('/admin/banners');
    await heading(page, 'Banners');
    const rows = page.getByRole('table').getByRole('row');
    await expectCount(rows, 6);
    await expect.poll(() => rows.nth(1).getByText('Active', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => rows.nth(2).getByText('Scheduled', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => rows.nth(3).getByText('Expired', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'admin-banners');

    await page.getByRole('button', { name: 'Add Banner' }).click();
    const editor = page.getByRole('dialog', { name: 'Add Banner' });
    await editor.waitFor();
    await editor.getByLabel('Message').fill('Winter reading week: 20% off poetry');
    await editor.getByText('Purple', { exact: true }).click();
    await expect.poll(() => editor.getByRole('radio', { name: 'Purple' }).isChecked()).toBe(true);
    const previewLink = editor.locator('a', { hasText: 'Winter reading week: 20% off poetry' });
    await expect.poll(() => previewLink.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe('rgb(124, 58, 237)');
    await screenshot(page, 'admin-banner-editor');
    const created = apiRequest(page, 'POST', '/announcement/addAnnouncement');
    await editor.getByRole('button', { name: 'Add Banner' }).click();
    const banner = (await created).postDataJSON();
    expect(banner).toMatchObject({ Message: 'Winter reading week: 20% off poetry', IsPinned: true, Color: 'Purple', TextColor: '#ffffff' });
    const days = (new Date(banner.EndTime).getTime() - new Date(banner.StartTime).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    await page.getByText('Announcement created successfully').waitFor();

    await page.getByRole('button', { name: /^Preview: Dashain/ }).click();
    const preview = page.getByRole('dialog', { name: 'Banner preview' });
    await preview.waitFor();
    await expect.poll(() => preview.getByText('Shop now').isVisible()).toBe(true);
    await screenshot(page, 'admin-banner-preview');
    await preview.getByRole('button', { name: 'Close' }).click();

    const pinned = apiRequest(page, 'PUT', '/announcement/update/ba770000-0000-4000-8000-000000000004');
    await page.getByRole('switch', { name: /^Pinned: Free delivery/ }).click({ force: true });
    expect((await pinned).postDataJSON()).toMatchObject({ IsPinned: true, Color: 'Yellow', TextColor: '#1f2937' });

    const phone = await session.signedInPage(ADMIN, PHONE);
    await phone.goto('/admin/banners');
    await phone.getByRole('table').waitFor();
    await screenshot(phone, 'admin-banners');
  });
});

describe('back office: staff', () => {
  it('a staff member signs in, lands on /staff and verifies an order by claim code', async () => {
    const page = await session.newPage(DESKTOP);
    await page.goto('/staff');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    await dialog.getByLabel('Username').fill('staff');
    await dialog.getByLabel('Password', { exact: true }).fill('counter');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/staff');
    await heading(page, 'Dashboard');
    await page.getByText('3 orders need verification').waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Staff' }).getByRole('link').allTextContents()).toEqual(['Dashboard', 'Orders']);
    await screenshot(page, 'staff-dashboard');

    await page.getByRole('link', { name: 'Go to orders' }).click();
    await page.waitForURL('**/staff/orders');
    await heading(page, 'Orders');
    const table = page.getByRole('table');
    await expectCount(table.getByRole('button', { name: /^Verify/ }), 3);
    await screenshot(page, 'staff-orders');
    await expectNoA11yViolations(page, 'staff orders');

    await table.getByRole('button', { name: /^Verify the order of ram/ }).click();
    const verify = page.getByRole('dialog', { name: 'Verify Order' });
    await verify.waitFor();
    await verify.getByRole('button', { name: 'Verify' }).click();
    await verify.getByText('Claim code is required').waitFor();
    await verify.getByLabel('Claim code').fill('7f3a9c21');
    await screenshot(page, 'staff-verify');
    const sent = apiRequest(page, 'PUT', `/staff/verifyOrder/${RAM_ORDER}`);
    const refreshed = apiRequest(page, 'GET', '/order/search');
    await verify.getByRole('button', { name: 'Verify' }).click();
    expect((await sent).postDataJSON()).toEqual({ ClaimCode: '7F3A9C21', PaymentMethod: 'Cash' });
    await page.getByText('Order verified and stock updated successfully').waitFor();
    await expectCount(verify, 0);
    await refreshed;

    const phone = await session.signedInPage(STAFF, PHONE);
    await phone.goto('/staff');
    await phone.getByText('3 orders need verification').waitFor();
    await screenshot(phone, 'staff-dashboard');
    await phone.goto('/staff/orders');
    await phone.getByRole('table').waitFor();
    await screenshot(phone, 'staff-orders');
  });
});

describe('back office: guard', () => {
  it('sends a customer who opens /admin to /', async () => {
    const page = await session.signedInPage(CUSTOMER);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
  });
});
