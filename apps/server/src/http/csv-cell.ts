/**
 * One cell of a csv the portal hands out (";"-separated, opened in a spreadsheet). Text that a
 * spreadsheet would run as a formula (=, +, -, @, or a tab or line break before them) comes from
 * whoever wrote the file the portal read: it is prefixed with an apostrophe, so it shows as text.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
