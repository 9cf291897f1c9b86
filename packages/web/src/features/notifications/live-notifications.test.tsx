import { type ConnectNotificationsOptions, type NotificationConnection } from '@pustak/sdk';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor, testClient } from '../../../test/render';
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
    hub.send('Purchased Book', 'Karnali Blues was just bought');

    const region = () => screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
    expect(region().textContent).toBe('Admin: New book added! Karnali Blues');
    act(() => vi.advanceTimersByTime(2999));
    expect(region().textContent).toBe('Admin: New book added! Karnali Blues');
    act(() => vi.advanceTimersByTime(1));
    expect(region().textContent).toBe('Purchased Book: Karnali Blues was just bought');
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
    await within(panel).findAllByText('Karnali Blues was just bought');
    await waitFor(() => expect(hub.connections).toHaveLength(1));
    hub.send('Admin', 'New book added! Palpasa Cafe');
    const items = within(panel).getAllByRole('listitem');
    expect(items[0].textContent).toContain('New book added! Palpasa Cafe');
    expect(items[1].textContent).toContain('Karnali Blues was just bought');
  });
});

describe('messages meant for the signed-in reader', () => {
  it('connects with the reader\'s token, shows their own message as a toast and in the bell marked For you, and lights the dot', async () => {
    const hub = fakeHub();
    const { user } = renderWithApp(undefined, {
      route: '/contact',
      session: sessionFor('customer'),
      config: { hubUrl: 'http://shop.test/hubs/notification', connectNotifications: hub.connect },
    });
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await waitFor(() => expect(hub.connections).toHaveLength(1));
    // The connection negotiates as the signed-in reader, so the hub sends them their own messages.
    expect(await hub.connections[0]!.accessTokenFactory?.()).toBe('test-token-customer');
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell.getAttribute('aria-describedby')).toBeTruthy());
    await user.click(bell);
    await user.click(bell);
    expect(bell.getAttribute('aria-describedby')).toBeNull();

    act(() => hub.connections.at(-1)!.onUserMessage!('Order ready', 'Your order is ready for pickup'));
    const region = () => screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
    expect(region().textContent).toBe('Order ready: Your order is ready for pickup');
    // Unread for this reader: the dot is back until they open the list.
    await waitFor(() => expect(bell.getAttribute('aria-describedby')).toBeTruthy());
    await user.click(bell);
    const first = within(screen.getByRole('region', { name: 'Notifications list' })).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('For you');
    expect(first.textContent).toContain('Your order is ready for pickup');
  });

  it('connects without a token for a guest', async () => {
    const hub = fakeHub();
    renderWithApp(undefined, { route: '/contact', config: { hubUrl: 'http://shop.test/hubs/notification', connectNotifications: hub.connect } });
    await waitFor(() => expect(hub.connections).toHaveLength(1));
    expect(hub.connections[0]!.accessTokenFactory).toBeUndefined();
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
      'Karnali Blues was just bought',
      'Karnali Blues was just bought',
      'New book added! Karnali Blues',
      'The Hobbit was just bought',
      'New book added! The Hobbit',
      'Muna Madan was just bought',
      'Muna Madan was just bought',
      'Muna Madan was just bought',
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
