import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { bodyRows, columnNames } from '../../../../test/table';
import { spyOnApi } from '../../../../test/api-spy';

const admin = sessionFor('admin');
// 20:00 UTC on 21 November is 01:45 on the 22nd in Kathmandu: "today" is the shop's date.
const config = { now: () => new Date('2026-11-21T20:00:00Z') };

afterEach(() => {
  vi.restoreAllMocks();
});

const tableIn = (region: string) => within(screen.getByRole('region', { name: region })).getByRole('table');
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('admin reports', () => {
  it("is in the admin sidebar and shows today's report in the shop's time zone: figures, charts with their tables, books and staff", async () => {
    const api = spyOnApi();
    const { user, location } = renderWithApp(undefined, { route: '/admin', session: admin, config });
    await user.click(await screen.findByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(location()).toBe('/admin/reports'));
    await screen.findByRole('heading', { name: 'Summary' });
    const [call] = api.find('GET', '/report/sales');
    expect([call!.query.get('from'), call!.query.get('to')]).toEqual(['2026-11-22', '2026-11-22']);
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
    // The mock's example report.
    expect(figure('Revenue')).toBe('Rs. 2,402.50');
    expect(figure('Orders')).toBe('3');
    expect(figure('Copies sold')).toBe('4');
    expect(figure('Average order')).toBe('Rs. 800.83');
    expect(figure('Discounts given')).toBe('Rs. 97.50');
    const days = tableIn('Sales by day table');
    expect(bodyRows(days).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['19 Nov 2026', '20 Nov 2026', '21 Nov 2026']);
    expect(screen.getByRole('figure', { name: 'Revenue by day' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Revenue by genre' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'FictionRs. 1,202.50',
      'MysteryRs. 1,200.00',
    ]);
    const books = tableIn('Books sold table');
    expect(columnNames(books)).toEqual(['Title', 'Genre', 'Copies', 'Revenue', 'Discounts']);
    expect(bodyRows(books).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Karnali Blues', 'And Then There Were None']);
    const staff = tableIn('Handovers by staff table');
    expect(bodyRows(staff).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['staff', '2', 'Rs. 1,850.00'],
      ['admin', '1', 'Rs. 552.50'],
    ]);
  });

  it('lists the best sellers it asks for and says how many more books, and what they sold, are in the CSV download', async () => {
    const api = spyOnApi([{ method: 'GET', path: '/report/sales', prefer: 'example=bestSeller' }]);
    renderWithApp(undefined, { route: '/admin/reports?from=2026-11-19&to=2026-11-21', session: admin, config });
    const books = within(await screen.findByRole('region', { name: 'Books sold' }));
    expect(api.find('GET', '/report/sales')[0]!.query.get('books')).toBe('20');
    expect(bodyRows(books.getByRole('table')).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Karnali Blues']);
    expect(books.getByText(/best seller/).textContent).toBe('The best seller of 2 books sold. 1 more book (2 copies, Rs. 1,200.00) is in the CSV download.');
    expect(books.getByRole('button', { name: 'Export CSV of books sold' })).toBeTruthy();
  });

  it('says nothing of more books when every book sold is listed', async () => {
    spyOnApi();
    renderWithApp(undefined, { route: '/admin/reports?from=2026-11-19&to=2026-11-21', session: admin, config });
    const books = within(await screen.findByRole('region', { name: 'Books sold' }));
    expect(bodyRows(books.getByRole('table'))).toHaveLength(2);
    expect(books.queryByText(/in the CSV download/)).toBeNull();
  });

  it('asks for this week from its Sunday and this month from its first day, up to today, in the URL', async () => {
    const api = spyOnApi();
    const { user, location } = renderWithApp(undefined, { route: '/admin/reports', session: admin, config });
    await screen.findByRole('heading', { name: 'Summary' });
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(location()).toBe('/admin/reports?from=2026-11-22&to=2026-11-22')); // the 22nd is a Sunday
    await user.click(screen.getByRole('button', { name: 'This month' }));
    await waitFor(() => expect(location()).toBe('/admin/reports?from=2026-11-01&to=2026-11-22'));
    await waitFor(() => expect(api.find('GET', '/report/sales').some((c) => c.query.get('from') === '2026-11-01')).toBe(true));
    expect(screen.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('refuses a custom range that ends before it starts, says why, keeps what was typed and asks for nothing', async () => {
    const api = spyOnApi();
    const { user, location } = renderWithApp(undefined, { route: '/admin/reports', session: admin, config });
    await screen.findByRole('heading', { name: 'Summary' });
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.clear(to);
    await user.type(to, '2026-11-10');
    const before = api.find('GET', '/report/sales').length;
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect([(from as HTMLInputElement).value, (to as HTMLInputElement).value]).toEqual(['2026-11-20', '2026-11-10']);
    expect(location()).toBe('/admin/reports');
    expect(api.find('GET', '/report/sales')).toHaveLength(before);

    await user.clear(to);
    await user.type(to, '2026-11-21');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    await waitFor(() => expect(location()).toBe('/admin/reports?from=2026-11-20&to=2026-11-21'));
    expect(screen.queryByText('The end date must be on or after the start date.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says there were no sales for an empty range, and offers a retry when the report fails', async () => {
    const api = spyOnApi([{ method: 'GET', path: '/report/sales', prefer: 'example=empty' }]);
    renderWithApp(undefined, { route: '/admin/reports?from=2026-11-21&to=2026-11-21', session: admin, config });
    expect(await screen.findAllByText('No sales in this range')).toHaveLength(3);
    expect(figure('Revenue')).toBe('Rs. 0.00');
    api.rules.splice(0, 1, { method: 'GET', path: '/report/sales', networkError: true });
    renderWithApp(undefined, { route: '/admin/reports?from=2026-10-01&to=2026-10-02', session: admin, config });
    expect(await screen.findByText('Failed to load the report.')).toBeTruthy();
  });

  it('says which range an address with a broken range asks for, and asks the server for nothing', async () => {
    const api = spyOnApi();
    renderWithApp(undefined, { route: '/admin/reports?from=2026-11-30&to=2026-11-01', session: admin, config });
    expect(await screen.findByText('Choose a range')).toBeTruthy();
    expect(screen.getByText(/The end date must be on or after the start date\./)).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-30');
    expect(api.find('GET', '/report/sales')).toEqual([]);
  });

  it("downloads a CSV with the admin's token (no plain link) under the server's file name", async () => {
    const api = spyOnApi();
    const saved: { href: string; download: string }[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { user } = renderWithApp(undefined, { route: '/admin/reports?from=2026-11-19&to=2026-11-21', session: admin, config });
    await screen.findByRole('heading', { name: 'Summary' });
    await user.click(screen.getByRole('button', { name: 'Export CSV of revenue by day' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [call] = api.find('GET', '/report/csv');
    expect([call!.query.get('report'), call!.query.get('from'), call!.query.get('to')]).toEqual(['days', '2026-11-19', '2026-11-21']);
    expect(call!.request.headers.get('authorization')).toMatch(/^Bearer .+/);
    expect(saved[0]!.href).toBe('blob:report');
    expect(saved[0]!.download).toMatch(/^pustak-days-.+\.csv$/);
  });
});
