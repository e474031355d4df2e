import { useQuery } from '@tanstack/react-query';
import { trpc } from './trpc';

/**
 * The approval promise in hours, as set in /admin/innstillinger: every public text that states it
 * takes it from here (decision 090). null until it is read, and the texts then name no number.
 */
export function useReviewPromise(): number | null {
  const promise = useQuery(trpc.listing.reviewPromise.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  return promise.data?.promiseHours ?? null;
}
