// Reading the app's tables the way a person does: by the header names and the body rows.
import { screen, within } from '@testing-library/react';

/** The text of each column header. */
export function columnNames(table: HTMLElement): (string | null)[] {
  return within(table).getAllByRole('columnheader').map((th) => th.textContent);
}

/** The body rows (the header row left out). */
export function bodyRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

/** The body rows of the page's table, once it is there. */
export async function tableRows(): Promise<HTMLElement[]> {
  return bodyRows(await screen.findByRole('table'));
}
