import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manualClock, renderWithApp, sessionFor } from '../../../../test/render';
import { spyOnApi } from '../../../../test/api-spy';
import { BookForm } from './book-form';
import { EMPTY_BOOK_FORM } from './book-form-values';

const admin = { session: sessionFor('admin') };
const MUNA_MADAN = '0f0e0000-0000-4000-8000-000000000003';

const urlStatics = URL as unknown as { createObjectURL?: (blob: Blob) => string; revokeObjectURL?: (url: string) => void };

beforeEach(() => {
  // jsdom has no object URLs; the cover preview needs one.
  urlStatics.createObjectURL = vi.fn(() => 'blob:cover-preview');
  urlStatics.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  delete urlStatics.createObjectURL;
  delete urlStatics.revokeObjectURL;
});

type User = ReturnType<typeof renderWithApp>['user'];

async function fillBook(user: User) {
  await user.type(screen.getByLabelText('Title'), 'Seto Bagh');
  await user.type(screen.getByLabelText('Author'), 'Diamond Shumsher Rana');
  await user.selectOptions(screen.getByLabelText('Genre'), 'History');
  await user.selectOptions(screen.getByLabelText('Format'), 'Paperback');
  await user.type(screen.getByLabelText('ISBN'), '978-9937-0-0000-1');
  await user.type(screen.getByLabelText('Language'), 'Nepali');
  await user.type(screen.getByLabelText('Publisher'), 'Sajha Prakashan');
  fireEvent.change(screen.getByLabelText('Publication date'), { target: { value: '1973-04-14' } });
  await user.type(screen.getByLabelText('Price (Rs.)'), '499.50');
  await user.clear(screen.getByLabelText('Discount (%)'));
  await user.type(screen.getByLabelText('Discount (%)'), '12.5');
  await user.type(screen.getByLabelText('Quantity'), '30');
  await user.type(screen.getByLabelText('Description'), 'A historical novel of the Rana era.');
}

