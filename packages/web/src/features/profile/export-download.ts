import { strToU8, zipSync } from 'fflate';
import { exportSummaryHtml } from '@bedriftstorget/core/privacy/export-summary';
import { exportSummary } from '@bedriftstorget/core/texts/export-summary';
import type { Outputs } from '../../lib/types';

type ExportData = Outputs['profile']['exportData'];

/** Every section of the export has its Norwegian heading: a new key fails the typecheck here (decision 147). */
export const EXPORT_HEADINGS: Record<keyof ExportData, string> = exportSummary.sections;

/**
 * 'Last ned mine data' as one zip (decision 147): data.json for machines, oversikt.html for people.
 * Built in the browser from the answer the API already gives, so the Lambda carries nothing new;
 * this module (and fflate) loads only when the button is pressed.
 */
export function saveExport(data: ExportData, fileName: string): void {
  const zipped = zipSync({
    'data.json': strToU8(JSON.stringify(data, null, 2)),
    'oversikt.html': strToU8(exportSummaryHtml(data)),
  });
  const url = URL.createObjectURL(new Blob([zipped], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
