import { Link } from '../../router/link';
import type { ReactNode } from 'react';
import { admin } from '@bedriftstorget/core/texts/nb';
import { useAuth } from '../../app/auth-context';
import { buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';

/**
 * The view's guard only; the server refuses every admin call from a non-admin regardless.
 * While the check loads a spinner shows; a visitor or non-admin sees 'Ingen tilgang'.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <Spinner />;
  if (!user?.isAdmin) {
    return (
      <main id="innhold" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-3xl font-bold">{admin.noAccessTitle}</h1>
        <p className="text-slate-600">{admin.noAccessText}</p>
        <Link to="/" className={buttonClass('primary')}>{admin.backHome}</Link>
      </main>
    );
  }
  return <>{children}</>;
}
