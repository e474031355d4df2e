import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a React.lazy part below the fold) only once its place comes within
 * `margin` of the viewport; until then, and while its code loads, an empty box of the final size
 * (`placeholderClass`, e.g. min-heights per breakpoint) holds the space, so nothing moves. When the
 * URL's fragment names a section around it, it renders at once.
 */
export function WhenNear({ children, placeholderClass, margin = '600px' }: { children: ReactNode; placeholderClass: string; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    // A link to the section (e.g. /#verdivurdering) loads it at once.
    const target = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    if (target?.contains(element) || typeof IntersectionObserver !== 'function') return setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  const placeholder = <div aria-hidden="true" className={placeholderClass} />;
  if (!near) return <div ref={ref}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
