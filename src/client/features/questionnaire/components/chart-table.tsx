import { cn } from '@client/lib/cn';
import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * A chart in its card: the caption, the drawing (hidden from assistive technology, which reads
 * `table` instead) sized to its box, and the table alternative.
 */
export function ChartFigure({
  title,
  chartClassName,
  table,
  children,
  testId,
}: {
  title: string;
  chartClassName?: string;
  table: ReactNode;
  children: ReactElement;
  testId?: string;
}) {
  return (
    <figure className="grid min-w-0 gap-2 rounded-2xl border bg-card p-4" data-testid={testId}>
      <figcaption className="font-medium">{title}</figcaption>
      <div className={cn('h-64 w-full', chartClassName)} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      {table}
    </figure>
  );
}

/**
 * The table alternative of a chart (docs/product.md, "Look and feel"): read by screen readers, not drawn.
 * The wrapper is what is visually hidden, since a table grows past any width set on itself.
 */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: Array<{ key: string; cells: Array<string | number> }>;
}) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={columns[index]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[index]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
