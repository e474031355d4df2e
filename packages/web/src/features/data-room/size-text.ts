const oneDecimal = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 1 });

/** '1,2 MB' or '340 kB', as a file list shows it. */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes >= 1024 * 1024) return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
  return `${oneDecimal.format(Math.max(1, Math.round(bytes / 1024)))} kB`;
}
