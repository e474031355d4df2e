import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@bedriftstorget/api/routers/index';

export const trpc = createTRPCReact<AppRouter>();
