import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { AnnouncementBannerView } from './announcement-banner';

describe('announcement banner', () => {
  it('shows the active announcement from the server in its colours, linking to /shop', async () => {
    renderWithApp(undefined, { route: '/contact' });
    const link = await screen.findByRole('link', { name: /Dashain & Tihar festival sale/ });
    expect(link.getAttribute('href')).toBe('/shop');
    expect(link.style.background).toContain('rgb(37, 99, 235)');
    expect(link.style.color).toBe('rgb(255, 255, 255)');
    expect(within(link).getByRole('timer')).toBeTruthy();
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
