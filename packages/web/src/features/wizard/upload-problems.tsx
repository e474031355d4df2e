import { images as texts } from '@bedriftstorget/core/texts/seller';
import { Button } from '../../components/button';
import type { ImageItem } from './use-images';

/**
 * On the last step, after a submit found pictures that could not be stored: which ones, why, and
 * what to do. Read from the live list, so a retried or removed picture leaves it at once.
 */
export function UploadProblems({ items, onShow }: { items: ImageItem[]; onShow: () => void }) {
  const failed = items.flatMap((item, index) => (item.kind === 'new' && item.state === 'failed' ? [{ position: index + 1, error: item.error ?? texts.uploadFailed }] : []));
  if (failed.length === 0) return null;
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <ul className="flex flex-col gap-1">
        {failed.map((f) => (
          <li key={f.position}><span className="font-semibold">{texts.notStored(f.position)}</span> {f.error}</li>
        ))}
      </ul>
      <p className="mt-2">{texts.notStoredHelp}</p>
      <Button variant="secondary" className="mt-3" onClick={onShow}>{texts.showImages}</Button>
    </div>
  );
}
