// The shop's pickup information (issue 29, part 4): one configuration (the environment, see
// main.ts) read by GET /shop/info, the web app's confirmation dialog and contact page, and every
// order e-mail. The defaults are what the contact page said before.
import type { components } from '@pustak/sdk/schema';

export type ShopInfo = components['schemas']['ShopInfo'];

export const DEFAULT_SHOP: ShopInfo = {
  name: 'Pustak',
  address: 'Thamel Marg 12, Kathmandu 44600, Nepal',
  openingHours: ['Sunday to Friday, 9:00 to 19:00', 'Saturday, 11:00 to 17:00'],
  phone: '+977 1-4412345',
  email: 'hello@pustak.com.np',
  pickupHoldDays: 7,
  timeZone: 'Asia/Kathmandu',
};

/** The defaults with what the settings give (`pickupHoldDays` is its own setting, shared with the order lifecycle). */
export function shopInfo(shop: Partial<Omit<ShopInfo, 'pickupHoldDays'>> | undefined, pickupHoldDays: number | undefined): ShopInfo {
  const given = Object.fromEntries(Object.entries(shop ?? {}).filter(([, value]) => value !== undefined && value.length > 0));
  return { ...DEFAULT_SHOP, ...given, pickupHoldDays: pickupHoldDays ?? DEFAULT_SHOP.pickupHoldDays };
}
