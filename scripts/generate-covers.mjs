#!/usr/bin/env node
// Writes one typographic SVG cover per example book to packages/web/public/covers/.
// The books come from the contract's `catalogue` example, so a book added there gets a
// cover by re-running `node scripts/generate-covers.mjs`; the SVGs are committed because the
// web app serves them as static files and must not depend on this script at run time.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { contractPath } from '@pustak/contract';
import { coversDir } from '@pustak/web/covers';
import YAML from 'yaml';


// Background, accent and text colour per genre: a reader can tell the genre at a glance.
const palette = {
  Fiction: { bg: '#1e3a5f', accent: '#e9c46a', ink: '#fdf6e3' },
  'Non-Fiction': { bg: '#2f4858', accent: '#f6ae2d', ink: '#f7f7f2' },
  Science: { bg: '#0b4f4a', accent: '#7fd1c7', ink: '#f1faee' },
  History: { bg: '#6b3e26', accent: '#e0b973', ink: '#fbf3e4' },
  Biography: { bg: '#4a3b5c', accent: '#d4b483', ink: '#f8f1ff' },
  Fantasy: { bg: '#1f4d2b', accent: '#c9e265', ink: '#f3f9e8' },
  Mystery: { bg: '#23232f', accent: '#b8c0ff', ink: '#eceff4' },
  Romance: { bg: '#8c2f4b', accent: '#ffc2d1', ink: '#fff5f7' },
  Horror: { bg: '#3a0d0d', accent: '#d62828', ink: '#f5e6e6' },
};

// One simple geometric ornament per genre, drawn around (150, 112) and lifted 6 px.
const ornaments = {
  Fiction: (c) => `<g fill="none" stroke="${c}" stroke-width="2"><circle cx="150" cy="112" r="34"/><circle cx="150" cy="112" r="22"/><circle cx="150" cy="112" r="10"/></g>`,
  'Non-Fiction': (c) => `<g fill="none" stroke="${c}" stroke-width="2"><path d="M150 74 188 112 150 150 112 112Z"/><path d="M150 92 170 112 150 132 130 112Z"/></g>`,
  Science: (c) => `<g fill="none" stroke="${c}" stroke-width="2"><ellipse cx="150" cy="112" rx="42" ry="14"/><ellipse cx="150" cy="112" rx="42" ry="14" transform="rotate(60 150 112)"/><ellipse cx="150" cy="112" rx="42" ry="14" transform="rotate(120 150 112)"/><circle cx="150" cy="112" r="5" fill="${c}"/></g>`,
  History: (c) => `<g fill="${c}"><rect x="112" y="78" width="76" height="8"/><rect x="120" y="90" width="8" height="46"/><rect x="146" y="90" width="8" height="46"/><rect x="172" y="90" width="8" height="46"/><rect x="108" y="140" width="84" height="8"/></g>`,
  Biography: (c) => `<g fill="none" stroke="${c}" stroke-width="2"><ellipse cx="150" cy="112" rx="30" ry="38"/><circle cx="150" cy="102" r="11"/><path d="M128 140a22 20 0 0 1 44 0"/></g>`,
  Fantasy: (c) => `<path fill="none" stroke="${c}" stroke-width="2" d="M150 72 160 101 191 101 166 119 175 149 150 131 125 149 134 119 109 101 140 101Z"/>`,
  Mystery: (c) => `<g fill="${c}"><circle cx="150" cy="100" r="16"/><path d="M141 108h18l8 42h-34Z"/></g>`,
  Romance: (c) => `<g fill="none" stroke="${c}" stroke-width="2"><circle cx="135" cy="112" r="26"/><circle cx="165" cy="112" r="26"/></g>`,
  Horror: (c, bg) => `<g><circle cx="150" cy="112" r="34" fill="${c}"/><circle cx="164" cy="102" r="30" fill="${bg}"/></g>`,
};

const escapeXml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap; a word longer than the width keeps a line of its own. */
function wrap(text, width) {
  const lines = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function coverSvg(book) {
  const colours = palette[book.genre];
  if (!colours) throw new Error(`No cover palette for genre ${book.genre} (${book.title})`);
  const lines = wrap(book.title, 13);
  const longest = Math.max(...lines.map((line) => line.length));
  const size = longest > 11 ? 27 : 32;
  const lineHeight = Math.round(size * 1.2);
  const top = 232 - ((lines.length - 1) * lineHeight) / 2;
  const titleText = lines
    .map((line, i) => `<tspan x="150" y="${Math.round(top + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  const ruleY = Math.round(top + (lines.length - 1) * lineHeight + 30);
  const label = `${book.title} by ${book.author}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 450" width="300" height="450" role="img" aria-labelledby="t">
<title id="t">${escapeXml(label)}</title>
<rect width="300" height="450" fill="${colours.bg}"/>
<rect x="14" y="14" width="272" height="422" fill="none" stroke="${colours.accent}" stroke-opacity=".55" stroke-width="1.5"/>
<text x="150" y="50" fill="${colours.accent}" font-family="Helvetica, Arial, sans-serif" font-size="11" letter-spacing="3" text-anchor="middle">${escapeXml(book.genre.toUpperCase())}</text>
<g transform="translate(0 -6)">${ornaments[book.genre](colours.accent, colours.bg)}</g>
<text fill="${colours.ink}" font-family="Georgia, 'Times New Roman', serif" font-size="${size}" font-weight="bold" text-anchor="middle">${titleText}</text>
<rect x="125" y="${ruleY}" width="50" height="2" fill="${colours.accent}"/>
<text x="150" y="396" fill="${colours.ink}" font-family="Helvetica, Arial, sans-serif" font-size="13" letter-spacing="2" text-anchor="middle">${escapeXml(book.author.toUpperCase())}</text>
</svg>
`;
}

export async function readCatalogue() {
  const contract = YAML.parse(await readFile(contractPath, 'utf8'), { maxAliasCount: -1 });
  return contract.components.examples.catalogue.value;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const books = await readCatalogue();
  await mkdir(coversDir, { recursive: true });
  for (const book of books) {
    const match = /^\/covers\/([a-z0-9-]+)\.svg$/.exec(book.imageUrl ?? '');
    if (!match) throw new Error(`${book.title}: imageUrl ${book.imageUrl} is not /covers/<slug>.svg`);
    await writeFile(resolve(coversDir, `${match[1]}.svg`), coverSvg(book));
  }
  console.log(`generate-covers: wrote ${books.length} covers to ${coversDir}`);
}
