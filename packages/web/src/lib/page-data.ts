import { jsonBlock } from './json-block';

/** The id of the JSON block a page served with its data carries (src/prerender.tsx writes it). */
export const PAGE_DATA_ID = 'pustak-page';

/** What a page served with its data carries: SWR's fallback (serialized key -> answer) and when it was rendered. */
export interface PageData {
  fallback: Record<string, unknown>;
  /** ISO time the server rendered the page at: hydration shows the page as of then (countdowns). */
  renderedAt: string;
}

/** The page's data block, or undefined (a page without one, a malformed one). */
export function readPageData(doc: Document = document): PageData | undefined {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    if (typeof data.renderedAt !== 'string' || typeof data.fallback !== 'object' || data.fallback === null) return undefined;
    return { fallback: data.fallback, renderedAt: data.renderedAt };
  } catch {
    return undefined;
  }
}

/** `data` as a JSON block for the page's <head>, nothing in it able to end the block (json-block.ts). */
export function pageDataBlock(data: PageData): string {
  return jsonBlock(PAGE_DATA_ID, data);
}
