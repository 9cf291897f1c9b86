// Issue 30, part 3, in Chromium against the real server: an order is handed over at the counter
// (through the API: the counter's page is another part's), and the admin sees the sale in
// today's report at /admin/reports, with no axe violation at 390 and 1280 px, and downloads the
// orders' CSV with the right columns (fetched with the admin's token, saved by the browser).
// `npm run screenshots` saves the page at both widths.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { IDS, newCustomer } from '@pustak/server/test/helpers';
import { DESKTOP, PHONE, type WatchedPage, expectNoA11yViolations, presetSession, reportPagesOnFailure, screenshot, settled, useRealServerAndBrowser, watchPage } from './harness.js';

const real = useRealServerAndBrowser();
const pages: WatchedPage[] = [];
reportPagesOnFailure(() => pages);

const ORDER_COLUMNS = 'order_id,handed_over_at,handover_date,handed_over_by,payment_method,customer,book_id,isbn,title,genre,quantity,list_unit_price,unit_price,line_list_total,line_revenue,line_discount,order_total';

describe('the sales report', () => {
  it("shows an order handed over today in today's report, and downloads the orders' CSV with the right columns", async () => {
    const t = real.server();
    // ---- a customer's order of two copies, readied and handed over by staff ----
    const customer = await newCustomer(t, 'reportbuyer');
    expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.munaMadan, quantity: 2 } })).statusCode).toBe(200);
    const placed = (await t.call({ method: 'POST', url: '/api/order/place', token: customer.token })).json().data as { orderId: string; claimCode: string };
    const staff = await t.login('staff');
    expect((await t.call({ method: 'PUT', url: `/api/staff/readyOrder/${placed.orderId}`, token: staff })).statusCode).toBe(200);
    const handed = await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${placed.orderId}`, token: staff, payload: { ClaimCode: placed.claimCode.toLowerCase(), PaymentMethod: 'eSewa' } });
    expect(handed.statusCode, handed.body).toBe(200);
    const paid = (await t.call({ method: 'GET', url: '/api/order/userOrder', token: customer.token })).json().data[0].finalTotal as number;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(t.clock.now());
    const before = (await t.call({ method: 'GET', url: `/api/report/sales?from=${today}&to=${today}`, token: await t.login('admin') })).json();
    expect(before.orders).toBeGreaterThanOrEqual(1);

    for (const viewport of [PHONE, DESKTOP]) {
      const context = await real.browser().newContext({ baseURL: t.url, viewport, reducedMotion: 'reduce', acceptDownloads: true, bypassCSP: true });
      const page = await context.newPage();
      pages.push(await watchPage(page));
      await page.clock.install({ time: t.clock.now() });
      await presetSession(page, { token: await t.login('admin'), role: 'Admin', userId: IDS.admin });

      // ---- today's report: the sale is in it ----
      await page.goto('/admin/reports');
      await page.getByRole('heading', { name: 'Summary' }).waitFor();
      expect(await page.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
      const figure = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd').textContent();
      expect(await figure('Orders')).toBe(String(before.orders));
      expect(await figure('Copies sold')).toBe(String(before.copiesSold));
      const staffRows = page.getByRole('region', { name: 'Handovers by staff table' }).getByRole('row');
      await expect.poll(() => staffRows.filter({ has: page.locator('td', { hasText: /^staff$/ }) }).count()).toBe(1);
      const books = page.getByRole('region', { name: 'Books sold table' });
      expect(await books.getByRole('row').filter({ hasText: 'Muna Madan' }).count()).toBe(1);
      await settled(page);
      await expectNoA11yViolations(page, `/admin/reports @ ${viewport.width}`);
      await screenshot(page, 'admin-reports');

      // ---- a custom range that ends before it starts: said in place, checked by axe too ----
      await page.getByRole('button', { name: 'Custom' }).click();
      await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-01-01');
      await page.getByRole('button', { name: 'Show report' }).click();
      await page.getByText('The end date must be on or after the start date.').waitFor();
      expect(await page.getByRole('textbox', { name: 'To', exact: true }).inputValue()).toBe('2026-01-01');
      await expectNoA11yViolations(page, `/admin/reports (custom range refused) @ ${viewport.width}`);
      await screenshot(page, 'admin-reports-custom', { fullPage: false });

      // ---- the orders' CSV, saved by the browser ----
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export orders CSV' }).click()]);
      expect(download.suggestedFilename()).toBe(`pustak-orders-${today}-to-${today}.csv`);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(ORDER_COLUMNS);
      const ours = lines.filter((line) => line.startsWith(placed.orderId));
      expect(ours).toHaveLength(1);
      const cells = ours[0]!.split(',');
      expect([cells[3], cells[4], cells[5], cells[6], cells[8], cells[10], cells[16]]).toEqual(['staff', 'eSewa', 'reportbuyer', IDS.munaMadan, 'Muna Madan', '2', paid.toFixed(2)]);
      await context.close();
    }
  });
});
