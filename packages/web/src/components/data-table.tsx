import { type ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './data-table.module.css';

export interface Column<T> {
  /** The column's name: its header, and each cell's label when the table stacks on phones. */
  label: string;
  /** What the header shows instead of the label (e.g. a visually hidden name). */
  header?: ReactNode;
  /** Right-aligned figures, header and cells. */
  numeric?: boolean;
  /** Class of the cells (global utilities such as 'strong' and 'nowrap', or a module class). */
  className?: string;
  cell: (row: T, index: number) => ReactNode;
}

export interface DataTableProps<T> {
  /** Accessible name of the scrollable region around the table. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** On phones, each row becomes a card of label/value lines (default), never columns hidden in a scroller. */
  stacked?: boolean;
  /** Rows are being refreshed. */
  busy?: boolean;
  className?: string;
}

/**
 * The one table of the app, driven by its columns: a horizontally scrollable, focusable region
 * (announced with `label`) around a table whose cells come from each column's `cell`.
 */
export function DataTable<T>({ label, columns, rows, rowKey, stacked = true, busy, className }: DataTableProps<T>) {
  return (
    <TableRegion label={label}>
      <table className={cx(styles.table, stacked && styles.stacked, className)} aria-busy={busy || undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.header ?? column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label} className={cx(column.numeric && 'num', column.className)}>
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/**
 * A horizontally scrollable table wrapper: keyboard users can focus and scroll it, and it
 * is announced with the table's name.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.region} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
