import { parse } from 'csv-parse';
import { ImportError, type DumpFile } from './source';

/** One CSV record by column name, with the line it ends on (for error texts). */
export interface CsvRecord {
  line: number;
  get(column: string): string;
}

/**
 * Streams the file's records, checking first that its header has every required column. Extra
 * columns (Rebrickable adds some over the years) are ignored. A malformed line ends the stream
 * with an ImportError naming file and line.
 */
export async function* csvRecords(
  file: DumpFile,
  required: readonly string[],
): AsyncGenerator<CsvRecord> {
  let header: string[] | null = null;
  let index = new Map<string, number>();
  const parser = parse({ bom: true, skip_empty_lines: true, info: true, relax_column_count: true });
  file.stream.on('error', (err) => parser.destroy(err));
  file.stream.pipe(parser);
  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const { record, info } = item;
      if (!header) {
        header = record.map((h) => h.trim());
        const missing = required.filter((c) => !header!.includes(c));
        if (missing.length > 0) {
          throw new ImportError(
            `${file.name} has no column ${missing.map((m) => `'${m}'`).join(', ')} (its header is '${header.join(',')}')`,
          );
        }
        index = new Map(header.map((h, i) => [h, i]));
        continue;
      }
      if (record.length !== header.length) {
        throw new ImportError(
          `${file.name} line ${info.lines}: ${record.length} fields where the header has ${header.length}`,
        );
      }
      yield { line: info.lines, get: (column) => record[index.get(column)!] ?? '' };
    }
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(`${file.name}: ${(err as Error).message}`);
  } finally {
    file.stream.destroy();
    parser.destroy();
  }
  if (!header) throw new ImportError(`${file.name} is empty (no header line)`);
}

/** Field readers: each names file, line and column when the value is not what it must be. */
export class Fields {
  constructor(
    readonly fileName: string,
    readonly record: CsvRecord,
  ) {}

  private fail(column: string, value: string, want: string): never {
    throw new ImportError(
      `${this.fileName} line ${this.record.line}: ${column} '${value}' is not ${want}`,
    );
  }

  text(column: string): string {
    const v = this.record.get(column).trim();
    if (v === '') this.fail(column, v, 'filled in');
    return v;
  }

  optionalText(column: string): string | null {
    const v = this.record.get(column).trim();
    return v === '' ? null : v;
  }

  int(column: string): number {
    const v = this.record.get(column).trim();
    if (!/^-?\d{1,12}$/.test(v)) this.fail(column, v, 'a whole number');
    return Number(v);
  }

  optionalInt(column: string): number | null {
    const v = this.record.get(column).trim();
    return v === '' ? null : this.int(column);
  }

  /** Rebrickable writes booleans as t/f (older dumps True/False). */
  flag(column: string): 0 | 1 {
    const v = this.record.get(column).trim().toLowerCase();
    if (v === 't' || v === 'true' || v === '1') return 1;
    if (v === 'f' || v === 'false' || v === '0') return 0;
    return this.fail(column, v, 't or f');
  }
}
