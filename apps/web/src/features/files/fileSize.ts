const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** A file's size as a Brazilian reader writes it: 820 KB, 1,4 MB (decimal units, as the 15 MB limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${decimal.format(bytes / 1000)} KB`;
  return `${decimal.format(bytes / 1_000_000)} MB`;
}
