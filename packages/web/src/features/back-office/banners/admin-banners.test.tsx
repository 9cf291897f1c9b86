import { defaultNewBanner } from '@pustak/sdk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { tableRows } from '../../../../test/table';
import { spyOnApi } from '../../../../test/api-spy';

const NOW = new Date('2026-11-21T10:00:00Z');
const options = { route: '/admin/banners', session: sessionFor('admin'), config: { now: () => NOW } };
const DASHAIN = 'ba770000-0000-4000-8000-000000000001';
const DASHAIN_MESSAGE = 'Dashain & Tihar festival sale: up to 30% off selected books!';

afterEach(() => {
  vi.restoreAllMocks();
});

const rows = tableRows;

describe('admin banners', () => {
  it('computes each banner status from the clock', async () => {
    renderWithApp(undefined, options);
    const body = await rows();
    expect(body.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'Active',
      'Scheduled',
      'Expired',
      'Inactive',
      'Inactive',
    ]);
    const cells = within(body[2]).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[1]).toBe('Teej week offer on romance titles.');
    expect(cells[2]).toBe('1 September 2024 – 11 September 2024');
  });

  it('shows the same banners as Expired or Active at another time', async () => {
    renderWithApp(undefined, { ...options, config: { now: () => new Date('2029-06-15T00:00:00Z') } });
    const body = await rows();
    expect(within(body[1]).getAllByRole('cell')[0].textContent).toBe('Active');
  });

  it('adds a banner starting from the defaults: pinned, Blue, white text, 30 days', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, options);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Add Banner' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Banner' });
    expect((within(dialog).getByRole('radio', { name: 'Blue' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    for (const name of ['Green', 'Red', 'Yellow', 'Purple']) {
      expect((within(dialog).getByRole('radio', { name }) as HTMLInputElement).checked).toBe(false);
    }
    expect(within(dialog).getByRole('group', { name: 'Colour' })).toBeTruthy();
    expect((within(dialog).getByRole('switch', { name: /Pinned/ }) as HTMLInputElement).checked).toBe(true);
    // Text colour comes with the colour name; there is no free colour to pick.
    expect(within(dialog).queryByLabelText('Text colour')).toBeNull();

    await user.type(within(dialog).getByLabelText('Message'), 'Winter reading week');
    // The preview is the storefront banner itself.
    const preview = within(dialog).getByText('Winter reading week', { selector: 'a span' }).closest('a') as HTMLAnchorElement;
    expect(preview.style.backgroundColor).toBe('rgb(37, 99, 235)');
    await user.click(within(dialog).getByRole('button', { name: 'Add Banner' }));

    expect(await screen.findByText('Announcement created successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add Banner' })).toBeNull();
    const [call] = api.find('POST', '/announcement/addAnnouncement');
    const defaults = defaultNewBanner(NOW);
    expect(await call.request.json()).toEqual({
      Message: 'Winter reading week',
      StartTime: defaults.startTime,
      EndTime: defaults.endTime,
      IsPinned: true,
      Color: 'Blue',
      TextColor: '#ffffff',
    });
  });

  it('takes the text colour of the chosen colour option', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, options);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Add Banner' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Banner' });
    await user.type(within(dialog).getByLabelText('Message'), 'Yellow days');
    await user.click(within(dialog).getByRole('radio', { name: 'Yellow' }));
    const preview = within(dialog).getByText('Yellow days', { selector: 'a span' }).closest('a') as HTMLAnchorElement;
    expect(preview.style.color).toBe('rgb(31, 41, 55)');
    await user.click(within(dialog).getByRole('switch', { name: /Pinned/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Banner' }));
    await screen.findByText('Announcement created successfully');
    const body = await api.find('POST', '/announcement/addAnnouncement')[0].request.json();
    expect(body).toMatchObject({ Color: 'Yellow', TextColor: '#1f2937', IsPinned: false });
  });

  it('needs a message and keeps the dialog open on a failed save', async () => {
    const api = spyOnApi([{ method: 'POST', path: '/announcement/addAnnouncement', networkError: true }]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithApp(undefined, options);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Add Banner' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Banner' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Banner' }));
    expect(within(dialog).getByText('Message is required')).toBeTruthy();
    expect(api.find('POST', '/announcement/addAnnouncement')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Message'), 'Kept after a failure');
    await user.click(within(dialog).getByRole('button', { name: 'Add Banner' }));
    expect(await within(dialog).findByText('The banner was not saved. Please try again.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Kept after a failure');
    expect(logged).toHaveBeenCalled();
  });

  it('edits a banner with its own values', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, options);
    await rows();
    await user.click(screen.getByRole('button', { name: `Edit: ${DASHAIN_MESSAGE}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Banner' });
    const message = within(dialog).getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.value).toBe(DASHAIN_MESSAGE);
    await user.clear(message);
    await user.type(message, 'Tihar sale extended');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Announcement updated successfully')).toBeTruthy();
    const body = await api.find('PUT', `/announcement/update/${DASHAIN}`)[0].request.json();
    expect(body).toMatchObject({ Message: 'Tihar sale extended', IsPinned: true, Color: 'Blue' });
  });

  it('pins and unpins with the correct update (not the legacy IdPinned)', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, options);
    await rows();
    const pin = screen.getByRole('switch', { name: `Pinned: ${DASHAIN_MESSAGE}` }) as HTMLInputElement;
    expect(pin.checked).toBe(true);
    await user.click(pin);
    await waitFor(() => expect(api.find('PUT', `/announcement/update/${DASHAIN}`)).toHaveLength(1));
    expect(await api.find('PUT', `/announcement/update/${DASHAIN}`)[0].request.json()).toEqual({
      Message: DASHAIN_MESSAGE,
      StartTime: '2025-01-01T00:00:00.000Z',
      EndTime: '2029-12-31T23:59:59.000Z',
      IsPinned: false,
      Color: 'Blue',
      TextColor: '#ffffff',
    });
    expect(await screen.findByText('Announcement updated successfully')).toBeTruthy();
  });

  it('previews a banner as the storefront shows it', async () => {
    const { user } = renderWithApp(undefined, options);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Preview: Teej week offer on romance titles.' }));
    const dialog = screen.getByRole('dialog', { name: 'Banner preview' });
    const banner = within(dialog).getAllByText('Teej week offer on romance titles.')[0].closest('a') as HTMLAnchorElement;
    expect(banner.getAttribute('href')).toBe('/shop');
    expect(banner.style.backgroundColor).toBe('rgb(220, 38, 38)');
    expect(banner.style.color).toBe('rgb(255, 255, 255)');
    expect(banner.closest('[inert]')).toBeTruthy();
    expect(within(dialog).getByText(/status Expired/)).toBeTruthy();
  });

  it('deletes a banner after confirmation', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, options);
    await rows();
    await user.click(screen.getByRole('button', { name: `Delete: ${DASHAIN_MESSAGE}` }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete banner' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Announcement deleted successfully')).toBeTruthy();
    expect(api.find('DELETE', `/announcement/delete/${DASHAIN}`)).toHaveLength(1);
  });

  it('says quietly when a delete fails', async () => {
    spyOnApi([{ method: 'DELETE', path: '/announcement/delete', prefer: 'code=404' }]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithApp(undefined, options);
    await rows();
    await user.click(screen.getByRole('button', { name: `Delete: ${DASHAIN_MESSAGE}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`“${DASHAIN_MESSAGE}” was not deleted. Please try again.`)).toBeTruthy();
  });

  it('says when there are no banners', async () => {
    spyOnApi([{ method: 'GET', path: '/announcement/all', prefer: 'example=empty' }]);
    renderWithApp(undefined, options);
    expect(await screen.findByText('No banners yet')).toBeTruthy();
  });
});
