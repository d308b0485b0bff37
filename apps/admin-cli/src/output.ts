/** Where a command's answer goes: words for people, or one JSON document with --json (for piping). */
export interface Output {
  json: boolean;
  /** The command's result: `data` as JSON with --json, else `text`. */
  result(data: unknown, text: string): void;
  /** Text that is the result itself in either mode (a CSV). */
  raw(text: string): void;
  progress: Progress;
}

export interface Progress {
  start(label: string, total: number): void;
  tick(): void;
  done(): void;
}

/** A progress bar on stderr, only for a person watching a terminal, and only for long runs. */
function terminalProgress(stream: NodeJS.WriteStream, enabled: boolean): Progress {
  let label = "";
  let total = 0;
  let count = 0;
  const draw = () => {
    const width = 30;
    const filled = total === 0 ? width : Math.round((count / total) * width);
    stream.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${count}/${total}`);
  };
  const active = () => enabled && total >= 10;
  return {
    start(newLabel, newTotal) {
      label = newLabel;
      total = newTotal;
      count = 0;
      if (active()) draw();
    },
    tick() {
      count++;
      if (active()) draw();
    },
    done() {
      if (active()) stream.write("\n");
      total = 0;
    },
  };
}

export function createOutput(json: boolean): Output {
  return {
    json,
    result(data, text) {
      process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${text}\n`);
    },
    raw(text) {
      process.stdout.write(text);
    },
    progress: terminalProgress(process.stderr, !json && process.stderr.isTTY === true),
  };
}

/** Rows as an aligned text table. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
