import type { ReactNode } from 'react';
import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/** An admin list's three states: loading, could not load (with 'Prøv igjen'), and its data. */
export function QueryState<T>({ query, loadFailed, children }: { query: QueryLike<T>; loadFailed: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Spinner />;
  if (query.isError || query.data === undefined) {
    return <LoadError message={loadFailed} retryLabel={adminCommon.retry} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
