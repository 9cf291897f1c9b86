import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { AnnouncementBannerView } from './announcement-banner-view';

describe('announcement banner', () => {
  it('shows the active announcement from the server in its colours, linking to /shop, with its end date', async () => {
    renderWithApp(undefined, { route: '/contact' });
    const link = await screen.findByRole('link', { name: /Dashain & Tihar festival sale/ });
    expect(link.getAttribute('href')).toBe('/shop');
    expect(link.style.backgroundColor).toBe('rgb(37, 99, 235)');
    expect(link.style.color).toBe('rgb(255, 255, 255)');
    // It ends 2029-12-31T23:59:59Z (1 January 2030 in Kathmandu): a date, not a counter of days.
    expect(within(link).getByText('Ends 1 Jan 2030')).toBeTruthy();
    expect(within(link).queryByRole('timer')).toBeNull();
  });

  it('takes its colours from the palette of its colour name, never from a server string', () => {
    renderWithApp(
      <AnnouncementBannerView
        announcement={{
          active: true,
          message: 'Yellow week',
          start: null,
          end: '2029-01-01T00:00:00Z',
          color: 'Yellow',
          textColor: 'red; background-image: url(https://evil.test/x)',
        }}
      />,
      { mockUrl: 'http://unused.test' },
    );
    const link = screen.getByRole('link', { name: /Yellow week/ });
    expect(link.style.backgroundColor).toBe('rgb(250, 204, 21)');
    expect(link.style.color).toBe('rgb(31, 41, 55)');
    expect(link.getAttribute('style')).not.toMatch(/evil|url\(/);
  });

  it("draws a legacy colour picker's arbitrary colours exactly, and nothing else the server sends", () => {
    const draw = (color: string, textColor: string, message: string) => {
      renderWithApp(
        <AnnouncementBannerView announcement={{ active: true, message, start: null, end: '2029-01-01T00:00:00Z', color, textColor }} />,
        { mockUrl: 'http://unused.test' },
      );
      return screen.getByRole('link', { name: new RegExp(message) });
    };
    const picked = draw('bg-[#14532d]', '#7bec7a', 'Teej week');
    expect(picked.style.backgroundColor).toBe('rgb(20, 83, 45)');
    expect(picked.style.color).toBe('rgb(123, 236, 122)');
    // A name keeps its palette background under the exact text colour; the bracket form from a
    // legacy server is read as the colour it names too.
    const named = draw('Green', 'text-[#FE0]', 'Green week');
    expect(named.style.backgroundColor).toBe('rgb(21, 128, 61)');
    expect(named.style.color).toBe('rgb(255, 238, 0)');
    const hostile = draw('bg-[url(https://evil.test/x)]', 'text-[red]', 'Hostile week');
    expect(hostile.style.backgroundColor).toBe('rgb(37, 99, 235)');
    expect(hostile.style.color).toBe('rgb(255, 255, 255)');
    expect(hostile.getAttribute('style')).not.toMatch(/evil|url\(|red/);
  });

  it('switches from the end date to the ticking counter in the last week', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-01T10:00:00Z'));
    renderWithApp(
      <AnnouncementBannerView
        announcement={{ active: true, message: 'Tihar sale', start: '2026-10-01T00:00:00Z', end: '2026-11-22T12:30:05Z', color: 'Red', textColor: '#ffffff' }}
      />,
      { mockUrl: 'http://unused.test' },
    );
    expect(screen.getByText('Ends 22 Nov 2026')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('02d days02h hours30m minutes04s seconds');
    expect(screen.queryByText(/^Ends /)).toBeNull();
    vi.useRealTimers();
  });

  it('counts down days, hours, minutes and seconds every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    renderWithApp(
      <AnnouncementBannerView
        announcement={{
          active: true,
          message: 'Tihar sale',
          start: '2026-11-19T00:00:00Z',
          end: '2026-11-22T12:30:05Z',
          color: 'Green',
          textColor: '#ffffff',
        }}
      />,
      { mockUrl: 'http://unused.test' },
    );
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('02d days02h hours30m minutes05s seconds');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('02d days02h hours30m minutes04s seconds');
    act(() => vi.advanceTimersByTime(5000));
    expect(timer.textContent).toBe('02d days02h hours29m minutes59s seconds');
  });

  it('shows no countdown without a start value', () => {
    renderWithApp(
      <AnnouncementBannerView
        announcement={{ active: true, message: 'Free delivery this week', start: null, end: '2029-01-01T00:00:00Z', color: 'Blue', textColor: '#fff' }}
      />,
      { mockUrl: 'http://unused.test' },
    );
    expect(screen.getByText('Free delivery this week')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
