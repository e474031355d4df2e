import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from '../../router/location';
import { toast } from '../../lib/toast';
import { emailSchema } from '@bedriftstorget/core/auth/schemas';
import { isRevised } from '@bedriftstorget/core/listing/enums';
import { WIZARD_STEPS } from '@bedriftstorget/core/listing/wizard-steps';
import { listing as v } from '@bedriftstorget/core/texts/listing-validation';
import { brand } from '@bedriftstorget/core/texts/nb';
import { wizard as t } from '@bedriftstorget/core/texts/seller';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/button';
import { clearLocalDraft, writeLocalDraft } from '../../lib/draft';
import { errorMessage, errorReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { toListingFields, type WizardForm } from './form-state';
import { ImagePicker } from './image-picker';
import { WizardLoginDialog } from './login-dialog';
import { PreviewDialog } from './preview-dialog';
import type { ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { BasicsStep, CommentStep, EconomyStep, IncludedStep, OperationsStep } from './steps';
import { ErrorSummary, focusField } from './error-summary';
import { useReviewPromise } from '../../lib/use-review-promise';
import { UploadProblems } from './upload-problems';
import { useImages } from './use-images';
import { useOrgnrField } from './use-company-lookup';
import { StepProgress } from './step-progress';
import { useEarlierStepsChecked, useStepHistory } from './use-step-history';
import { stepErrors, stillWrong, type FieldError } from './validation';

const LAST_STEP = WIZARD_STEPS;

const positive = (value: number | null | undefined) => typeof value === 'number' && value > 0;

/** The wizard's five steps, a new listing's or an edit's (wizard-page.tsx chooses). */
interface WizardProps {
  mode: 'new' | 'edit';
  listingId: string;
  initialForm: WizardForm;
  initialStep: number;
  initialGuestEmail: string;
  restoreDraftImages?: boolean;
  existingImages?: { id: string; url: string }[];
  status?: string;
}

export function Wizard({ mode, listingId, initialForm, initialStep, initialGuestEmail, restoreDraftImages, existingImages, status }: WizardProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState(initialForm);
  const { step, push, previous, replace, heading } = useStepHistory(initialStep, LAST_STEP);
  const [guestEmail, setGuestEmail] = useState(initialGuestEmail);
  const [touched, setTouched] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const [wantsValuation, setWantsValuation] = useState(false);
  const [uploadTried, setUploadTried] = useState(false);
  // The errors a failed 'Neste' found on this step; shown while they still hold, so fixing a field clears its message.
  const [shown, setShown] = useState<FieldError[]>([]);
  const promiseHours = useReviewPromise();
  const images = useImages({ listingId, signedIn: Boolean(user), persist: mode === 'new' });
  const { restore, setExisting } = images;

  useEffect(() => {
    document.title = `${mode === 'edit' ? t.editTitle : t.title} – ${brand}`;
  }, [mode]);
  useEffect(() => {
    if (mode === 'new') void restore(Boolean(restoreDraftImages));
    if (existingImages) setExisting(existingImages);
  }, [mode, restoreDraftImages, restore, existingImages, setExisting]);

  // The local draft follows every change of a new listing (docs/product.md, 'States').
  useEffect(() => {
    if (mode !== 'new' || !touched) return;
    writeLocalDraft({ formData: form, currentStep: step, guestEmail, timestamp: Date.now(), listingId });
  }, [mode, touched, form, step, guestEmail, listingId]);

  const imageCheck = { count: images.items.length, message: mode === 'edit' ? t.editNeedsImage : v.imageRequired };
  const company = useOrgnrField(form.orgnr, {
    malformed: () => stepErrors(form, 1, imageCheck).filter((error) => error.field === 'orgnr'),
    mark: (found) => setShown((current) => [...current.filter((error) => error.field !== 'orgnr'), ...found]),
  });
  const orgnrRefusal = company.refusal;
  const errors = shown.length ? stillWrong(shown, stepErrors(form, step, imageCheck, orgnrRefusal)) : shown;
  const errorOf = Object.fromEntries(errors.map((error) => [error.field, error.message]));

  const set = <K extends keyof WizardForm>(name: K, value: WizardForm[K]) => {
    setTouched(true);
    setForm((current) => ({ ...current, [name]: value }));
  };
  const goTo = (next: number) => {
    setTouched(true);
    setShown([]);
    push(next);
  };
  /** Checks a step with the shared schema; on errors shows them there and focuses the first. */
  const passes = (which: number, refusal = orgnrRefusal): boolean => {
    const found = stepErrors(form, which, imageCheck, refusal);
    if (found.length === 0) return true;
    setTouched(true);
    setShown(found);
    push(which, () => focusField(found[0]!.field));
    return false;
  };

  useEarlierStepsChecked(step, (which) => stepErrors(form, which, { count: 1, message: '' }), (which, found) => {
    setShown(found);
    replace(which, () => focusField(found[0]!.field));
  });

  // 'Neste' on step 1 waits for the look-up of a number just typed: a number the registry does not know stops here, not at the save.
  const next = async () => {
    if (passes(step, step === 1 ? await company.refusalNow() : null)) goTo(step + 1);
  };

  const rememberGuest = useMutation(trpc.seller.rememberDraft.mutationOptions());
  const create = useMutation(trpc.seller.create.mutationOptions());
  const update = useMutation(trpc.seller.update.mutationOptions());
  const valuation = useMutation(trpc.valuation.estimate.mutationOptions());
  const busy = create.isPending || update.isPending;

  const submit = async () => {
    for (let which = 1; which <= LAST_STEP; which += 1) if (!passes(which)) return;
    const checked = toListingFields(form);
    if (!checked.ok) {
      toast.error(t.validationTitle, { description: checked.message });
      return;
    }
    if (!user) {
      setLoginOpen(true);
      return;
    }
    const failures = await images.uploadPending();
    const refs = images.refs();
    if (failures.length) {
      // Said on this step, by picture, with the way out (UploadProblems below), not as a wait.
      setUploadTried(true);
      return;
    }
    if (!refs) {
      toast.error(t.waitForUploads);
      return;
    }
    const input = { id: listingId, fields: checked.fields, images: refs };
    let revision = false;
    try {
      if (mode === 'new') await create.mutateAsync(input);
      else revision = (await update.mutateAsync(input)).revision;
    } catch (error) {
      const code = (error as { data?: { code?: string } }).data?.code;
      if (errorReason(error) === 'QUOTA_REACHED') toast.error(t.quotaTitle, { description: errorMessage(error) });
      else if (code === 'BAD_REQUEST') toast.error(t.validationTitle, { description: errorMessage(error) });
      else toast.error(mode === 'new' ? t.createFailed : errorMessage(error));
      return;
    }
    if (mode === 'new') await clearLocalDraft();
    // The free valuation with the listing's figures, filed for staff only when the seller asked for
    // it; a failure is not the seller's concern.
    const { industry, revenue, profit } = checked.fields;
    if (mode === 'new' && wantsValuation && (positive(revenue) || positive(profit))) {
      valuation.mutate({ industry, revenue, profit, listingId }, { onError: () => undefined });
    }
    toast.success(mode === 'new' ? t.successTitle : t.editedTitle, { description: mode === 'new' ? t.successText(promiseHours) : revision ? t.revisionSavedText : t.savedText });
    navigate('/mine-annonser');
  };

  // 'Forhåndsvis annonsen': the same checks as a submit, then the listing as buyers will read it.
  const [preview, setPreview] = useState<{ fields: ListingFields; open: boolean } | null>(null);
  const openPreview = () => {
    for (let which = 1; which <= LAST_STEP; which += 1) if (!passes(which)) return;
    const checked = toListingFields(form);
    if (checked.ok) setPreview({ fields: checked.fields, open: true });
    else toast.error(t.validationTitle, { description: checked.message });
  };

  const onGuestEmailBlur = () => {
    const email = emailSchema.safeParse(guestEmail);
    if (!user && email.success) rememberGuest.mutate({ email: email.data, title: form.title.trim() || null }, { onError: () => undefined });
  };

  const picker = (
    <ImagePicker items={images.items} signedIn={Boolean(user)} error={errorOf.images} onAdd={(files) => { setTouched(true); void images.add(files); }}
      onRemove={(key) => { setTouched(true); images.remove(key); }} onMove={(key, by) => { setTouched(true); images.move(key, by); }} onRetry={() => void images.uploadPending()} />
  );

  return (
    <main id="innhold" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">{mode === 'edit' ? t.editTitle : t.title}</h1>
      <StepProgress step={step} last={LAST_STEP} />
      <h2 ref={heading} tabIndex={-1} className="mt-1 text-xl font-bold outline-none">{t.steps[step - 1]}</h2>

      <form className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" noValidate onSubmit={(event) => { event.preventDefault(); void (step < LAST_STEP ? next() : submit()); }}>
        <ErrorSummary errors={errors} label={(field) => t.fields[field]} />
        {step === 1 && <BasicsStep form={form} set={set} errors={errorOf} images={picker} company={company.field} />}
        {step === 2 && <EconomyStep form={form} set={set} errors={errorOf} />}
        {step === 3 && <OperationsStep form={form} set={set} errors={errorOf} />}
        {step === 4 && <IncludedStep form={form} set={set} errors={errorOf} />}
        {step === 5 && <CommentStep form={form} set={set} errors={errorOf} guestEmail={guestEmail} onGuestEmail={(v) => { setTouched(true); setGuestEmail(v); }} onGuestEmailBlur={onGuestEmailBlur} isGuest={!user} />}

        {mode === 'new' && step === LAST_STEP && (
          <div className="mt-6 flex items-start gap-3">
            <input id="wantsValuation" type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" checked={wantsValuation} aria-describedby="wantsValuation-hint"
              onChange={(event) => setWantsValuation(event.target.checked)} />
            <div>
              <label htmlFor="wantsValuation" className="text-sm font-medium">{t.wantsValuation}</label>
              <p id="wantsValuation-hint" className="text-xs text-slate-500">{t.wantsValuationHint}</p>
            </div>
          </div>
        )}
        {uploadTried && step === LAST_STEP && <UploadProblems items={images.items} onShow={() => goTo(1)} />}
        {mode === 'edit' && status && isRevised(status) && step === LAST_STEP && (
          <p role="note" className="mt-6 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t.revisionNote}</p>
        )}
        <div className="mt-8 flex justify-between gap-2">
          <Button variant="secondary" disabled={step === 1} onClick={() => { setShown([]); previous(); }}>{t.previous}</Button>
          {step < LAST_STEP ? (
            <Button type="submit">{t.next}</Button>
          ) : (
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={openPreview}>{t.preview.open}</Button>
              <Button type="submit" disabled={busy}>{busy ? t.submitting : mode === 'edit' ? t.save : t.submit}</Button>
            </div>
          )}
        </div>
      </form>
      <WizardLoginDialog open={loginOpen} onOpenChange={setLoginOpen} />
      <PreviewDialog fields={preview?.fields ?? null} open={preview?.open ?? false} onOpenChange={(open) => setPreview((p) => p && { ...p, open })} busy={busy}
        images={images.items.map((item) => (item.kind === 'existing' ? { stored: true, url: item.url } : { stored: false, url: item.previewUrl }))}
        submitLabel={mode === 'edit' ? t.save : t.submit} onSubmit={() => { setPreview((p) => p && { ...p, open: false }); void submit(); }} />
    </main>
  );
}
