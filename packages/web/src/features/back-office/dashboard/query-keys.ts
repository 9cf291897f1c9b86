import { pustakKey } from '@pustak/sdk/swr';

/** SWR keys of what the admin dashboard reads (the SDK hooks' keys: the call is the key). */
export const dashboardKeys = {
  summary: pustakKey('dashboard', 'get'),
};
