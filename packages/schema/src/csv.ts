/** CSV as the shop writes it (the orders export, the catalogue export of mithai-admin). */
export function csvLine(values: (string | number)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/**
 * One CSV field (RFC 4180 quoting). Text a spreadsheet would run as a formula (=, +, -, @, tab, CR at
 * the start) gets a leading apostrophe, so a customer-typed address can never execute in the admin's spreadsheet.
 */
export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
