import * as Dialog from '@radix-ui/react-dialog';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { publicLocation } from '@bedriftstorget/core/listing/public-location';
import { priceText, splitLead } from '@bedriftstorget/core/listing/rules';
import type { ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { wizard as t } from '@bedriftstorget/core/texts/seller';
import { Button, buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { ConfidentialBadge } from '../company/confidential-badge';
import { KeyFigures } from '../listing-detail/key-figures';
import { IMAGE_SIZES, ListingImage } from '../../components/listing-image';

/** A picture in the wizard: stored already (an edit's), or picked on this device and not yet uploaded. */
export type PreviewImage = { stored: true; url: string } | { stored: false; url: string };

function FirstImage({ image }: { image: PreviewImage }) {
  const className = 'h-full w-full object-cover';
  return image.stored ? <ListingImage url={image.url} alt="" sizes={IMAGE_SIZES.gallery} priority className={className} /> : <img src={image.url} alt="" className={className} />;
}

/**
 * 'Forhåndsvis annonsen': the listing as buyers will read it on its page — the
 * first picture, price, industry, the place as shown (a confidential sale's county only, by the same
 * rule as the public page), title, lead, description, what is included, the owner's words and
 * 'Nøkkeltall' — before it is sent. Nothing in it links or acts; 'Send til gjennomgang' sends.
 */
export function PreviewDialog({ fields, images, open, onOpenChange, onSubmit, submitLabel, busy }: {
  fields: ListingFields | null; images: PreviewImage[]; open: boolean; onOpenChange: (open: boolean) => void; onSubmit: () => void; submitLabel: string; busy: boolean;
}) {
  const returnFocus = useReturnFocus(open);
  if (!fields) return null;
  const about = splitLead(fields.description);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed inset-x-0 bottom-0 top-4 z-50 mx-auto flex max-w-3xl flex-col rounded-t-2xl bg-white shadow-xl sm:inset-y-6 sm:rounded-2xl">
          <div className="border-b border-slate-200 p-4">
            <Dialog.Title className="text-lg font-bold">{t.preview.title}</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">{t.preview.note}</Dialog.Description>
          </div>
          <div className="flex-1 overflow-y-auto p-4 sm:p-6" data-testid="listing-preview">
            <div className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-slate-200 sm:aspect-[2/1]">
              {images[0] ? <FirstImage image={images[0]} /> : <p className="flex h-full items-center justify-center text-sm text-slate-500">{t.preview.noImage}</p>}
              {images.length > 1 && <span className="absolute bottom-3 right-3 rounded-full bg-slate-900/70 px-3 py-1 text-xs font-semibold text-white">{t.preview.images(images.length)}</span>}
            </div>
            <div className="mt-4 flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-bold text-white">{priceText(fields.price)}</span>
              <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">{industryLabels[fields.industry]}</span>
              <span className="text-sm text-slate-600" data-testid="preview-location">{publicLocation(fields)}</span>
              <ConfidentialBadge confidential={fields.confidential} />
            </div>
            <h3 className="mt-3 text-2xl font-extrabold [overflow-wrap:anywhere]">{fields.title}</h3>
            {about.lead && <p className="mt-2 text-lg text-slate-700">{about.lead}</p>}
            <h4 className="mt-5 text-lg font-bold">{detail.about}</h4>
            <p className="mt-1 whitespace-pre-line text-slate-700">{about.body}</p>
            {fields.includedInSale.length > 0 && (
              <>
                <h4 className="mt-5 text-lg font-bold">{detail.included}</h4>
                <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                  {fields.includedInSale.map((item) => <li key={item} className="flex items-center gap-2 text-slate-700"><span aria-hidden="true" className="text-brand-600">✓</span>{item}</li>)}
                </ul>
              </>
            )}
            {fields.ownerComment && (
              <figure className="mt-5 rounded-2xl bg-brand-50 p-5">
                <blockquote className="italic text-brand-900">«{fields.ownerComment}»</blockquote>
                <figcaption className="mt-1 text-sm text-brand-700">— {detail.ownerQuote}</figcaption>
              </figure>
            )}
            <div className="mt-5"><KeyFigures listing={fields} headingLevel="h4" /></div>
          </div>
          <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 p-4">
            <Dialog.Close className={buttonClass('secondary')}>{t.preview.back}</Dialog.Close>
            <Button disabled={busy} onClick={onSubmit}>{busy ? t.submitting : submitLabel}</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
