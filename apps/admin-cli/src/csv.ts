import { parse } from "csv-parse/sync";

export interface CsvRow {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

/** Rows of a CSV file with a header line; a malformed file throws with the line it broke on. */
export function readCsv(text: string): { header: string[]; rows: CsvRow[] } {
  const records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: false }) as unknown as { record: string[]; info: { lines: number } }[];
  const [first, ...rest] = records;
  if (!first) return { header: [], rows: [] };
  const header = first.record.map((name) => name.trim());
  let line = first.info.lines;
  const rows = rest.map(({ record, info }) => {
    const row = { line: line + 1, values: Object.fromEntries(header.map((name, i) => [name, (record[i] ?? "").replace(/^'(?=[=+\-@\t\r])/, "")])) };
    line = info.lines;
    return row;
  });
  return { header, rows };
}
