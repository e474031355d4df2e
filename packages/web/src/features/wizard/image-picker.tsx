import { useRef } from 'react';
import { MAX_IMAGES } from '@bedriftstorget/core/listing/form-schema';
import { images as texts, wizard } from '@bedriftstorget/core/texts/seller';
import { Button } from '../../components/button';
import { FieldError } from './fields';
import { ACCEPTED_TYPES } from './resize';
import type { ImageItem } from './use-images';

function status(item: ImageItem, signedIn: boolean): string | null {
  if (item.kind === 'existing') return null;
  if (item.state === 'uploading') return texts.uploading(item.progress);
  if (item.state === 'uploaded') return texts.uploaded;
  if (item.state === 'failed') return item.error ?? texts.uploadFailed;
  return signedIn ? texts.uploading(0) : texts.waitingForLogin;
}

/** Pick up to five pictures; each shows its upload progress and can be moved or removed. */
export function ImagePicker({ items, signedIn, error, onAdd, onRemove, onMove, onRetry }: {
  items: ImageItem[];
  /** 'Last opp minst ett bilde' when step 1 is checked without a picture (decision 034). */
  error?: string;
  signedIn: boolean;
  onAdd: (files: FileList) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onRetry: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">{wizard.fields.images}</legend>
      <p id="images-hint" className="text-sm text-slate-600">{texts.hint}</p>
      {items.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((item, index) => {
            const label = status(item, signedIn);
            const failed = item.kind === 'new' && item.state === 'failed';
            return (
              <li key={item.key} className="overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="wizard-image">
                <div className="relative aspect-[3/2] bg-slate-100">
                  <img src={item.kind === 'existing' ? item.url : item.previewUrl} alt={`${wizard.fields.images} ${index + 1}`} className="h-full w-full object-cover" />
                  {index === 0 && <span className="absolute left-2 top-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">{texts.mainImage}</span>}
                </div>
                {item.kind === 'new' && (
                  <div className="px-3 pt-2">
                    <div className="h-1.5 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label={`${wizard.fields.images} ${index + 1}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={item.progress}>
                      <div className={`h-full ${failed ? 'bg-red-500' : 'bg-brand-500'} transition-all`} style={{ width: `${item.progress}%` }} />
                    </div>
                    <p className={`mt-1 text-xs ${failed ? 'text-red-700' : 'text-slate-600'}`} aria-live="polite">{label}</p>
                  </div>
                )}
                <div className="flex gap-1 p-2">
                  <button type="button" className="rounded px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-40" aria-label={texts.moveLeft(index + 1)} disabled={index === 0} onClick={() => onMove(item.key, -1)}>←</button>
                  <button type="button" className="rounded px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-40" aria-label={texts.moveRight(index + 1)} disabled={index === items.length - 1} onClick={() => onMove(item.key, 1)}>→</button>
                  {failed && <button type="button" className="rounded px-2 py-1 text-sm text-brand-700 hover:bg-slate-100" onClick={onRetry}>{texts.retry}</button>}
                  <button type="button" className="ml-auto rounded px-2 py-1 text-sm text-red-700 hover:bg-red-50" aria-label={texts.remove(index + 1)} onClick={() => onRemove(item.key)}>✕</button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_TYPES.join(',')}
        multiple
        className="sr-only"
        id="wizard-images"
        // The visible 'Legg til bilder' button opens it: one Tab stop, not two, and the hidden input is never reached alone.
        tabIndex={-1}
        aria-label={texts.inputLabel}
        aria-describedby="images-hint"
        onChange={(event) => {
          if (event.target.files?.length) onAdd(event.target.files);
          event.target.value = '';
        }}
      />
      <FieldError id="images" error={error} />
      {items.length < MAX_IMAGES && (
        // id 'images': the error summary's link and the focus after a failed 'Neste' land here.
        <Button id="images" variant="secondary" className="self-start" aria-describedby={error ? 'images-error images-hint' : 'images-hint'}
          onClick={() => input.current?.click()}>{texts.add}</Button>
      )}
    </fieldset>
  );
}
