import { pustakKey } from '@pustak/sdk/swr';

/** SWR keys of what the admin book pages read (the SDK hooks' keys: the call is the key). */
export const adminBookKeys = {
  /** The unpaged inventory (`catalog.listAll()`). */
  all: pustakKey('catalog', 'listAll'),
};