describe('Add Book', () => {
  it('requires every field, shows the messages inline and focuses the first invalid field', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { ...admin, route: '/admin/books/addBooks' });
    await user.click(await screen.findByRole('button', { name: 'Add Book' }));
    for (const message of [
      'Title is required',
      'Author is required',
      'Genre is required',
      'Format is required',
      'ISBN is required',
      'Language is required',
      'Publisher is required',
      'Publication date is required',
      'Price is required',
      'Quantity is required',
      'Description is required',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(api.find('POST', '/bookcrud/create')).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), 'X');
    expect(screen.queryByText('Title is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Author'));
  });

  it('checks the number ranges', async () => {
    const { user } = renderWithApp(undefined, { ...admin, route: '/admin/books/addBooks' });
    await screen.findByLabelText('Title');
    await user.clear(screen.getByLabelText('Discount (%)'));
    await user.type(screen.getByLabelText('Discount (%)'), '120');
    await user.type(screen.getByLabelText('Quantity'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(screen.getByText('Discount must be between 0 and 100')).toBeTruthy();
    expect(screen.getByText('Quantity must be a whole number of 0 or more')).toBeTruthy();
  });

  it('sends the form as multipart with the cover, toasts and returns to the list after 1 s', async () => {
    const api = spyOnApi();
    const clock = manualClock();
    // Opened from the list, so the list's page is loaded when the form sends the admin back.
    const { user, location, client } = renderWithApp(undefined, {
      ...admin,
      route: '/admin/books',
      config: { schedule: clock.schedule },
    });
    const create = vi.spyOn(client.catalog, 'create');
    await screen.findByRole('list', { name: 'Books' });
    await user.click(screen.getByRole('link', { name: 'Add New Book' }));
    await screen.findByLabelText('Title');
    expect(screen.getByText(/JPG or PNG, 300×450 pixels/)).toBeTruthy();
    await fillBook(user);
    await user.click(screen.getByRole('switch', { name: 'On sale' }));
    const cover = new File([new Uint8Array([137, 80, 78, 71])], 'seto-bagh.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose an image'), cover);
    expect(screen.getByRole('img', { name: 'Preview of the chosen cover' }).getAttribute('src')).toBe('blob:cover-preview');

    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(await screen.findByText('Book created successfully')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Processing/ })).toBeTruthy();
    // The toast gets its second: the list opens at 1000 ms on the app's clock, not before.
    act(() => clock.advance(999));
    expect(location()).toBe('/admin/books/addBooks');

    const [call] = api.find('POST', '/bookcrud/create');
    const form = await call.request.formData();
    expect(form.get('title')).toBe('Seto Bagh');
    expect(form.get('genre')).toBe('History');
    expect(form.get('format')).toBe('Paperback');
    expect(form.get('price')).toBe('499.5');
    expect(form.get('discount')).toBe('12.5');
    expect(form.get('quantity')).toBe('30');
    expect(form.get('isOnSale')).toBe('true');
    expect(form.get('awardWinners')).toBe('false');
    expect(new Date(String(form.get('publicationDate'))).toISOString()).toBe(form.get('publicationDate'));
    // jsdom's File cannot travel through Node's fetch intact, so the file is checked where the
    // page hands it to the SDK (the browser test checks the bytes on the wire).
    expect(form.has('image')).toBe(true);
    expect(create.mock.calls[0][0].image).toBe(cover);

    act(() => clock.advance(1));
    await waitFor(() => expect(location()).toBe('/admin/books'));
  });

  it('says a failed create failed, re-enables the button and keeps what was typed', async () => {
    spyOnApi([{ method: 'POST', path: '/bookcrud/create', prefer: 'code=400' }]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, location } = renderWithApp(undefined, { ...admin, route: '/admin/books/addBooks' });
    await screen.findByLabelText('Title');
    await fillBook(user);
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to add book. Please check your input.');
    expect(alert.textContent).toContain('A book with the same title or ISBN already exists.');
    expect((screen.getByRole('button', { name: 'Add Book' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Seto Bagh');
    expect((screen.getByLabelText('Price (Rs.)') as HTMLInputElement).value).toBe('499.50');
    await waitFor(() => expect(location()).toBe('/admin/books/addBooks'));
    expect(logged).toHaveBeenCalled();
  });
});

describe('Edit Book', () => {
  it('prefills the form from the book and saves changes, then opens the book after 1.5 s', async () => {
    const api = spyOnApi();
    const clock = manualClock();
    // Opened from the book's page, so that page is loaded when the form sends the admin back.
    const { user, location, client } = renderWithApp(undefined, {
      ...admin,
      route: `/admin/books/view/${MUNA_MADAN}`,
      config: { schedule: clock.schedule },
    });
    const update = vi.spyOn(client.catalog, 'update');
    await user.click(await screen.findByRole('link', { name: 'Edit' }));
    const title = (await screen.findByLabelText('Title')) as HTMLInputElement;
    expect(title.value).toBe('Muna Madan');
    expect((screen.getByLabelText('Genre') as HTMLSelectElement).value).toBe('Fiction');
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('Hardcover');
    expect((screen.getByLabelText('Publication date') as HTMLInputElement).value).toBe('1936-01-01');
    expect((screen.getByLabelText('Price (Rs.)') as HTMLInputElement).value).toBe('450');
    expect((screen.getByRole('switch', { name: 'On sale' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/PNG, JPG, GIF up to 5MB/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Current cover' }).getAttribute('src')).toMatch(/^http:\/\/[^/]+\/covers\/muna-madan\.svg$/);

    await user.clear(screen.getByLabelText('Price (Rs.)'));
    await user.type(screen.getByLabelText('Price (Rs.)'), '475.25');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Book updated successfully')).toBeTruthy();

    const [call] = api.find('PUT', `/bookcrud/updatebook/${MUNA_MADAN}`);
    const form = await call.request.formData();
    expect(form.get('price')).toBe('475.25');
    expect(form.get('title')).toBe('Muna Madan');
    // No new cover: the SDK sends an empty image part, which keeps the old one; the sale window is kept.
    expect(update.mock.calls[0][1].image).toBeNull();
    expect(form.has('image')).toBe(true);
    expect(form.get('startTime')).toBe('2025-01-01T00:00:00.000Z');

    act(() => clock.advance(1499));
    expect(location()).toBe(`/admin/books/edit/${MUNA_MADAN}`);
    act(() => clock.advance(1));
    await waitFor(() => expect(location()).toBe(`/admin/books/view/${MUNA_MADAN}`));
  });

  it('shows the edit failure text and keeps the changes', async () => {
    spyOnApi([{ method: 'PUT', path: '/bookcrud/updatebook', prefer: 'code=404' }]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithApp(undefined, { ...admin, route: `/admin/books/edit/${MUNA_MADAN}` });
    await screen.findByLabelText('Title');
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Muna Madan (2nd edition)');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to update book. Please check your input.');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Muna Madan (2nd edition)');
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says Book not found for an unknown id', async () => {
    spyOnApi([{ method: 'GET', path: '/bookcrud/getbookbyid', prefer: 'code=404' }]);
    renderWithApp(undefined, { ...admin, route: `/admin/books/edit/${MUNA_MADAN}` });
    expect(await screen.findByText('Book not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Books' }).getAttribute('href')).toBe('/admin/books');
  });
});

describe('the current cover', () => {
  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload="alert(1)"/>'])(
    'never puts a server address such as %s into an <img>',
    async (imageUrl) => {
      const { container } = renderWithApp(
        <BookForm
          mode="edit"
          initial={{ ...EMPTY_BOOK_FORM, title: 'Muna Madan' }}
          currentImageUrl={imageUrl}
          cancelTo="/admin/books"
          submitLabel="Save Changes"
          failureText="Failed to update book. Please check your input."
          onSave={async () => undefined}
        />,
        { mockUrl: 'http://unused.test' },
      );
      expect(await screen.findByRole('img', { name: 'Cover of Muna Madan' })).toBeTruthy();
      expect(container.querySelector('img')).toBeNull();
    },
  );
});
