import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { spyOnApi } from '../../../../test/api-spy';

const MUNA_MADAN = '0f0e0000-0000-4000-8000-000000000003';
const route = `/admin/books/view/${MUNA_MADAN}`;
const admin = { session: sessionFor('admin'), route };

afterEach(() => {
  vi.restoreAllMocks();
});

function fact(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('admin book view', () => {
  it('shows the cover, synopsis, price, stock, format, ISBN, language and the fixed 4.5/5 rating', async () => {
    renderWithApp(undefined, admin);
    expect(await screen.findByRole('heading', { level: 2, name: 'Muna Madan' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Cover of Muna Madan' }).getAttribute('src')).toMatch(/^http:\/\/[^/]+\/covers\/muna-madan\.svg$/);
    expect(screen.getByText('by Laxmi Prasad Devkota')).toBeTruthy();
    expect(screen.getByText(/beloved narrative poem of Madan/)).toBeTruthy();
    expect(screen.getByText('Rs. 450.00')).toBeTruthy();
    expect(fact('Stock')).toBe('120 copies');
    expect(fact('Format')).toBe('Hardcover');
    expect(fact('ISBN')).toBe('978-9937-8520-0-3');
    expect(fact('Language')).toBe('Nepali');
    expect(screen.getByText('4.5/5')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/admin/books/edit/${MUNA_MADAN}`);
  });

  it("lists the book's reviews", async () => {
    renderWithApp(undefined, admin);
    const reviews = await screen.findByRole('region', { name: 'Customer Reviews' });
    await waitFor(() => expect(within(reviews).getAllByRole('listitem')).toHaveLength(3));
    const first = within(reviews).getAllByRole('listitem')[0];
    expect(within(first).getByText('sita')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(within(first).getByText(/A timeless epic/)).toBeTruthy();
  });

  it('hides a review with a required reason, then reads the reviews again', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, admin);
    const reviews = await screen.findByRole('region', { name: 'Customer Reviews' });
    await waitFor(() => expect(within(reviews).getAllByRole('listitem')).toHaveLength(3));
    await user.click(within(reviews).getByRole('button', { name: "Hide sita's review" }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide review' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide Review' }));
    expect(await within(dialog).findByText('Say why the review is hidden')).toBeTruthy();
    expect(api.find('POST', /^\/review\/hide\//)).toHaveLength(0);

    const readsBefore = api.find('GET', '/review/getReviews').length;
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Insults another customer. ');
    await user.click(within(dialog).getByRole('button', { name: 'Hide Review' }));
    await waitFor(() => expect(api.find('POST', /^\/review\/hide\//)).toHaveLength(1));
    const [hide] = api.find('POST', /^\/review\/hide\//);
    expect(hide!.path).toBe('/review/hide/7a110000-0000-4000-8000-000000000001');
    expect(await hide!.request.json()).toEqual({ reason: 'Insults another customer.' });
    expect(await screen.findByText("sita's review is hidden.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hide review' })).toBeNull());
    await waitFor(() => expect(api.find('GET', '/review/getReviews').length).toBeGreaterThan(readsBefore));
  });

  it('says No reviews yet. when the server has none (the legacy 404)', async () => {
    spyOnApi([{ method: 'GET', path: '/review/getReviews', prefer: 'code=404' }]);
    renderWithApp(undefined, admin);
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });

  it('says Book not found with a way back', async () => {
    spyOnApi([{ method: 'GET', path: '/bookcrud/getbookbyid', prefer: 'code=404' }]);
    const { user, location } = renderWithApp(undefined, admin);
    expect(await screen.findByText('Book not found')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to Books' }));
    await waitFor(() => expect(location()).toBe('/admin/books'));
  });

  it('says the details failed to load, with a retry', async () => {
    const api = spyOnApi([{ method: 'GET', path: '/bookcrud/getbookbyid', networkError: true }]);
    const { user } = renderWithApp(undefined, admin);
    expect(await screen.findByText('Failed to load book details. Please try again later.')).toBeTruthy();
    api.rules.length = 0;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Muna Madan' })).toBeTruthy();
  });

  it('adds a timed discount through the Add Special Offer dialog', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, admin);
    await user.click(await screen.findByRole('button', { name: 'Add Timed Discount' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Special Offer' });
    const discount = within(dialog).getByLabelText('Discount (%)') as HTMLInputElement;
    expect(discount.value).toBe('10');
    await user.clear(discount);
    await user.type(discount, '15');
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '2026-12-31T18:30' } });
    expect((within(dialog).getByRole('switch', { name: 'On sale' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save Offer' }));

    expect(await screen.findByText('Discount added successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add Special Offer' })).toBeNull();
    const [call] = api.find('PUT', `/bookcrud/discountOffer/${MUNA_MADAN}`);
    expect(await call.request.json()).toEqual({
      Discount: 15,
      StartTime: new Date(2026, 11, 1, 9, 0).toISOString(),
      EndTime: new Date(2026, 11, 31, 18, 30).toISOString(),
      IsOnSale: true,
    });
  });

  it('keeps the offer and says so quietly when saving it fails', async () => {
    spyOnApi([{ method: 'PUT', path: '/bookcrud/discountOffer', prefer: 'code=404' }]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithApp(undefined, admin);
    await user.click(await screen.findByRole('button', { name: 'Add Timed Discount' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Special Offer' });
    await user.clear(within(dialog).getByLabelText('Discount (%)'));
    await user.type(within(dialog).getByLabelText('Discount (%)'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save Offer' }));
    expect(await within(dialog).findByText('The offer was not saved. Please try again.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Discount (%)') as HTMLInputElement).value).toBe('25');
    expect(logged).toHaveBeenCalled();
  });

  it('deletes the book after confirmation and returns to the list', async () => {
    const api = spyOnApi();
    const { user, location } = renderWithApp(undefined, admin);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete book' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this book? This action cannot be undone.'),
    ).toBeTruthy();
    expect(api.find('DELETE', '/bookcrud/deletebook')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/admin/books'));
    expect(api.find('DELETE', `/bookcrud/deletebook/${MUNA_MADAN}`)).toHaveLength(1);
    expect(await screen.findByText('Book deleted successfully')).toBeTruthy();
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const api = spyOnApi();
    const { user, location, client } = renderWithApp(undefined, admin);
    // A delete would start inside the click (the SDK call, then the request and the way out).
    const remove = vi.spyOn(client.catalog, 'remove');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
    expect(api.find('DELETE', '/bookcrud/deletebook')).toHaveLength(0);
    expect(location()).toBe(route);
  });
});
