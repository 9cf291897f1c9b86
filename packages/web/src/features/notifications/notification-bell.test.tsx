import { type ConnectNotificationsOptions, type NotificationConnection } from '@pustak/sdk';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, sessionFor } from '../../../test/render';

const UNREAD = 'New notifications';

function hub() {
  const connections: ConnectNotificationsOptions[] = [];
  const connect = (options: ConnectNotificationsOptions): NotificationConnection => {
    connections.push(options);
    return { state: 'Connected', started: Promise.resolve(true), stop: async () => undefined };
  };
  return { connect, connections, send: (text: string) => act(() => connections.at(-1)?.onMessage('Admin', text)) };
}

const dot = (bell: HTMLElement) => bell.querySelector('span[aria-hidden="true"]:not(:first-child)');

async function bellWithList() {
  const bell = await screen.findByRole('button', { name: 'Notifications' });
  // The list loads with the page; wait until the bell has it.
  await waitFor(() => expect(bell.getAttribute('aria-expanded')).toBe('false'));
  return bell;
}

describe("the bell's dot means unread", () => {
  it('stays off for a guest, even when a new notification arrives', async () => {
    const live = hub();
    renderWithApp(undefined, {
      route: '/contact',
      config: { hubUrl: 'http://shop.test/hubs/notification', connectNotifications: live.connect },
    });
    const bell = await bellWithList();
    await waitFor(() => expect(live.connections).toHaveLength(1));
    live.send('New book added! Palpasa Cafe');
    // The toast shows it, so the page has it; the bell still has nothing unread for a guest.
    const toast = () => screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')?.textContent;
    await waitFor(() => expect(toast()).toBe('Admin: New book added! Palpasa Cafe'));
    expect(screen.queryByText(UNREAD)).toBeNull();
    expect(dot(bell)).toBeNull();
    expect(bell.getAttribute('aria-describedby')).toBeNull();
  });

  it('is on for a customer with unread notifications, off once the list has been opened, and stays off after a reload', async () => {
    const first = renderWithApp(undefined, { route: '/contact', session: sessionFor('customer') });
    const bell = await bellWithList();
    expect(await screen.findByText(UNREAD)).toBeTruthy();
    expect(bell.getAttribute('aria-describedby')).toBe(screen.getByText(UNREAD).id);
    expect(dot(bell)).toBeTruthy();
    await first.user.click(bell);
    await within(screen.getByRole('region', { name: 'Notifications list' })).findAllByText('Karnali Blues was just bought');
    expect(screen.queryByText(UNREAD)).toBeNull();
    await first.user.click(bell);
    expect(screen.queryByRole('region', { name: 'Notifications list' })).toBeNull();
    expect(screen.queryByText(UNREAD)).toBeNull();
    expect(dot(bell)).toBeNull();
    first.unmount();

    // The same customer comes back: the list they saw is still read.
    renderWithApp(undefined, { route: '/contact', session: sessionFor('customer') });
    const again = await bellWithList();
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await waitFor(() => expect(again.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.queryByText(UNREAD)).toBeNull();
  });

  it('comes back on when a new notification arrives', async () => {
    const live = hub();
    const { user } = renderWithApp(undefined, {
      route: '/contact',
      session: sessionFor('customer'),
      config: { hubUrl: 'http://shop.test/hubs/notification', connectNotifications: live.connect },
    });
    const bell = await bellWithList();
    await user.click(bell);
    await within(screen.getByRole('region', { name: 'Notifications list' })).findAllByText('Karnali Blues was just bought');
    await user.click(bell);
    expect(screen.queryByText(UNREAD)).toBeNull();
    await waitFor(() => expect(live.connections).toHaveLength(1));
    live.send('New book added! Palpasa Cafe');
    expect(await screen.findByText(UNREAD)).toBeTruthy();
    expect(dot(bell)).toBeTruthy();
  });
});
