import { useLayoutEffect, type RefObject } from 'react';

/** Publishes the header's measured height as --header-height for layout, on resize and scroll. */
export function useHeaderHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const publish = () => document.documentElement.style.setProperty('--header-height', `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    // border-box: the height includes the bar's bottom border (transparent over the hero, so the bar
    // keeps one height when it turns solid and nothing below it moves by a pixel).
    observer.observe(element, { box: 'border-box' });
    window.addEventListener('scroll', publish, { passive: true });
    window.addEventListener('resize', publish);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', publish);
      window.removeEventListener('resize', publish);
    };
  }, [ref]);
}
