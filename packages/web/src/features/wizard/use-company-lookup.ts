import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isValidOrgnr, normaliseOrgnr } from '@bedriftstorget/core/company/orgnr';
import type { AppRouter } from '@bedriftstorget/api/routers/index';
import type { inferRouterOutputs } from '@trpc/server';
import { trpc } from '../../lib/trpc';
import type { CompanyCheck } from './company-fields';
import type { FieldError } from './validation';

export type CompanyLookup = inferRouterOutputs<AppRouter>['seller']['lookupCompany'];

/** The message that keeps the seller on step 1: the registry does not know the number, or removed it. */
export function refusalOf(answer: CompanyLookup | null | undefined): string | null {
  return answer && (answer.kind === 'not_found' || answer.kind === 'removed') ? answer.message : null;
}

/**
 * The wizard's look-up of 'Organisasjonsnummer' when its field is left (decision 139): each number
 * once per visit (the answers are kept by number, so retyping an earlier one asks nothing). A number
 * the shared schema refuses is not sent; a look-up that fails (too many, offline) answers null and
 * leaves the check to the save, as before.
 */
export function useCompanyLookup() {
  const lookup = useMutation(trpc.seller.lookupCompany.mutationOptions());
  const [answers, setAnswers] = useState<Record<string, CompanyLookup>>({});
  const [checking, setChecking] = useState<string | null>(null);
  const inFlight = useRef(new Map<string, Promise<CompanyLookup | null>>());
  const known = useRef<Record<string, CompanyLookup>>({});
  const { mutateAsync } = lookup;

  const check = useCallback((typed: string): Promise<CompanyLookup | null> => {
    const orgnr = normaliseOrgnr(typed);
    if (!isValidOrgnr(orgnr)) return Promise.resolve(null);
    const kept = known.current[orgnr];
    if (kept) return Promise.resolve(kept);
    const running = inFlight.current.get(orgnr);
    if (running) return running;
    setChecking(orgnr);
    const asked = mutateAsync({ orgnr }).then(
      (answer) => {
        known.current = { ...known.current, [orgnr]: answer };
        setAnswers(known.current);
        return answer;
      },
      () => null,
    ).finally(() => {
      inFlight.current.delete(orgnr);
      setChecking((current) => (current === orgnr ? null : current));
    });
    inFlight.current.set(orgnr, asked);
    return asked;
  }, [mutateAsync]);

  /** The answer for the number as typed now, and whether it is being asked. */
  const view = (typed: string) => {
    const orgnr = normaliseOrgnr(typed);
    return { answer: answers[orgnr] ?? null, checking: checking !== null && checking === orgnr };
  };

  return { check, view };
}

/**
 * 'Organisasjonsnummer' in the wizard: leaving the field marks a malformed number at once and a valid
 * one the registry refuses after its answer (`mark`); `refusal` keeps the field marked while that
 * number stands, and `refusalNow` is what 'Neste' on step 1 waits for.
 */
export function useOrgnrField(typed: string, on: { malformed: () => FieldError[]; mark: (found: FieldError[]) => void }) {
  const { check, view } = useCompanyLookup();
  const now = view(typed);
  const onBlur = () => {
    const malformed = on.malformed();
    if (malformed.length) on.mark(malformed);
    else void check(typed).then((answer) => { const refusal = refusalOf(answer); if (refusal) on.mark([{ field: 'orgnr', message: refusal }]); });
  };
  const field: CompanyCheck = { ...now, onBlur };
  return { field, refusal: refusalOf(now.answer), refusalNow: async () => refusalOf(await check(typed)) };
}
