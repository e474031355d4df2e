import { TRPCError } from '@trpc/server';
import { desc, eq } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '@bedriftstorget/core/admin/rules';
import { valuationAdmin } from '@bedriftstorget/core/texts/numbers';
import { valuationRequests, type ValuationStatus } from '@bedriftstorget/core/valuation/valuation.sql';
import type { Database } from '../db/client';
import { writeLog } from './log';
import { afterCursor, pageOf } from '../paging/newest-first';

/** /admin/verdivurderinger: every request from the landing page, newest first, a page at a time. */
export async function listValuations(db: Database, input: { cursor?: string | undefined }) {
  const rows = await db
    .select({
      id: valuationRequests.id,
      createdAt: valuationRequests.createdAt,
      industry: valuationRequests.industry,
      revenue: valuationRequests.revenue,
      profit: valuationRequests.profit,
      lowValue: valuationRequests.lowValue,
      highValue: valuationRequests.highValue,
      email: valuationRequests.email,
      status: valuationRequests.status,
    })
    .from(valuationRequests)
    .where(afterCursor(valuationRequests.createdAt, valuationRequests.id, input.cursor))
    .orderBy(desc(valuationRequests.createdAt), desc(valuationRequests.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = pageOf(rows, ADMIN_PAGE_SIZE);
  return { items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), nextCursor: page.nextCursor };
}

/** Ny / Kontaktet / Avsluttet, with its log entry; handled_at marks when it was first closed. */
export async function setValuationStatus(db: Database, adminId: string, id: string, status: ValuationStatus, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: valuationRequests.status }).from(valuationRequests).where(eq(valuationRequests.id, id)).for('update');
    if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: valuationAdmin.notFound });
    if (current.status === status) return;
    await tx
      .update(valuationRequests)
      .set({ status, handledAt: status === 'closed' ? now : null })
      .where(eq(valuationRequests.id, id));
    await writeLog(tx, adminId, { action: valuationAdmin.logged, targetType: 'valuation', targetId: id, details: { from: current.status, to: status } });
  });
}
