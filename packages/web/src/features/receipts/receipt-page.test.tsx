import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../test/render';
import { type RequestRule, requestsTo, scriptedClient } from '../../../test/scripted-client';

afterEach(() => {
  vi.restoreAllMocks();
});

// The contract's example receipt answers any order id: Sita's order #00000002, handed over with eSewa.
const ORDER = '0dde0000-0000-4000-8000-000000000002';

function renderReceipt(rules: RequestRule[] = [], who: 'customer' | 'staff' | 'admin' = 'customer') {
  const { client, requests } = scriptedClient(rules);
  return { ...renderWithApp(undefined, { route: `/receipt/${ORDER}`, client, session: sessionFor(who) }), requests };
}

const receiptPath = /\/order\/receipt\//;

describe('/receipt/:orderId', () => {
  it("prints the shop with its PAN, the handover in the shop's time, the lines, the discounts, the total, the payment, the claim code and the staff member", async () => {
    renderReceipt();
    const receipt = await screen.findByRole('article', { name: 'Receipt #00000002' });
    await waitFor(() => expect(document.title).toBe('Receipt #00000002 · Pustak'));
    const text = receipt.textContent ?? '';
    for (const part of ['Pustak', 'Thamel Marg 12, Kathmandu 44600, Nepal', 'Phone +977 1-4412345', 'PAN/VAT No. 601234567']) expect(text).toContain(part);
    const fact = (term: string) => within(receipt).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    // 16:40 UTC is 22:25 in Kathmandu.
    expect(fact('Handed over')).toBe('31 Oct 2026, 22:25');
    expect(fact('Payment')).toBe('eSewa');
    expect(fact('Claim code')).toBe('4E2B9A01');
    expect(fact('Served by')).toBe('staff');
    expect(fact('Customer')).toBe('sita');
    const rows = within(within(receipt).getByRole('table', { name: 'Books' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['3', 'Rs. 550.00', 'Rs. 1,650.00'],
      ['2', 'Rs. 500.00', 'Rs. 1,000.00'],
    ]);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Palpasa Cafe', 'Seto Dharti']);
    expect(fact('Subtotal')).toBe('Rs. 2,650.00');
    expect(fact('Deal on Seto Dharti')).toBe('− Rs. 50.00');
    expect(fact('+5 Books Member (5%)')).toBe('− Rs. 130.00');
    expect(fact('Discounts')).toBe('− Rs. 180.00');
    expect(fact('Total paid')).toBe('Rs. 2,470.00');
  });

  it('says "Not recorded" for a handover that recorded no payment method', async () => {
    renderReceipt([{ path: receiptPath, prefer: 'example=not-recorded' }]);
    const receipt = await screen.findByRole('article', { name: 'Receipt #00000011' });
    expect(within(receipt).getByText('Payment', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Not recorded');
  });

  it('prints on the paper chosen: Print opens the browser print dialog', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderReceipt();
    await screen.findByRole('article', { name: 'Receipt #00000002' });
    const papers = screen.getByRole('group', { name: 'Paper' });
    expect((within(papers).getByRole('radio', { name: 'A5' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(papers).getByRole('radio', { name: '80 mm roll' }));
    expect((within(papers).getByRole('radio', { name: '80 mm roll' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner while the receipt loads', async () => {
    let release!: () => void;
    renderReceipt([{ path: receiptPath, hold: new Promise<void>((done) => (release = done)) }]);
    expect(await screen.findByText('Loading the receipt')).toBeTruthy();
    expect(screen.getByText('Loading the receipt').closest('[aria-busy="true"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    release();
    expect(await screen.findByRole('article', { name: 'Receipt #00000002' })).toBeTruthy();
  });

  it("says so with the server's words when the order is not the reader's (404) or not handed over yet (400)", async () => {
    const first = renderReceipt([{ path: receiptPath, prefer: 'code=404' }]);
    const missing = await screen.findByRole('alert');
    expect(missing.textContent).toContain('Receipt not found');
    expect(missing.textContent).toContain('Order not found');
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    first.unmount();
    renderReceipt([{ path: receiptPath, prefer: 'code=400' }]);
    const early = await screen.findByRole('alert');
    expect(early.textContent).toContain('No receipt yet');
    expect(early.textContent).toContain('Only a completed order has a receipt');
  });

  it('says Failed to fetch orders when the receipt cannot load, and Retry loads it', async () => {
    const rules: RequestRule[] = [{ path: receiptPath, offline: true }];
    const { user, requests } = renderReceipt(rules);
    expect(await screen.findByText('Failed to fetch orders')).toBeTruthy();
    rules.length = 0;
    const asked = requestsTo(requests, `/order/receipt/${ORDER}`).length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Receipt #00000002' })).toBeTruthy();
    expect(requestsTo(requests, `/order/receipt/${ORDER}`).length).toBeGreaterThan(asked);
  });

  it.each([['staff', '/staff/orders'], ['admin', '/admin/orders']] as const)('opens for %s (no redirect to the back office) and leads back to the orders', async (who, back) => {
    const { location } = renderReceipt([], who);
    expect(await screen.findByRole('article', { name: 'Receipt #00000002' })).toBeTruthy();
    expect(location()).toBe(`/receipt/${ORDER}`);
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(back);
  });
});

describe('My Orders', () => {
  it('links every completed order, and only those, to its receipt', async () => {
    const { user, location } = renderWithApp(undefined, { route: '/myOrders', session: sessionFor('customer') });
    await screen.findByRole('list', { name: 'Orders' });
    const links = screen.getAllByRole('link', { name: /^Receipt of order/ });
    expect(links.map((link) => link.textContent)).toEqual(['Receipt of order #00000008', 'Receipt of order #00000011', 'Receipt of order #00000002']);
    await user.click(screen.getByRole('link', { name: 'Receipt of order #00000002' }));
    expect(location()).toBe(`/receipt/${ORDER}`);
    expect(await screen.findByRole('article', { name: 'Receipt #00000002' })).toBeTruthy();
  });
});
