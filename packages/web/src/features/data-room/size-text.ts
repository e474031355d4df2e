import { formatSize } from '@bedriftstorget/core/format/nb';

/** '1,2 MB' or '340 kB', as a file list shows it; nothing for a size not known yet. */
export function sizeText(bytes: number | null): string {
  return bytes === null ? '' : formatSize(bytes);
}
