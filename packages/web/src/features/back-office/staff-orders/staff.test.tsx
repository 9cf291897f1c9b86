import { ApiError, NetworkError } from '@pustak/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { bodyRows, tableRows } from '../../../../test/table';
import { spyOnApi } from '../../../../test/api-spy';
import { verifyFailureMessage } from './verify-order-dialog';

const staff = sessionFor('staff');
const RAM_ORDER = '0dde0000-0000-4000-8000-000000000004';

afterEach(() => {
  vi.restoreAllMocks();
});

const orderRows = tableRows;

async function openVerify(user: ReturnType<typeof renderWithApp>['user'], username = 'ram') {
  await orderRows();
  await user.click(screen.getAllByRole('button', { name: new RegExp(`^Verify the order of ${username}`) })[0]);
  return screen.getByRole('dialog', { name: 'Verify Order' });
}

describe('staff dashboard', () => {
  it('counts orders by status and lists the ones waiting', async () => {
    const { user, location } = renderWithApp(undefined, { route: '/staff', session: staff });
    const stats = await screen.findByRole('region', { name: 'Orders by status' });
    const counts = within(stats)
      .getAllByRole('article')
      .map((card) => card.textContent);
    expect(counts).toEqual(['Pending2', 'Ready for pickup1', 'Completed10', 'Cancelled1', 'Expired0']);
    const waiting = screen.getByRole('region', { name: 'Orders waiting' });
    expect(within(waiting).getByText('3 orders need verification')).toBeTruthy();
    expect(within(waiting).getAllByRole('listitem').map((item) => within(item).getByText(/^(ram|sita|hari)$/).textContent)).toEqual([
      'ram',
      'sita',
      'hari',
    ]);
    await user.click(within(waiting).getByRole('link', { name: 'Go to orders' }));
    await waitFor(() => expect(location()).toBe('/staff/orders'));
  });

  it('asks the server for the waiting orders and the counts, never for every order; says how many are not shown', async () => {
    const api = spyOnApi([{ method: 'GET', path: '/order/search', prefer: 'example=all' }]);
    renderWithApp(undefined, { route: '/staff', session: staff });
    const waiting = await screen.findByRole('region', { name: 'Orders waiting' });
    expect(within(waiting).getByText('14 orders need verification, the 10 oldest shown')).toBeTruthy();
    const asked = api.find('GET', '/order/search')[0]!.query;
    expect([asked.getAll('status'), asked.get('sort'), asked.get('pageSize')]).toEqual([['Pending', 'Ready'], 'oldest', '10']);
    expect(api.find('GET', '/order/all')).toEqual([]);
  });

  it('says all caught up when nothing waits', async () => {
    spyOnApi([{ method: 'GET', path: '/order/search', prefer: 'example=empty' }]);
    renderWithApp(undefined, { route: '/staff', session: staff });
    expect(await screen.findByText('No orders are waiting to be verified.')).toBeTruthy();
  });

  it('says Failed to fetch orders when the orders cannot load', async () => {
    spyOnApi([{ method: 'GET', path: '/order/search', networkError: true }]);
    renderWithApp(undefined, { route: '/staff', session: staff });
    expect(await screen.findByText('Failed to fetch orders')).toBeTruthy();
  });
});

