import { useEffect, useState } from 'react';

/** True while the page scrolls down past `threshold` px; false again on any scroll up. */
export function useHideOnScroll(threshold: number): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    // Where the page is, read in the next frame where the browser lays it out anyway (here, `scrollY`
    // would force that layout inside React's commit), or at the first scroll if that comes first.
    let last: number | undefined;
    const frame = requestAnimationFrame(() => (last ??= window.scrollY));
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > threshold && last !== undefined && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);
  return hidden;
}
