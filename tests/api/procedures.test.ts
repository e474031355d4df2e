import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TRPCError } from '@trpc/server';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import type { Context } from '@bedriftstorget/api/context';
import { adminProcedure, createCallerFactory, protectedProcedure, publicProcedure, router } from '@bedriftstorget/api/trpc';
import { request as requestTexts } from '@bedriftstorget/core/texts/http';
import { admin, common } from '@bedriftstorget/core/texts/nb';
import { Browser, createHarness, signedInUser } from './harness';

/**
 * The procedure builders of trpc.ts on a router of their own, over HTTP as the browser sees them:
 * what an error says, which status it gets, who passes the access checks.
 */
const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
const probe = router({
  crash: publicProcedure.query(() => {
    throw new Error('hemmelig detalj fra serveren');
  }),
  away: publicProcedure.query(() => {
    throw unreachable;
  }),
  refused: publicProcedure.query(() => {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Ikke lov' });
  }),
  named: publicProcedure.input(z.object({ name: z.string().min(3, 'Navnet er for kort'), age: z.number({ error: 'Alder mangler' }) })).mutation(({ input }) => input.name),
  free: publicProcedure.mutation(() => 'ok'),
  tagged: publicProcedure.input(z.object({ tags: z.array(z.string()) })).mutation(({ input }) => input.tags.length),
  mine: protectedProcedure.query(({ ctx }) => ctx.user.id),
  secret: adminProcedure.query(() => 'hemmelig'),
});

interface Answer {
  status: number;
  message: string;
  data: { code: string; httpStatus: number; stack?: string; reason: string | null };
}

async function call(ctx: Context, path: string, init: { method?: string; body?: string } = {}): Promise<Answer> {
  const req = new Request(`http://localhost:3000/trpc/${path}`, { method: init.method ?? 'GET', body: init.body, headers: { 'content-type': 'application/json' } });
  const res = await fetchRequestHandler({ endpoint: '/trpc', req, router: probe, createContext: () => ctx });
  const body = (await res.json()) as { error: Omit<Answer, 'status'> };
  return { status: res.status, ...body.error };
}

describe('the procedure builders, over HTTP', () => {
  it('answers an unexpected error with the generic text, no stack and no reason: its details stay in the log', async () => {
    const ctx = await new Browser(createHarness()).context();
    const answer = await call(ctx, 'crash');
    expect(answer).toMatchObject({ status: 500, message: common.genericError, data: { code: 'INTERNAL_SERVER_ERROR', reason: null } });
    expect(answer.data.stack).toBeUndefined();
    expect(JSON.stringify(answer)).not.toContain('hemmelig');
  });

  it('answers a database that cannot be reached with 503 and "try again shortly"', async () => {
    const ctx = await new Browser(createHarness()).context();
    expect(await call(ctx, 'away')).toMatchObject({ status: 503, message: requestTexts.unavailable, data: { code: 'SERVICE_UNAVAILABLE' } });
  });

  it('keeps our own refusals as they are, without a stack, with the reason of a reasoned refusal', async () => {
    const h = createHarness();
    const refused = await call(await new Browser(h).context(), 'refused');
    expect(refused).toMatchObject({ status: 400, message: 'Ikke lov', data: { code: 'BAD_REQUEST', reason: null } });
    expect(refused.data.stack).toBeUndefined();
    const { browser } = await signedInUser(h);
    const notAdmin = await call(await browser.context(), 'secret');
    expect(notAdmin).toMatchObject({ status: 403, message: admin.noAccessText, data: { reason: 'NO_ACCESS' } });
    expect(notAdmin.data.stack).toBeUndefined();
  });

  it('reads bad input as the first validation message of the schema', async () => {
    const ctx = await new Browser(createHarness()).context();
    expect(await call(ctx, 'named', { method: 'POST', body: JSON.stringify({ name: 'Al' }) })).toMatchObject({ status: 400, message: 'Navnet er for kort' });
    expect(await call(ctx, 'named', { method: 'POST', body: JSON.stringify({ name: 'Alf' }) })).toMatchObject({ status: 400, message: 'Alder mangler' });
  });

  it('refuses text that is not valid Unicode before any schema, and lets a procedure without input ignore unreadable JSON', async () => {
    const ctx = await new Browser(createHarness()).context();
    expect(await call(ctx, 'named', { method: 'POST', body: '{"name":"Al\\ud800f","age":1}' })).toMatchObject({ status: 400, message: requestTexts.invalidText });
    expect(await call(ctx, 'tagged', { method: 'POST', body: '{"tags":["kafé","Al\\udc00f"]}' })).toMatchObject({ status: 400, message: requestTexts.invalidText });
    const req = new Request('http://localhost:3000/trpc/free', { method: 'POST', body: '{ikke json', headers: { 'content-type': 'application/json' } });
    const res = await fetchRequestHandler({ endpoint: '/trpc', req, router: probe, createContext: () => ctx });
    expect(res.status).toBe(200);
  });
});

describe('protectedProcedure', () => {
  const createCaller = createCallerFactory(probe);

  it('needs a user and a session: either alone is no sign-in', async () => {
    const h = createHarness();
    const { browser, userId } = await signedInUser(h);
    const ctx = await browser.context();
    expect(await createCaller(ctx).mine()).toBe(userId);
    for (const partial of [{ ...ctx, session: null }, { ...ctx, user: null }]) {
      await expect(createCaller(partial).mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: common.signInRequired });
    }
  });
});