describe('staff orders: the counter', () => {
  const searchBox = () => screen.getByRole('searchbox', { name: 'Claim code, order number or customer' });
  const lastSearch = (api: ReturnType<typeof spyOnApi>) => api.find('GET', '/order/search').at(-1)!.query;

  it('shows the orders waiting for pickup by default, with Mark ready, Verify and Cancel; other statuses on request', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    const rows = await orderRows();
    expect(lastSearch(api).getAll('status')).toEqual(['Pending', 'Ready']);
    const summary = (list: HTMLElement[]) =>
      list.map((row) => {
        const cells = within(row).getAllByRole('cell');
        return [cells[0].textContent, cells[1].textContent, cells[4].textContent, cells[5].textContent];
      });
    expect(summary(rows)).toEqual([
      ['#0000000420 November 2026', 'ram', 'Ready for pickup', 'VerifyCancel'],
      ['#0000000119 November 2026', 'sita', 'Pending', 'Mark readyVerifyCancel'],
      ['#0000000618 November 2026', 'hari', 'Pending', 'Mark readyVerifyCancel'],
    ]);
    expect(within(rows[1]).getAllByRole('cell')[2].textContent).toBe('Karnali Blues × 2, Muna Madan × 1');
    expect(within(rows[1]).getAllByRole('cell')[3].textContent).toBe('Rs. 1,510.00');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'all');
    await waitFor(() => expect(lastSearch(api).has('status')).toBe(false));
    await waitFor(() => expect(bodyRows(screen.getByRole('table'))).toHaveLength(10));
    expect(summary(bodyRows(screen.getByRole('table')))[1]).toEqual(['#0000000919 November 2026', 'bikash', 'Completed', '--']);
  });

  it('hands an order over by keyboard alone: code typed in lower case, Enter, Enter, arrow to eSewa, Enter; then the receipt and the next customer', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    await orderRows();
    expect(document.activeElement).toBe(searchBox());
    // A scanner types the code and Enter: the server finds the order.
    await user.keyboard('7f3a9c21{Enter}');
    await waitFor(() => expect(lastSearch(api).get('search')).toBe('7f3a9c21'));
    expect(await screen.findByText('Showing 1–1 of 1 order')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Enter opens it: the books, the total, the code as typed, and Cash chosen with the keyboard on it.
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Verify Order' });
    expect(within(dialog).getByText('Order #00000004 by ram on 20 November 2026.')).toBeTruthy();
    expect(within(within(dialog).getByRole('list', { name: 'Books' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dracula × 1Rs. 1,850.00']);
    expect(within(dialog).getByText('Total').parentElement!.textContent).toBe('TotalRs. 1,850.00');
    expect((within(dialog).getByLabelText('Claim code') as HTMLInputElement).value).toBe('7f3a9c21');
    const methods = within(within(dialog).getByRole('group', { name: 'Payment method' })).getAllByRole('radio');
    expect(methods.map((radio) => radio.getAttribute('value'))).toEqual(['Cash', 'eSewa', 'Khalti', 'Fonepay', 'Card']);
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'Cash' }));
    expect((document.activeElement as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'eSewa' }));
    expect((within(dialog).getByRole('radio', { name: 'eSewa' }) as HTMLInputElement).checked).toBe(true);
    const searchesBefore = api.find('GET', '/order/search').length;
    // One more Enter confirms the handover.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Order verified and stock updated successfully')).toBeTruthy();
    const [call] = api.find('PUT', `/staff/verifyOrder/${RAM_ORDER}`);
    expect(await call.request.json()).toEqual({ ClaimCode: '7F3A9C21', PaymentMethod: 'eSewa' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Order #00000004 handed over to ram, Rs. 1,850.00 paid by eSewa.')).toBeTruthy();
    const receipt = screen.getByRole('link', { name: 'Print receipt of order #00000004 (opens in a new tab)' });
    expect(receipt.getAttribute('href')).toBe(`/receipt/${RAM_ORDER}`);
    expect(receipt.getAttribute('target')).toBe('_blank');
    // The next customer: the keyboard is back in the emptied search box, the queue read again.
    expect(document.activeElement).toBe(searchBox());
    expect((searchBox() as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(api.find('GET', '/order/search').length).toBeGreaterThan(searchesBefore));
    await waitFor(() => expect(lastSearch(api).has('search')).toBe(false));
  });

  it.each(['ram', '00000004', '#00000004'])('opens an order found by %s (a name or its number) with the claim code still to type, and asks for it', async (typed) => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    await orderRows();
    await user.keyboard(`${typed}{Enter}`);
    expect(await screen.findByText('Showing 1–1 of 1 order')).toBeTruthy();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Verify Order' });
    const code = within(dialog).getByLabelText('Claim code') as HTMLInputElement;
    expect(code.value).toBe('');
    expect(document.activeElement).toBe(code);
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Claim code is required')).toBeTruthy();
    expect(api.find('PUT', '/staff/verifyOrder')).toHaveLength(0);
  });

  it('says No orders found for a code that matches nothing, and Enter opens nothing', async () => {
    spyOnApi([{ method: 'GET', path: '/order/search', prefer: 'example=empty' }]);
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    expect(await screen.findByText('No orders found')).toBeTruthy();
    await user.keyboard('deadbeef{Enter}');
    expect(await screen.findByText('Nothing matches “deadbeef”.')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(searchBox());
  });

  it('says it is loading the orders until they come', async () => {
    renderWithApp(undefined, { route: '/staff/orders', session: staff });
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeTruthy();
    await orderRows();
    expect(screen.queryByRole('status', { name: 'Loading orders' })).toBeNull();
  });

  it('says Failed to fetch orders when the list cannot load', async () => {
    spyOnApi([{ method: 'GET', path: '/order/search', prefer: 'code=403' }]);
    renderWithApp(undefined, { route: '/staff/orders', session: staff });
    expect(await screen.findByText('Failed to fetch orders')).toBeTruthy();
  });

  it('verifies from a row with the claim code, paid in cash unless chosen otherwise', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    const dialog = await openVerify(user);
    await user.type(within(dialog).getByLabelText('Claim code'), '7f3a9c21');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Order verified and stock updated successfully')).toBeTruthy();
    const [call] = api.find('PUT', `/staff/verifyOrder/${RAM_ORDER}`);
    expect(await call.request.json()).toEqual({ ClaimCode: '7F3A9C21', PaymentMethod: 'Cash' });
  });

  it("shows the server's reason when the code is wrong, keeping the code", async () => {
    spyOnApi([{ method: 'PUT', path: '/staff/verifyOrder', prefer: 'code=400, example=invalid-claim-code' }]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    const dialog = await openVerify(user);
    await user.type(within(dialog).getByLabelText('Claim code'), 'DEADBEEF');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Invalid claim code')).toBeTruthy();
    expect((within(dialog).getByLabelText('Claim code') as HTMLInputElement).value).toBe('DEADBEEF');
    expect(screen.queryByText(/handed over to/)).toBeNull();
  });

  it('says Verification error when no answer comes', async () => {
    spyOnApi([{ method: 'PUT', path: '/staff/verifyOrder', networkError: true }]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    const dialog = await openVerify(user, 'hari');
    await user.type(within(dialog).getByLabelText('Claim code'), 'ABCDEF12');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Verification error')).toBeTruthy();
  });

  it("marks a Pending order ready, shows the server's message and reads the list again", async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    await orderRows();
    const listsBefore = api.find('GET', '/order/search').length;
    await user.click(screen.getByRole('button', { name: /^Mark ready the order of hari/ }));
    expect(await screen.findByText('Order is ready for pickup')).toBeTruthy();
    expect(api.find('PUT', '/staff/readyOrder/0dde0000-0000-4000-8000-000000000006')).toHaveLength(1);
    await waitFor(() => expect(api.find('GET', '/order/search').length).toBeGreaterThan(listsBefore));
  });

  it("says the server's reason when an order cannot be readied (a book short of stock)", async () => {
    spyOnApi([{ method: 'PUT', path: '/staff/readyOrder', prefer: 'code=400, example=not-enough-stock' }]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    await orderRows();
    await user.click(screen.getByRole('button', { name: /^Mark ready the order of hari/ }));
    expect(await screen.findByText('Not enough stock for book: Cosmos')).toBeTruthy();
  });

  it('cancels an order only with a reason, sent trimmed', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    await orderRows();
    await user.click(screen.getByRole('button', { name: /^Cancel the order of ram/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order' });
    expect(within(dialog).getByText(/the books set aside go back on the shelf/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByText('A reason is required')).toBeTruthy();
    expect(api.find('PUT', '/staff/cancelOrder')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), '  Not collected after three calls  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled successfully')).toBeTruthy();
    const [call] = api.find('PUT', `/staff/cancelOrder/${RAM_ORDER}`);
    expect(await call.request.json()).toEqual({ reason: 'Not collected after three calls' });
  });
});

describe('verifyFailureMessage', () => {
  it("prefers the server's message, else 'Verification failed'; no answer is 'Verification error'", () => {
    expect(verifyFailureMessage(new ApiError({ status: 400, body: { message: 'Order already completed' }, operation: 'verifyOrder' }))).toBe(
      'Order already completed',
    );
    expect(verifyFailureMessage(new ApiError({ status: 500, body: undefined, operation: 'verifyOrder' }))).toBe('Verification failed');
    expect(verifyFailureMessage(new NetworkError('verifyOrder', new TypeError('Failed to fetch')))).toBe('Verification error');
  });
});
