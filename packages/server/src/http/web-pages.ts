// The web app's pages (docs/decisions.md, "First paint"). The build writes two: index.html, the
// home page prerendered, served at "/" only; and shell.html, the same page with an empty #root,
// for every other path of the single-page app (so /books never shows the home page first). A
// build without shell.html (an older one) serves index.html everywhere.
//
// Each page says whether the announcement banner shows, so its first paint has the banner's space
// right without waiting for the app: `<html data-banner="on|off">`, and the banner's data in a
// JSON block the app reads (packages/web/build/prerender.ts writes the same for `vite preview`).
// A JSON block never runs: the CSP, which forbids inline script, allows it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const BANNER_DATA_ID = 'pustak-banner';

/** The page for `path` (no query), marked with the banner's state; unmarked when it is not known (the app asks). */
export type WebPages = (path: string, banner: { active: boolean } | undefined) => Promise<string>;

export function createWebPages(webDist: string): WebPages {
  const files = new Map<string, Promise<string>>();
  const read = (name: string) => {
    let file = files.get(name);
    if (!file) {
      file = readFile(join(webDist, name), 'utf8');
      files.set(name, file);
    }
    return file;
  };
  const shell = existsSync(join(webDist, 'shell.html')) ? 'shell.html' : 'index.html';
  return async (path, banner) => {
    const html = await read(path === '/' ? 'index.html' : shell);
    if (!banner) return html;
    // `<` escaped, so a message cannot end the block.
    const data = JSON.stringify(banner).replace(/</g, '\\u003c');
    return html
      .replace(/<html\b/, `<html data-banner="${banner.active ? 'on' : 'off'}"`)
      .replace('</head>', `<script type="application/json" id="${BANNER_DATA_ID}">${data}</script></head>`);
  };
}
