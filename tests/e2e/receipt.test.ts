// Issue 30, part 1, the receipt, in Chromium against the real server: an order placed and handed
// over with eSewa (through the API), the customer opens its receipt from My Orders and reads the
// lines, the total, eSewa, the claim code and the staff member; in print only the receipt is on
// the page, on A5 or an 80 mm roll (the PDF's page size is the paper chosen, one page each), the
// lines stacked on the roll. `npm run screenshots` also saves it at 390 and 1280 px and its print
// media at A5 (559 px) and 80 mm (302 px) widths.
import { describe, expect, it } from 'vitest';
import { formatRupees } from '@pustak/sdk/domain';
import { IDS, newCustomer } from '@pustak/server/test/helpers';
import { DESKTOP, PHONE, type WatchedPage, presetSession, reportPagesOnFailure, screenshot, useRealServerAndBrowser, watchPage } from './harness.js';

const PAN = '601234567';
const real = useRealServerAndBrowser({ shop: { panNumber: PAN } });
const pages: WatchedPage[] = [];
reportPagesOnFailure(() => pages);

/** Points per millimetre in a PDF (1 pt = 1/72 in). */
const PT_PER_MM = 72 / 25.4;

/** The page sizes of a PDF Chromium printed, in whole millimetres. */
function pageSizesMm(pdf: Buffer): [number, number][] {
  const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)];
  return boxes.map(([, width, height]) => [Math.round(Number(width) / PT_PER_MM), Math.round(Number(height) / PT_PER_MM)]);
}

describe('the receipt', () => {
  it('opens from My Orders after a handover with eSewa and prints alone, on A5 or an 80 mm roll', async () => {
    const t = real.server();
    const customer = await newCustomer(t, 'receiptreader');
    for (const [bookId, quantity] of [[IDS.karnaliBlues, 1], [IDS.munaMadan, 4]] as const) {
      expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId, quantity } })).statusCode).toBe(200);
    }
    const placed = (await t.call({ method: 'POST', url: '/api/order/place', token: customer.token })).json().data as { orderId: string; claimCode: string; totalAmount: number };
    const handover = await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${placed.orderId}`, token: await t.login('staff'), payload: { ClaimCode: placed.claimCode, PaymentMethod: 'eSewa' } });
    expect(handover.statusCode, handover.body).toBe(200);
    const number = `#${placed.orderId.replace(/-/g, '').slice(-8).toUpperCase()}`;

    const context = await real.browser().newContext({ baseURL: t.url, viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    pages.push(await watchPage(page));
    await presetSession(page, { token: customer.token, role: 'User', userId: customer.id });

    // ---- from My Orders to the receipt ----
    await page.goto('/myOrders');
    await page.getByRole('article', { name: `Order ${number}` }).getByRole('link', { name: `Receipt of order ${number}` }).click();
    const receipt = page.getByRole('article', { name: `Receipt ${number}` });
    await receipt.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/receipt/${placed.orderId}`);
    // A direct visit (a bookmark, the counter's link in a new tab) is served the page too.
    await page.reload();
    await receipt.waitFor();
    const fact = (term: string) => receipt.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
    expect(await fact('Payment').textContent()).toBe('eSewa');
    expect(await fact('Claim code').textContent()).toBe(placed.claimCode);
    expect(await fact('Served by').textContent()).toBe('staff');
    expect(await fact('Total paid').textContent()).toBe(formatRupees(placed.totalAmount));
    expect(await receipt.getByText(`PAN/VAT No. ${PAN}`).isVisible()).toBe(true);
    const rows = receipt.getByRole('table', { name: 'Books' }).getByRole('row');
    expect(await rows.allTextContents()).toEqual([
      'BookQtyUnit priceTotal',
      `Karnali Blues1${formatRupees(650)}${formatRupees(650)}`,
      `Muna Madan4${formatRupees(450)}${formatRupees(1800)}`,
    ]);
    await screenshot(page, 'receipt');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'receipt');

    // ---- print: the receipt alone, at A5's and the roll's widths ----
    const chrome = [page.getByRole('banner'), page.getByRole('contentinfo'), page.getByRole('button', { name: 'Print' }), page.getByRole('group', { name: 'Paper' })];
    await page.getByRole('contentinfo').waitFor();
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 559, height: 794 });
    for (const part of chrome) expect(await part.isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    expect(await receipt.getByRole('columnheader', { name: 'Unit price' }).isVisible()).toBe(true);
    await screenshot(page, 'receipt-print-a5');
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('radio', { name: '80 mm roll' }).check();
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 302, height: 1123 });
    for (const part of chrome) expect(await part.isVisible()).toBe(false);
    // The roll stacks each line: its title above "qty × unit price" and the total; no column heads.
    expect(await receipt.locator('thead').boundingBox()).toMatchObject({ width: 1, height: 1 });
    const line = receipt.getByRole('row', { name: /Muna Madan/ });
    const [title, quantity] = [await line.getByRole('rowheader').boundingBox(), await line.getByRole('cell').first().boundingBox()];
    expect(quantity!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(302);
    await screenshot(page, 'receipt-print-roll');

    // ---- the PDF is the chosen paper, one page each ----
    expect(pageSizesMm(await page.pdf({ preferCSSPageSize: true }))).toEqual([[80, 297]]);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(DESKTOP);
    await page.getByRole('radio', { name: 'A5' }).check();
    // A PDF is printed with the emulated media: print again, as the browser's own Print does.
    await page.emulateMedia({ media: 'print' });
    expect(pageSizesMm(await page.pdf({ preferCSSPageSize: true }))).toEqual([[148, 210]]);
    await context.close();

    // ---- staff open it from the counter's link: the same receipt, not sent back to /staff ----
    const counter = await real.browser().newContext({ baseURL: t.url, viewport: DESKTOP, reducedMotion: 'reduce' });
    const staffPage = await counter.newPage();
    pages.push(await watchPage(staffPage));
    await presetSession(staffPage, { token: await t.login('staff'), role: 'Staff', userId: IDS.staff });
    await staffPage.goto(`/receipt/${placed.orderId}`);
    const staffCopy = staffPage.getByRole('article', { name: `Receipt ${number}` });
    await staffCopy.waitFor();
    expect(new URL(staffPage.url()).pathname).toBe(`/receipt/${placed.orderId}`);
    expect(await staffCopy.getByText(placed.claimCode, { exact: true }).isVisible()).toBe(true);
    expect(await staffPage.getByRole('link', { name: 'Orders', exact: true }).getAttribute('href')).toBe('/staff/orders');
    await screenshot(staffPage, 'receipt-staff');
    await counter.close();
  });
});
