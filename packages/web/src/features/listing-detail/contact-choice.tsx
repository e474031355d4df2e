import { useId, useState, type KeyboardEvent } from 'react';
import { detail as texts } from '@bedriftstorget/core/texts/marketplace';
import { inquiryTexts } from '@bedriftstorget/core/texts/messages';
import { Button } from '../../components/button';

/**
 * The page's one contact action: 'Kontakt selger' opens its two ways, a message (a conversation
 * in Meldinger) or an inquiry (name and e-mail to the seller). It replaced five buttons that did
 * overlapping things. A disclosure, not a dialog: each way opens its own dialog from a button that
 * stays on the page, so focus comes back to it when that dialog closes. A confidential sale has no
 * inquiry (its mail asks the seller to answer by e-mail, decision 099): messages only.
 */
export function ContactChoice({ disabled, onMessage, onInquiry, placement = 'below' }: {
  disabled: boolean;
  onMessage: () => void;
  onInquiry?: (() => void) | undefined;
  /** The sticky bar on phones opens upwards, over the page. */
  placement?: 'below' | 'above';
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    document.getElementById(`${id}-trigger`)?.focus();
  };
  const panel = placement === 'above'
    ? 'absolute bottom-full right-0 mb-3 w-[min(22rem,calc(100vw-2rem))] shadow-xl'
    : 'mt-2';
  return (
    <div className="relative" onKeyDown={close}>
      <Button id={`${id}-trigger`} className="w-full" disabled={disabled} aria-expanded={open} aria-controls={`${id}-choices`} onClick={() => setOpen((shown) => !shown)}>
        {texts.contactSeller}
      </Button>
      {open && !disabled && (
        <div id={`${id}-choices`} role="group" aria-label={texts.contactChoices} className={`flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-2 ${panel}`}>
          <Choice id={`${id}-message`} label={texts.sendMessage} hint={texts.messageChoiceHint} onClick={onMessage} />
          {onInquiry && <Choice id={`${id}-inquiry`} label={inquiryTexts.open} hint={texts.inquiryChoiceHint} onClick={onInquiry} />}
        </div>
      )}
    </div>
  );
}

function Choice({ id, label, hint, onClick }: { id: string; label: string; hint: string; onClick: () => void }) {
  // The hint beside the button, not in it: the button's name is then exactly its visible text.
  return (
    <div className="rounded-lg px-1 py-1">
      <button type="button" aria-describedby={`${id}-hint`} onClick={onClick} className="w-full rounded-lg px-2 py-1.5 text-left font-semibold text-brand-700 hover:bg-brand-50 focus-visible:bg-brand-50">
        {label}
      </button>
      <p id={`${id}-hint`} className="px-2 text-sm text-slate-600">{hint}</p>
    </div>
  );
}
