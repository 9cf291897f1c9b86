import { type ConnectNotificationsOptions, type NotificationConnection } from '@pustak/sdk';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, testClient } from '../../../test/render';
import { getTestMockUrl } from '../../../test/mock-url';

function fakeHub() {
  const connections: ConnectNotificationsOptions[] = [];
  const stopped: string[] = [];
  const connect = (options: ConnectNotificationsOptions): NotificationConnection => {
    connections.push(options);
    return {
      state: 'Connected',
      started: Promise.resolve(true),
      stop: async () => {
        stopped.push(options.url);
      },
    };
  };
  return {
    connect,
    connections,
    stopped,
    send: (sender: string, text: string) => act(() => connections.at(-1)?.onMessage(sender, text)),
  };
}

describe('live notification toast', () => {
  it('opens one connection to the hub and shows queued messages one at a time, 3 s each, in order', async () => {
    const hub = fakeHub();
    renderWithApp(undefined, {
      route: '/contact',
      config: { hubUrl: 'http://shop.test/hubs/notification', connectNotifications: hub.connect },
    });
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    // The connection starts in an effect, after the first paint.
    await waitFor(() => expect(hub.connections.map((c) => c.url)).toEqual(['http://shop.test/hubs/notification']));

    vi.useFakeTimers();
    hub.send('Admin', 'New book added! Karnali Blues');
    hub.send('Purchased Book', 'sita has purchased the book ');

    const region = () => screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
    expect(region().textContent).toBe('Admin: New book added! Karnali Blues');
    act(() => vi.advanceTimersByTime(2999));
    expect(region().textContent).toBe('Admin: New book added! Karnali Blues');
    act(() => vi.advanceTimersByTime(1));
    expect(region().textContent).toBe('Purchased Book: sita has purchased the book ');
    act(() => vi.advanceTimersByTime(3000));
    expect(region().textContent).toBe('');
  });

  it('prepends live messages to the bell list', async () => {
    const hub = fakeHub();
    const { user } = renderWithApp(undefined, {
      route: '/contact',
      config: { hubUrl: 'http://shop.test/hubs/notification', connectNotifications: hub.connect },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('region', { name: 'Notifications list' });
    await within(panel).findByText('bikash has purchased the book!');
    await waitFor(() => expect(hub.connections).toHaveLength(1));
    hub.send('Admin', 'New book added! Palpasa Cafe');
    const items = within(panel).getAllByRole('listitem');
    expect(items[0].textContent).toContain('New book added! Palpasa Cafe');
    expect(items[1].textContent).toContain('bikash has purchased the book!');
  });
});

describe('notification bell', () => {
  it('lists the notifications from the server with relative times', async () => {
    const { user } = renderWithApp(undefined, { route: '/' });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    await user.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Notifications list' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.firstChild?.textContent)).toEqual([
      'bikash has purchased the book!',
      'sita has purchased the book!',
      'New book added! Karnali Blues',
      'hari has purchased the book!',
      'New book added! The Hobbit',
      'ram has purchased the book!',
      'anisha has purchased the book!',
      'sita has purchased the book!',
      'New book added! Muna Madan',
    ]);
    expect(items[0].querySelector('time')?.textContent).toMatch(/^(\d+[smhd] ago|just now)$/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications list' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('shows the empty state', async () => {
    const client = testClient(`${getTestMockUrl()}/api`);
    const original = client.notifications.list.bind(client.notifications);
    client.notifications.list = () => original({ headers: { Prefer: 'example=empty' } });
    const { user } = renderWithApp(undefined, { route: '/', client });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
  });
});
