import { useEffect } from 'react';
import { Link } from '../../router/link';
import { useLocation } from '../../router/location';
import { notFound } from '@bedriftstorget/core/texts/nb';
import { buttonClass } from '../../components/button';

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404:', location.pathname);
    document.title = `${notFound.code} – Bedriftstorget`;
  }, [location.pathname]);
  return (
    <main id="innhold" className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold text-brand-700">{notFound.code}</h1>
      <p className="text-xl text-slate-700">{notFound.title}</p>
      <p className="text-slate-600">{notFound.text}</p>
      <Link to="/" className={buttonClass('primary')}>{notFound.backHome}</Link>
    </main>
  );
}
