import * as Dialog from '@radix-ui/react-dialog';
import { gallery as texts } from '@bedriftstorget/core/texts/marketplace';
import { IMAGE_SIZES, ListingImage } from '../../components/listing-image';
import { useReturnFocus } from '../../components/use-return-focus';
import { ArrowButton } from './gallery';
import { useSwipe } from './use-swipe';

/** The gallery's full-screen viewer (docs/product.md, 'Listing detail'): arrows, keys, swipes, Escape. */
export function Viewer({ open, onOpenChange, images, title, index, onPrevious, onNext }: {
  open: boolean; onOpenChange: (open: boolean) => void; images: string[]; title: string; index: number; onPrevious: () => void; onNext: () => void;
}) {
  const many = images.length > 1;
  const swipe = useSwipe(onPrevious, onNext);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* Opaque: on a phone the page behind showed through the photo's margins. */}
        <Dialog.Overlay data-testid="viewer-backdrop" className="fixed inset-0 z-50 bg-slate-950" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 outline-none"
          onKeyDown={(event) => {
            if (!many) return;
            if (event.key === 'ArrowLeft') onPrevious();
            if (event.key === 'ArrowRight') onNext();
          }}
          {...swipe}
        >
          <Dialog.Title className="mb-3 text-white">{texts.viewerCounter(index + 1, images.length)}</Dialog.Title>
          <div className="relative w-full max-w-5xl">
            <ListingImage url={images[index]!} alt={texts.alt(title, index + 1)} sizes={IMAGE_SIZES.viewer} priority className="max-h-[80vh] w-full object-contain" />
            {many && (
              <>
                <ArrowButton direction="left" onClick={onPrevious} label={texts.previous} />
                <ArrowButton direction="right" onClick={onNext} label={texts.next} />
              </>
            )}
          </div>
          <Dialog.Close className="absolute right-4 top-4 rounded-full bg-white/90 px-4 py-2 text-sm font-semibold">{texts.close}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
