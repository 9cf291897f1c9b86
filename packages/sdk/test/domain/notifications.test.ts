import { describe, expect, it } from 'vitest';
import { hasUnreadNotifications, newestNotificationMs } from '../../src/domain/index.js';

describe('unread notifications', () => {
  const list = [{ createdAt: '2026-11-20T10:00:00Z' }, { createdAt: '2026-11-21T10:00:00Z' }, { createdAt: 'not a date' }];
  const newest = Date.parse('2026-11-21T10:00:00Z');

  it('marks the newest dated notification', () => {
    expect(newestNotificationMs(list)).toBe(newest);
    expect(newestNotificationMs([])).toBe(0);
  });

  it('is unread while something is newer than what was seen', () => {
    expect(hasUnreadNotifications(list, 0)).toBe(true);
    expect(hasUnreadNotifications(list, newest)).toBe(false);
    expect(hasUnreadNotifications([{ createdAt: '2026-11-21T10:00:01Z' }, ...list], newest)).toBe(true);
    expect(hasUnreadNotifications([], 0)).toBe(false);
  });
});
