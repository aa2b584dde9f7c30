import type { ReactNode } from 'react';

export interface Column {
  label: ReactNode;
  /** Only a screen reader hears the heading (a column of buttons). */
  hidden?: boolean;
  /** Width or alignment. */
  className?: string;
  /** The space to the next column; the last column has none. */
  gap?: string;
}

interface Props {
  /** What a screen reader announces for the table. */
  caption: string;
  columns: Column[];
  /** Width, and the breakpoint from which the table shows (a list stands in for it below). */
  className: string;
  /** The cells' height: `py-2`, or `py-1` in a table within a row. */
  padding?: string;
  headClassName?: string;
  bodyClassName?: string;
  /** The rows. */
  children: ReactNode;
}

/** A console table: its caption, one row of column headings, and the rows given. */
export function AdminTable({ caption, columns, className, padding = 'py-2', headClassName = 'text-slate-600', bodyClassName = 'divide-y divide-slate-100', children }: Props) {
  return (
    <table className={`text-left ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className={headClassName}>
        <tr>
          {columns.map((column, index) => {
            const gap = index === columns.length - 1 ? '' : (column.gap ?? 'pr-3');
            const classes = [column.className, padding, gap, column.hidden ? '' : 'font-medium'].filter(Boolean).join(' ');
            return (
              <th key={index} scope="col" className={classes}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody className={bodyClassName}>{children}</tbody>
    </table>
  );
}
