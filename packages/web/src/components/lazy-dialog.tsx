import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdleAfterFirstUse } from '../lib/after-first-use';

/**
 * A controlled dialog whose code (Radix Dialog and the panel) is outside the first load (decision
 * 042): loaded when the browser is idle after the visitor's first use of the page (decision 145),
 * or at its first opening if that comes first; rendered from its first opening on (so it keeps its
 * closing focus return). Until then it renders nothing: a closed dialog shows nothing either.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // the next opening loads again (e.g. after a network blip)
      throw error;
    }));
  const Panel = lazy(() => preload().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Derived state, set while rendering: from the first opening on the panel stays mounted.
    if (props.open && !opened) setOpened(true);
    useEffect(() => whenIdleAfterFirstUse(() => void preload().catch(() => {})), []);
    if (!opened) return null;
    const Loaded = Panel as unknown as ComponentType<P>;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
