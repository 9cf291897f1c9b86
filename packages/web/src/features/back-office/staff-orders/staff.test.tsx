import { ApiError, NetworkError } from '@pustak/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { tableRows } from '../../../../test/table';
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

  it('says all caught up when nothing waits', async () => {
    spyOnApi([{ method: 'GET', path: '/order/all', prefer: 'example=empty' }]);
    renderWithApp(undefined, { route: '/staff', session: staff });
    expect(await screen.findByText('No orders are waiting to be verified.')).toBeTruthy();
  });

  it('says Failed to fetch orders when the orders cannot load', async () => {
    spyOnApi([{ method: 'GET', path: '/order/all', networkError: true }]);
    renderWithApp(undefined, { route: '/staff', session: staff });
    expect(await screen.findByText('Failed to fetch orders')).toBeTruthy();
  });
});

describe('staff orders', () => {
  it('offers Mark ready on Pending orders, Verify and Cancel on open ones, nothing on closed ones', async () => {
    renderWithApp(undefined, { route: '/staff/orders', session: staff });
    const rows = await orderRows();
    const summary = rows.map((row) => {
      const cells = within(row).getAllByRole('cell');
      return [cells[1].textContent, cells[5].textContent, cells[6].textContent];
    });
    expect(summary).toEqual([
      ['ram', 'Ready for pickup', 'VerifyCancel'],
      ['bikash', 'Completed', '--'],
      ['sita', 'Pending', 'Mark readyVerifyCancel'],
      ['sita', 'Completed', '--'],
      ['hari', 'Pending', 'Mark readyVerifyCancel'],
      ['hari', 'Completed', '--'],
      ['ram', 'Completed', '--'],
      ['anisha', 'Completed', '--'],
      ['sita', 'Completed', '--'],
      ['anisha', 'Completed', '--'],
      ['nisha', 'Completed', '--'],
      ['sita', 'Completed', '--'],
      ['gita', 'Completed', '--'],
      ['sita', 'Cancelled', '--'],
    ]);
    expect(within(rows[2]).getAllByRole('cell')[3].textContent).toBe('Karnali Blues × 2, Muna Madan × 1');
    expect(within(rows[2]).getAllByRole('cell')[4].textContent).toBe('Rs. 1,510.00');
  });

  it('requires the claim code', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    const dialog = await openVerify(user);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByText('Claim code is required')).toBeTruthy();
    expect(api.find('PUT', '/staff/verifyOrder')).toHaveLength(0);
  });

  it("verifies with the claim code, shows the server's message and refreshes the list", async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { route: '/staff/orders', session: staff });
    const dialog = await openVerify(user);
    const listsBefore = api.find('GET', '/order/all').length;
    await user.type(within(dialog).getByLabelText('Claim code'), '7f3a9c21');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Order verified and stock updated successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Verify Order' })).toBeNull();
    const [call] = api.find('PUT', `/staff/verifyOrder/${RAM_ORDER}`);
    expect(await call.request.json()).toEqual({ ClaimCode: '7F3A9C21' });
    await waitFor(() => expect(api.find('GET', '/order/all').length).toBeGreaterThan(listsBefore));
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
    const listsBefore = api.find('GET', '/order/all').length;
    await user.click(screen.getByRole('button', { name: /^Mark ready the order of hari/ }));
    expect(await screen.findByText('Order is ready for pickup')).toBeTruthy();
    expect(api.find('PUT', '/staff/readyOrder/0dde0000-0000-4000-8000-000000000006')).toHaveLength(1);
    await waitFor(() => expect(api.find('GET', '/order/all').length).toBeGreaterThan(listsBefore));
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

  it('says Failed to fetch orders when the list cannot load', async () => {
    spyOnApi([{ method: 'GET', path: '/order/all', prefer: 'code=403' }]);
    renderWithApp(undefined, { route: '/staff/orders', session: staff });
    expect(await screen.findByText('Failed to fetch orders')).toBeTruthy();
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
