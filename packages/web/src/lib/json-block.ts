/**
 * `data` as a JSON block of a page (`<script type="application/json">`, which never runs: the CSP
 * allows it). `<` is escaped, so nothing in the data (a review, a banner's message) can end the
 * block or open a comment in it (`</script>`, `<!--`); U+2028/U+2029 too, so it reads the same
 * as a script. The Pustak server writes its banner block the same way (packages/server/src/plugins/web-build-pages.ts).
 */
export function jsonBlock(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/[<\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${id}">${json}</script>`;
}
