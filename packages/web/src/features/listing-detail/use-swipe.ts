import { useRef } from 'react';

const SWIPE_MIN_PX = 50;

/** Touch handlers that call back on a horizontal swipe of more than 50 px (docs/product.md, 'Listing detail'). */
export function useSwipe(onPrevious: () => void, onNext: () => void) {
  const start = useRef<number | null>(null);
  return {
    onTouchStart: (event: React.TouchEvent) => {
      start.current = event.touches[0]?.clientX ?? null;
    },
    onTouchEnd: (event: React.TouchEvent) => {
      const end = event.changedTouches[0]?.clientX;
      if (start.current === null || end === undefined) return;
      const dx = end - start.current;
      start.current = null;
      if (dx > SWIPE_MIN_PX) onPrevious();
      else if (dx < -SWIPE_MIN_PX) onNext();
    },
  };
}
