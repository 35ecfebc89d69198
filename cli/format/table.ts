/** A column of a table: a header, how to read a cell, and its alignment. */
export interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => string;
  readonly align?: 'left' | 'right';
  /** Widest a cell may grow before it is cut with an ellipsis (default 40); ids are never cut. */
  readonly max?: number;
  /** The column holds ids (copied into other commands): its cells are never cut, whatever their width. */
  readonly id?: boolean;
}

const UUID_OR_EMAIL = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[^\s@]+@[^\s@]+)$/i;

/** An id is copied from a listing into the next command: a UUID or an e-mail is never cut, in any column, nor a cell of an `… ID` column. */
export const isUncuttable = (column: Pick<Column<never>, 'id' | 'header'>, value: string): boolean =>
  column.id === true || /\bID$/.test(column.header) || UUID_OR_EMAIL.test(value);

const fit = (value: string, width: number, align: 'left' | 'right' | undefined): string => {
  const cut = value.length > width ? `${value.slice(0, Math.max(0, width - 1))}…` : value;
  return align === 'right' ? cut.padStart(width) : cut.padEnd(width);
};

/**
 * Prints rows as they arrive with aligned columns: the widths are measured on the first batch
 * (a page), so the first row shows without waiting for the whole listing. A later, wider cell is cut
 * with `…` unless it is an id (a UUID, an e-mail, or an `id` column): an id widens its column from
 * that row on, so it can always be copied whole.
 */
export class StreamingTable<T> {
  private widths: number[] | null = null;
  rows = 0;

  constructor(
    private readonly columns: readonly Column<T>[],
    private readonly write: (line: string) => void,
    private readonly bold: (text: string) => string = (t) => t,
  ) {}

  addBatch(batch: readonly T[]): void {
    const cells = batch.map((row) => this.columns.map((column) => column.cell(row)));
    if (this.widths === null) {
      this.widths = this.columns.map((column, i) => {
        const widest = Math.max(column.header.length, ...cells.map((row) => row[i]?.length ?? 0));
        const widestId = Math.max(0, ...cells.map((row) => row[i] ?? '').filter((cell) => isUncuttable(column, cell)).map((cell) => cell.length));
        return Math.max(Math.min(column.max ?? 40, widest), widestId);
      });
      this.write(this.bold(this.line(this.columns.map((c) => c.header))));
    }
    for (const row of cells) {
      this.write(this.line(row));
      this.rows += 1;
    }
  }

  private line(cells: readonly string[]): string {
    const widths = this.widths ?? [];
    cells.forEach((cell, i) => {
      const column = this.columns[i];
      if (column !== undefined && cell.length > (widths[i] ?? 0) && isUncuttable(column, cell)) widths[i] = cell.length;
    });
    return cells
      .map((cell, i) => fit(cell, widths[i] ?? cell.length, this.columns[i]?.align))
      .join('  ')
      .trimEnd();
  }
}

/** A whole table at once (detail views, small listings). */
export function renderTable<T>(columns: readonly Column<T>[], rows: readonly T[], bold?: (text: string) => string): string[] {
  const lines: string[] = [];
  const table = new StreamingTable(columns, (line) => lines.push(line), bold);
  table.addBatch(rows);
  return lines;
}

/** `label  value` pairs, labels padded to one width. */
export function renderFields(fields: readonly (readonly [string, string])[], dim: (text: string) => string = (t) => t): string[] {
  const width = Math.max(0, ...fields.map(([label]) => label.length));
  return fields.map(([label, value]) => `${dim(label.padEnd(width))}  ${value}`);
}
