import { and, eq } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import type { Database } from '@bedriftstorget/api/db/client';

type Result = { ok: boolean; message: string };

async function findUserId(db: Database, email: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user?.id ?? null;
}

export async function grantAdmin(db: Database, email: string): Promise<Result> {
  const userId = await findUserId(db, email);
  if (!userId) return { ok: false, message: `Fant ingen bruker med e-post ${email}.` };
  // The unique key (user_id, role) makes a second grant a no-op.
  await db.insert(userRoles).values({ userId, role: 'admin' }).onDuplicateKeyUpdate({ set: { role: 'admin' } });
  return { ok: true, message: `${email} er nå admin.` };
}

export async function revokeAdmin(db: Database, email: string): Promise<Result> {
  const userId = await findUserId(db, email);
  if (!userId) return { ok: false, message: `Fant ingen bruker med e-post ${email}.` };
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
  return { ok: true, message: `${email} er ikke lenger admin.` };
}
