import { firstPage, iteratePages, pageFigures, type Page, type PageFetcher } from '../pages.js';
import type { ActivityEntry, ListActivityParams, PagedActivity, RequestOptions } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** The activity log (Admin): read only, as the API offers no way to change it. */
export interface ActivityApi {
  /** `listActivity` — entries newest first, filtered by actor, kind and a time window, paged. */
  list(params?: ListActivityParams, options?: RequestOptions): Promise<PagedActivity>;
  /** `listActivity` as a {@link Page}: `hasNextPage()`, `getNextPage()`. */
  page(params?: ListActivityParams, options?: RequestOptions): Promise<Page<ActivityEntry>>;
  /** Every entry under the filters, newest first, page after page. */
  iterate(params?: ListActivityParams, options?: RequestOptions): AsyncGenerator<ActivityEntry, void, undefined>;
}

export function activityApi(raw: RawClient): ActivityApi {
  const list: ActivityApi['list'] = async (params, options) => {
    const { data, currentPage, pageSize, totalCount, totalPages } = await unwrap(raw.GET('/activity/all', { params: { query: params ?? {} }, ...init(options) }));
    return { items: data, currentPage, pageSize, totalCount, totalPages };
  };
  const fetchPage: PageFetcher<ActivityEntry, ListActivityParams> = async (params, options) => pageFigures(await list(params, options));
  return {
    list,
    page: (params, options) => firstPage(fetchPage, params ?? {}, options),
    iterate: (params, options) => iteratePages(fetchPage, params ?? {}, options),
  };
}
