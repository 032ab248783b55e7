/**
 * CSV output in the portal's export spelling (RFC 4180): a field is quoted only when it holds a comma,
 * a quote or a line break, and quotes inside it are doubled. Rows end with a bare `\n`.
 */

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The columns from `first` to `last`, both included. */
export function columnRange<C extends string>(columns: readonly C[], first: C, last: C): C[] {
  return columns.slice(columns.indexOf(first), columns.indexOf(last) + 1);
}

/** Columns of a layout that never change: folded into the fixed parts of every row. */
export type ConstantColumns = Readonly<Record<string, string>>;

/**
 * Builds rows of a wide file in which many columns are always empty or constant. Those runs of columns
 * are joined once up front, so a row joins ~60 parts instead of ~150 fields: joining is most of the cost
 * of a row, and the census has a million of them.
 */
export class RowLayout<F extends string> {
  /** `parts.join(',')` is the row: one part per filled column or block, one per run of fixed columns. */
  private readonly parts: string[] = [];
  /** Part index of each filled column (a block is filled through its first column). */
  readonly slot = {} as Record<F, number>;
  private readonly filledParts: number[] = [];
  /** What each filled part resets to: empty, or a block's commas. */
  private readonly emptyValues: string[] = [];

  /**
   * @param filled the columns a row builder sets; nothing else can be set
   * @param options.blocks `[first, last]` ranges of adjacent columns set at once as one pre-joined
   *   string (with one comma fewer than the block has columns); `first` must be among `filled`
   * @param options.constants values of columns that are the same in every row
   */
  constructor(
    columns: readonly string[],
    filled: readonly F[],
    options: { blocks?: readonly (readonly [F, string])[]; constants?: ConstantColumns } = {},
  ) {
    const blockEnd = new Map<string, number>();
    for (const [first, last] of options.blocks ?? []) blockEnd.set(first, columns.indexOf(last));
    const constants = options.constants ?? {};
    const filledSet = new Set<string>(filled);
    for (const column of [...filledSet, ...Object.keys(constants)]) {
      if (!columns.includes(column)) throw new Error(`unknown column ${column}`);
    }
    let fixedRun: string[] = [];
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i] as string;
      if (!filledSet.has(column)) {
        fixedRun.push(constants[column] ?? '');
        continue;
      }
      if (fixedRun.length > 0) this.parts.push(fixedRun.join(','));
      fixedRun = [];
      const last = Math.max(i, blockEnd.get(column) ?? i);
      const empty = ','.repeat(last - i);
      this.slot[column as F] = this.parts.length;
      this.filledParts.push(this.parts.length);
      this.emptyValues.push(empty);
      this.parts.push(empty);
      i = last;
    }
    if (fixedRun.length > 0) this.parts.push(fixedRun.join(','));
  }

  set(part: number, value: string): void {
    this.parts[part] = value;
  }

  /** Empties every filled column, before a row is built. */
  clear(): void {
    for (let i = 0; i < this.filledParts.length; i++) {
      this.parts[this.filledParts[i] as number] = this.emptyValues[i] as string;
    }
  }

  /** The row from the values set since the last `clear()`. */
  row(): string {
    return this.parts.join(',');
  }
}
