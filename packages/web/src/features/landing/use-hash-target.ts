import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from '../../router/location';

/**
 * Scrolls to the section the URL's hash names and moves focus to it: on arrival
 * (`/#verdivurdering` typed or linked from another page) and on every click of a header link,
 * also when the hash is already the same. Waits until no query is loading, so the data-driven
 * sections above have their final height and the target does not slide away after the scroll.
 */
export function useHashTarget(): void {
  const location = useLocation();
  const fetching = useIsFetching();
  const id = decodeURIComponent(location.hash.slice(1));
  const done = useRef<string | null>(null);
  const ready = fetching === 0;
  useEffect(() => {
    // Once per navigation: a later refetch (realtime) must not pull the reader back.
    if (!id || !ready || done.current === location.key) return;
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return;
      done.current = location.key;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
    // location.key: a new click on the same link scrolls again.
  }, [id, location.key, ready]);
}
