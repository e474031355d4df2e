import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent, type ReactNode } from 'react';
import { dealTypes, financingKinds, offerConditions, OFFER_DAYS_DEFAULT, OFFER_DAYS_MAX } from '@bedriftstorget/core/offer/enums';
import { offerTermsSchema } from '@bedriftstorget/core/offer/schemas';
import { offerTexts as texts, offerThread as labels } from '@bedriftstorget/core/texts/offers';
import { common } from '@bedriftstorget/core/texts/nb';
import { Button, buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { errorMessage } from '../../lib/errors';
import { kroner } from '../../lib/kroner';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { dialogInputClass as inputClass } from '../listing-detail/dialog-styles';

const DAY_CHOICES = [1, 3, 7, 14, 21, OFFER_DAYS_MAX];
type Field = 'price' | 'dealType' | 'financing' | 'conditions' | 'takeoverDate' | 'days' | 'message';

/**
 * 'Gi bud' and 'Motbud': the same terms for a bid and a counter-bid, validated in the
 * browser with the server's schema (offerTermsSchema), so the messages are the server's. `counterOf`
 * makes it a counter-bid on that thread; otherwise a new offer on `listingId`.
 */
export function OfferDialog({ listingId, listingTitle, counterOf, open, onOpenChange }: {
  listingId: string | null;
  listingTitle: string;
  counterOf?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const returnFocus = useReturnFocus(open);
  const queryClient = useQueryClient();
  const [price, setPrice] = useState('');
  const [dealType, setDealType] = useState<string>('');
  const [financing, setFinancing] = useState<string[]>([]);
  const [conditions, setConditions] = useState<string[]>([]);
  const [takeoverDate, setTakeoverDate] = useState('');
  const [days, setDays] = useState(OFFER_DAYS_DEFAULT);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const done = () => {
    toast.success(counterOf ? texts.counterSent : texts.sent);
    onOpenChange(false);
    void queryClient.invalidateQueries(trpc.offer.pathFilter());
  };
  const onError = (failure: unknown) => toast.error(texts.failed, { description: errorMessage(failure) });
  const make = useMutation(trpc.offer.make.mutationOptions({ onSuccess: done, onError }));
  const counter = useMutation(trpc.offer.counter.mutationOptions({ onSuccess: done, onError }));
  const pending = make.isPending || counter.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = offerTermsSchema.safeParse({ price: kroner(price), dealType: dealType || undefined, financing, conditions, takeoverDate, days, message });
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] as Field] ??= issue.message;
    setErrors(found);
    const first = (['price', 'dealType', 'financing', 'takeoverDate', 'days', 'message'] as const).find((field) => found[field]);
    if (first) document.getElementById(`offer-${first}`)?.focus();
    if (!parsed.success) return;
    const terms = { ...parsed.data, takeoverDate: parsed.data.takeoverDate ?? '', message: parsed.data.message ?? undefined };
    if (counterOf) counter.mutate({ offerId: counterOf, ...terms });
    else if (listingId) make.mutate({ listingId, ...terms });
  };
  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);
  const error = (field: Field) => errors[field] && <p id={`offer-${field}-error`} role="alert" className="mt-1 text-sm text-red-700">{errors[field]}</p>;
  const described = (field: Field) => ({ 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': errors[field] ? `offer-${field}-error` : undefined });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[94vw] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6">
          <form onSubmit={submit} noValidate>
            <Dialog.Title className="text-xl font-bold">{counterOf ? texts.counterTitle : texts.title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{texts.description(listingTitle)}</Dialog.Description>
            <label htmlFor="offer-price" className="mt-4 block text-sm font-medium text-slate-800">{texts.price}</label>
            <input id="offer-price" inputMode="numeric" autoComplete="off" value={price} onChange={(e) => { setPrice(e.target.value); clear('price'); }} {...described('price')} className={`${inputClass} ${errors.price ? 'border-red-500' : ''}`} />
            {error('price')}
            <Choices legend={texts.dealType} id="offer-dealType" error={error('dealType')}>
              {dealTypes.map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="offer-deal-type" id={kind === dealTypes[0] ? 'offer-dealType' : undefined} value={kind} checked={dealType === kind} onChange={() => { setDealType(kind); clear('dealType'); }} className="h-4 w-4 accent-brand-700" />
                  {labels.dealType[kind]}
                </label>
              ))}
            </Choices>
            <Choices legend={texts.financing} id="offer-financing" error={error('financing')}>
              {financingKinds.map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" id={kind === financingKinds[0] ? 'offer-financing' : undefined} checked={financing.includes(kind)} onChange={() => { setFinancing(toggle(financing, kind)); clear('financing'); }} className="h-4 w-4 accent-brand-700" />
                  {labels.financing[kind]}
                </label>
              ))}
            </Choices>
            <Choices legend={texts.conditions} id="offer-conditions">
              {offerConditions.map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={conditions.includes(kind)} onChange={() => setConditions(toggle(conditions, kind))} className="h-4 w-4 accent-brand-700" />
                  {labels.conditions[kind]}
                </label>
              ))}
            </Choices>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="offer-takeoverDate" className="block text-sm font-medium text-slate-800">{texts.takeoverDate}</label>
                <input id="offer-takeoverDate" type="date" value={takeoverDate} onChange={(e) => { setTakeoverDate(e.target.value); clear('takeoverDate'); }} {...described('takeoverDate')} className={`${inputClass} ${errors.takeoverDate ? 'border-red-500' : ''}`} />
                {error('takeoverDate')}
              </div>
              <div>
                <label htmlFor="offer-days" className="block text-sm font-medium text-slate-800">{texts.days}</label>
                <select id="offer-days" value={days} onChange={(e) => { setDays(Number(e.target.value)); clear('days'); }} aria-describedby="offer-days-hint" className={inputClass}>
                  {DAY_CHOICES.map((choice) => <option key={choice} value={choice}>{texts.daysOption(choice)}</option>)}
                </select>
                <p id="offer-days-hint" className="mt-1 text-xs text-slate-600">{texts.daysHint}</p>
                {error('days')}
              </div>
            </div>
            <label htmlFor="offer-message" className="mt-4 block text-sm font-medium text-slate-800">{texts.message}</label>
            <textarea id="offer-message" rows={3} value={message} onChange={(e) => { setMessage(e.target.value); clear('message'); }} {...described('message')} className={`${inputClass} resize-y ${errors.message ? 'border-red-500' : ''}`} />
            {error('message')}
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
              <Button type="submit" disabled={pending} aria-busy={pending}>{pending ? texts.sending : counterOf ? texts.sendCounter : texts.send}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Choices({ legend, id, error, children }: { legend: string; id: string; error?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="mt-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">{children}</div>
      {error}
    </fieldset>
  );
}
