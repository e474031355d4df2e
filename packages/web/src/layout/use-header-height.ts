import { useEffect, type RefObject } from 'react';

/** The value last written, at first the stylesheet's (styles.css): the bar's usual height, so usually nothing is written. */
let published = '65px';

/**
 * Publishes the header's height as --header-height for layout (the page's scroll padding, browse's
 * sticky filters), whenever the header's size changes. A ResizeObserver reports the size the
 * browser has just laid out, so nothing here forces a layout: reading `offsetHeight` while the
 * page was being put on screen laid out the whole page inside React's commit, the longest task of
 * a listing page's load. And only a new value is written: each write restyles the whole document.
 */
export function useHeaderHeight(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // border-box: the height includes the bar's bottom border (transparent over the hero, so the bar
    // keeps one height when it turns solid and nothing below it moves by a pixel).
    const observer = new ResizeObserver(([entry]) => {
      const value = `${Math.round(entry?.borderBoxSize[0]?.blockSize ?? 0)}px`;
      if (value === published) return;
      published = value;
      document.documentElement.style.setProperty('--header-height', value);
    });
    observer.observe(element, { box: 'border-box' });
    return () => observer.disconnect();
  }, [ref]);
}
