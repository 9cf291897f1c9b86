// CSV for spreadsheet programs (RFC 4180): a UTF-8 byte order mark (Excel reads the file as
// UTF-8 then, not in the system's code page), CRLF line ends, a cell quoted when it holds a
// comma, a quote or a line break. A text cell a spreadsheet would run as a formula (=, +, -, @,
// or a tab or carriage return before one) gets a leading apostrophe: a book title or a
// username is user text, and here it reaches a spreadsheet instead of a page.
import { Readable } from 'node:stream';

export const BOM = '\uFEFF';

/** Text cells; numbers are written by the server and taken as they are. */
export type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Paisa as rupees with two decimals ("552.50"), the way a spreadsheet reads a number. */
export function csvRupees(paisa: number): string {
  const sign = paisa < 0 ? '-' : '';
  const abs = Math.abs(paisa);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The file as a stream: the BOM and header first, then each batch of rows as it comes, so a
 * slow reader holds the database back (the stream pulls a batch only when the last is sent).
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly (readonly Cell[])[]>): Readable {
  async function* text() {
    yield BOM + csvRow(header);
    for await (const rows of batches) yield rows.map(csvRow).join('');
  }
  return Readable.from(text(), { objectMode: false });
}
