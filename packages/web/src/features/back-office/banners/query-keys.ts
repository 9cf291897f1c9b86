import { pustakKey } from '@pustak/sdk/swr';

/** SWR keys of what the banner admin reads (the SDK hooks' keys: the call is the key). */
export const bannerKeys = {
  all: pustakKey('announcements', 'list'),
};
