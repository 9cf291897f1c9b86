// The Add Special Offer dialog's checks. The spec (section 5) asks nothing of a timed discount
// beyond turning its dates into timestamps, so the dialog refuses only what cannot be sent: a
// start or end that is no date, and a discount the Edit Book form would refuse too (0 to 100).
// Each message stands under its own field, is what that field is described by, and nothing is
// sent while one shows.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { spyOnApi } from '../../../../test/api-spy';

const MUNA_MADAN = '0f0e0000-0000-4000-8000-000000000003';
const admin = { session: sessionFor('admin'), route: `/admin/books/view/${MUNA_MADAN}` };
const OFFER_PATH = `/bookcrud/discountOffer/${MUNA_MADAN}`;

afterEach(() => {
  vi.restoreAllMocks();
});

/** What a screen reader reads after the field's name: the texts its aria-describedby points at. */
function description(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function openOffer() {
  const api = spyOnApi();
  const { user } = renderWithApp(undefined, admin);
  await user.click(await screen.findByRole('button', { name: 'Add Timed Discount' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Special Offer' });
  const fields = {
    discount: within(dialog).getByLabelText('Discount (%)') as HTMLInputElement,
    start: within(dialog).getByLabelText('Start') as HTMLInputElement,
    end: within(dialog).getByLabelText('End') as HTMLInputElement,
  };
  const save = () => user.click(within(dialog).getByRole('button', { name: 'Save Offer' }));
  const typeDiscount = async (text: string) => {
    await user.clear(fields.discount);
    if (text) await user.type(fields.discount, text);
  };
  return { api, dialog, fields, save, typeDiscount };
}

describe('Add Special Offer validation', () => {
  it('says what is missing under each field, and sends nothing', async () => {
    const { api, dialog, fields, save, typeDiscount } = await openOffer();
    await typeDiscount('');
    fireEvent.change(fields.start, { target: { value: '' } });
    fireEvent.change(fields.end, { target: { value: '' } });
    await save();

    expect(await within(dialog).findByText('Enter a discount between 0 and 100')).toBeTruthy();
    expect(description(fields.discount)).toBe('Enter a discount between 0 and 100');
    expect(description(fields.start)).toBe('Choose when the offer starts');
    expect(description(fields.end)).toBe('Choose when the offer ends');
    for (const field of Object.values(fields)) expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.find('PUT', OFFER_PATH)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Add Special Offer' })).toBeTruthy();
  });

  it.each(['-1', '100.1', '250'])('refuses a discount of %s with the 0 to 100 message only', async (typed) => {
    const { api, fields, save, typeDiscount } = await openOffer();
    await typeDiscount(typed);
    await save();
    expect(description(fields.discount)).toBe('Enter a discount between 0 and 100');
    expect(fields.start.getAttribute('aria-invalid')).toBeNull();
    expect(fields.end.getAttribute('aria-invalid')).toBeNull();
    expect(api.find('PUT', OFFER_PATH)).toHaveLength(0);
  });

  it.each([
    ['0', 0],
    ['100', 100],
    ['12.5', 12.5],
  ])('sends a discount of %s, the ends of the range included', async (typed, sent) => {
    const { api, save, typeDiscount } = await openOffer();
    await typeDiscount(typed);
    await save();
    expect(await screen.findByText('Discount added successfully')).toBeTruthy();
    const [call] = api.find('PUT', OFFER_PATH);
    expect((await call.request.json()).Discount).toBe(sent);
  });

  it('checks nothing more than the spec does: an end before the start goes to the server as typed', async () => {
    const { api, fields, save } = await openOffer();
    fireEvent.change(fields.start, { target: { value: '2026-12-31T18:30' } });
    fireEvent.change(fields.end, { target: { value: '2026-12-01T09:00' } });
    await save();
    expect(await screen.findByText('Discount added successfully')).toBeTruthy();
    const [call] = api.find('PUT', OFFER_PATH);
    expect(await call.request.json()).toMatchObject({
      StartTime: new Date(2026, 11, 31, 18, 30).toISOString(),
      EndTime: new Date(2026, 11, 1, 9, 0).toISOString(),
    });
  });
});
