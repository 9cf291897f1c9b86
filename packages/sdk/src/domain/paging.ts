/** One pager entry: a page number or a gap marker (render it as '…'). */
export type PagerItem = number | 'ellipsis';

/** A page number forced into 1..totalPages (1 when there are no pages or the input isn't a number). */
export function clampPage(page: number, totalPages: number): number {
  const last = Math.max(1, Math.floor(totalPages) || 1);
  const p = Math.floor(page);
  return Number.isFinite(p) ? Math.min(Math.max(p, 1), last) : 1;
}

/**
 * Pager entries: up to `maxNumbers` consecutive pages centred on `current`, plus the first and
 * last page with an 'ellipsis' for any gap; e.g. 5 of 10 -> [1,'ellipsis',3,4,5,6,7,'ellipsis',10].
 */
export function pagerPages(current: number, totalPages: number, maxNumbers = 5): PagerItem[] {
  const total = Math.max(0, Math.floor(totalPages) || 0);
  if (total === 0) return [];
  const span = Math.max(1, Math.floor(maxNumbers));
  if (total <= span) return Array.from({ length: total }, (_, i) => i + 1);
  const page = clampPage(current, total);
  const start = Math.min(Math.max(page - Math.floor((span - 1) / 2), 1), total - span + 1);
  const end = start + span - 1;
  const items: PagerItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('ellipsis');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < total - 1) items.push('ellipsis');
  if (end < total) items.push(total);
  return items;
}
