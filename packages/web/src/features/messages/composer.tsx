import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { replyTextSchema } from '@bedriftstorget/core/message/schemas';
import { inbox as texts } from '@bedriftstorget/core/texts/messages';
import { Button } from '../../components/button';

interface Draft {
  text: string;
  /** The message's client id: kept for a retry, new for the next message. */
  id: string;
}

const fresh = (): Draft => ({ text: '', id: crypto.randomUUID() });

/**
 * The conversation's input: Enter sends, Shift+Enter makes a newline (docs/product.md, 'Messages'). The box clears
 * at once so the next message can be typed; a failed one comes back with its id for a retry.
 */
export function Composer({ onSend }: { onSend: (text: string, clientMessageId: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState<Draft>(fresh);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = replyTextSchema.safeParse(draft.text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const sent = draft;
    setDraft(fresh());
    void onSend(parsed.data, sent.id).then((ok) => {
      if (!ok) setDraft((current) => (current.text === '' ? sent : current));
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="shrink-0 border-t border-slate-200 p-3">
      <div className="flex items-end gap-2">
        <label htmlFor="composer" className="sr-only">{texts.composerLabel}</label>
        <textarea
          id="composer"
          rows={2}
          value={draft.text}
          placeholder={texts.composerLabel}
          onChange={(e) => {
            const text = e.target.value;
            setDraft((current) => ({ ...current, text }));
            setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'composer-error composer-hint' : 'composer-hint'}
          className={`max-h-40 min-h-11 flex-1 resize-y rounded-lg border px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${error ? 'border-red-500' : 'border-slate-300'}`}
        />
        <Button type="submit">{texts.send}</Button>
      </div>
      {error && <p id="composer-error" role="alert" className="mt-1 text-sm text-red-600">{error}</p>}
      <p id="composer-hint" className="mt-1 hidden text-xs text-slate-500 md:block">{texts.composerHint}</p>
    </form>
  );
}
