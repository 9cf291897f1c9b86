import type { ListActivityParams, PagedActivity, RequestOptions } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** The activity log (Admin): read only, as the API offers no way to change it. */
export interface ActivityApi {
  /** `listActivity` — entries newest first, filtered by actor, kind and a time window, paged. */
  list(params?: ListActivityParams, options?: RequestOptions): Promise<PagedActivity>;
}

export function activityApi(raw: RawClient): ActivityApi {
  return {
    async list(params, options) {
      const { data, currentPage, pageSize, totalCount, totalPages } = await unwrap(raw.GET('/activity/all', { params: { query: params ?? {} }, ...init(options) }));
      return { items: data, currentPage, pageSize, totalCount, totalPages };
    },
  };
}
