import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@bedriftstorget/api/routers/index';
import type { ApiCall } from './api-client';

/**
 * `trpc.a.b.queryOptions(input)`, `.infiniteQueryOptions`, `.mutationOptions`, `.queryKey`,
 * `.pathFilter` … for TanStack Query's own hooks: the runtime of @trpc/tanstack-react-query's
 * options proxy in the few lines the app uses, with its types and its query keys
 * (`[path parts, { input, type }]`), so cache filters work as documented there (decision 084).
 */

type KeyType = 'query' | 'infinite' | 'any';
type Input = Record<string, unknown> | undefined;

export function queryKeyOf(path: string[], input: unknown, type: KeyType): unknown[] {
  if (input === undefined && type === 'any') return path.length ? [path] : [];
  let keyInput = input;
  if (type === 'infinite' && input && typeof input === 'object' && ('cursor' in input || 'direction' in input)) {
    const { cursor: _cursor, direction: _direction, ...rest } = input as Record<string, unknown>;
    keyInput = rest;
  }
  return [path, { ...(keyInput !== undefined ? { input: keyInput } : {}), ...(type !== 'any' ? { type } : {}) }];
}

/** The input a query key stands for, with an infinite query's page cursor put in. */
function inputOf(queryKey: readonly unknown[], page?: { pageParam: unknown; direction: unknown }): unknown {
  const input = (queryKey[1] as { input?: unknown } | undefined)?.input;
  if (!page) return input;
  return { ...(input as Input), ...(page.pageParam !== undefined ? { cursor: page.pageParam } : {}), direction: page.direction };
}

function utilities(call: ApiCall, path: string[], [first, second]: unknown[]) {
  const name = path.join('.');
  const options = (value: unknown) => (value ?? {}) as Record<string, unknown>;
  return {
    queryKey: () => queryKeyOf(path, first, 'query'),
    infiniteQueryKey: () => queryKeyOf(path, first, 'infinite'),
    pathKey: () => queryKeyOf(path, undefined, 'any'),
    pathFilter: () => ({ ...options(first), queryKey: queryKeyOf(path, undefined, 'any') }),
    queryFilter: () => ({ ...options(second), queryKey: queryKeyOf(path, first, 'query') }),
    infiniteQueryFilter: () => ({ ...options(second), queryKey: queryKeyOf(path, first, 'infinite') }),
    queryOptions: () => ({
      ...options(second),
      queryKey: queryKeyOf(path, first, 'query'),
      queryFn: ({ queryKey }: { queryKey: readonly unknown[] }) => call('query', name, inputOf(queryKey)),
      trpc: { path: name },
    }),
    infiniteQueryOptions: () => {
      const opts = options(second);
      return {
        ...opts,
        queryKey: queryKeyOf(path, first, 'infinite'),
        queryFn: ({ queryKey, pageParam, direction }: { queryKey: readonly unknown[]; pageParam: unknown; direction: unknown }) =>
          call('query', name, inputOf(queryKey, { pageParam, direction })),
        initialPageParam: opts.initialCursor ?? (first as { cursor?: unknown } | undefined)?.cursor,
        trpc: { path: name },
      };
    },
    mutationKey: () => [path],
    mutationOptions: () => ({
      ...options(first),
      mutationKey: [path],
      mutationFn: (input: unknown) => call('mutation', name, input),
      trpc: { path: name },
    }),
  };
}

type Utility = keyof ReturnType<typeof utilities>;

function proxy(call: ApiCall, path: string[]): unknown {
  return new Proxy(() => {}, {
    get: (_target, key) => (typeof key === 'string' && key !== 'then' ? proxy(call, [...path, key]) : undefined),
    apply: (_target, _this, args: unknown[]) => {
      const utility = path.at(-1) as Utility;
      const made = utilities(call, path.slice(0, -1), args)[utility];
      if (!made) throw new Error(`trpc: ${utility} is not supported by lib/query-options.ts`);
      return made();
    },
  });
}

export function createOptionsProxy(call: ApiCall): TRPCOptionsProxy<AppRouter> {
  return proxy(call, []) as TRPCOptionsProxy<AppRouter>;
}
