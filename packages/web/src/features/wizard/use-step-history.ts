import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../../router/location';

/** The step's place in the address: /legg-ut-annonse?steg=3 (and ?edit={id}&steg=3). */
export const STEP_PARAM = 'steg';

interface StepEntry {
  /** The step this entry was pushed from by 'Neste', so 'Forrige' can go back through history to it. */
  wizardFrom?: number;
  /** The step of the wizard's first entry, whose address has none. */
  wizardStep?: number;
}

function stepUrl(step: number): string {
  const params = new URLSearchParams(window.location.search);
  params.set(STEP_PARAM, String(step));
  return `?${params.toString()}`;
}

/**
 * Each wizard step is an entry in the browser's history (decision 138): 'Neste' pushes the next
 * step, so the browser's Back from step 5 is step 4 and Forward is step 5 again, and a reload stays
 * on its step (the form itself is in the local draft, or the saved listing when editing). The step
 * is read from the address. The wizard's first entry keeps the address it was opened with (links
 * and sign-in's return point at it) and its step in the entry's state: `fallback` (the step the
 * draft was left on, or 1) the first time, the same step when Back returns to it after a reload.
 */
export function useStepHistory(fallback: number, last: number) {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = Number(new URLSearchParams(location.search).get(STEP_PARAM));
  const inAddress = Number.isInteger(raw) && raw >= 1 && raw <= last;
  const entry = (location.state ?? {}) as StepEntry;
  const kept = entry.wizardStep;
  const step = inAddress ? raw : Math.min(Math.max(kept ?? fallback, 1), last);

  useEffect(() => {
    if (inAddress || kept !== undefined) return;
    const { pathname, search, hash } = window.location;
    navigate(pathname + search + hash, { replace: true, state: { ...(location.state as StepEntry | null), wizardStep: step } });
  }, [inAddress, kept, step, navigate, location.state]);

  // A new step takes the focus to its heading (Back and Forward too), so a screen reader hears it;
  // or to what the move asked for (the first field with an error), once the step is on screen.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const focusNext = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const focus = focusNext.current ?? (() => heading.current?.focus());
    focusNext.current = null;
    requestAnimationFrame(focus);
  }, [step]);

  /** A new history entry for `next` ('Neste', or a submit that sends the seller back to a step with errors). */
  const push = (next: number, focus?: () => void) => {
    if (next === step) {
      if (focus) requestAnimationFrame(focus);
      return;
    }
    focusNext.current = focus ?? null;
    const entry: StepEntry = { wizardFrom: step };
    navigate(stepUrl(next), { state: entry });
  };

  /** 'Forrige': back through history when this entry came from the step before, else that step in place of this one. */
  const previous = () => {
    const from = entry.wizardFrom;
    if (from === step - 1) navigate(-1);
    else navigate(stepUrl(step - 1), { replace: true });
  };

  /** A step with errors found where the seller cannot have filled it (an address typed or Forward past it): shown in place. */
  const replace = (next: number, focus?: () => void) => {
    focusNext.current = focus ?? null;
    navigate(stepUrl(next), { replace: true });
  };

  return { step, push, previous, replace, heading };
}

/**
 * Back, Forward or a typed address may land past a step that no longer passes (a field emptied
 * after going back): the seller is shown that step and its errors instead (`onFailed`). `check`
 * leaves the pictures to the submit's check, as they may still be loading from the draft after a
 * reload. Runs when the step changes, not on every keystroke.
 */
export function useEarlierStepsChecked<E>(step: number, check: (which: number) => E[], onFailed: (which: number, found: E[]) => void): void {
  useEffect(() => {
    for (let which = 1; which < step; which += 1) {
      const found = check(which);
      if (found.length) {
        onFailed(which, found);
        return;
      }
    }
  }, [step]); // eslint-disable-line react-hooks/exhaustive-deps -- the form as it is when the step changes
}
