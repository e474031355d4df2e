import { useEffect, useState } from 'react';
import { Link } from '../../router/link';
import { Navigate } from '../../router/navigate';
import { useNavigate, useSearchParams } from '../../router/location';
import type { ConversationKey } from '@bedriftstorget/core/message/schemas';
import { inbox as texts } from '@bedriftstorget/core/texts/messages';
import { brand, nav } from '@bedriftstorget/core/texts/nb';
import { useAuth } from '../../app/auth-context';
import { Spinner } from '../../components/spinner';
import { ConversationList } from './conversation-list';
import { InquiryList } from './inquiry-list';
import { inquiryInbox } from '@bedriftstorget/core/texts/numbers';
import { ConversationView } from './conversation-view';
import { keyFromParams, keyString, paramsFromKey } from './conversation-key';
import { isSigningOut } from '../../lib/signing-out';

/**
 * /meldinger (docs/product.md, 'Messages'): no navigation bar, but a way back. Side by side from 768 px; on a phone
 * the list, or the open conversation with a way back to the list.
 */
export function MessagesPage() {
  const { user, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [list, setList] = useState<'conversations' | 'inquiries'>('conversations');
  const selected = keyFromParams(params);
  useEffect(() => {
    document.title = `${texts.title} – ${brand}`;
  }, []);

  if (loading) return <Spinner />;
  if (!user && isSigningOut()) return <Spinner />;
  if (!user) return <Navigate to="/auth?mode=login&next=%2Fmeldinger" replace />;

  // Replace, not push: Back leaves the inbox rather than stepping through conversations.
  const select = (key: ConversationKey | null) => setParams(key ? paramsFromKey(key) : {}, { replace: true });
  const back = () => {
    const state: unknown = window.history.state;
    const inAppHistory = typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
    if (inAppHistory) navigate(-1);
    else navigate('/');
  };

  return (
    <div className="flex h-dvh flex-col bg-slate-50">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4">
        {/* One way back at a time: on a phone with a conversation open it leads to the list (the
            conversation had its own second one); otherwise it leaves the inbox. */}
        {selected && (
          <button type="button" onClick={() => select(null)} className="flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-slate-100 md:hidden">
            <span aria-hidden="true">←</span>
            {texts.backToList}
          </button>
        )}
        <button type="button" onClick={back} className={`${selected ? 'hidden md:flex' : 'flex'} items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-slate-100`}>
          <span aria-hidden="true">←</span>
          {texts.back}
        </button>
        <h1 className="text-lg font-bold">{texts.title}</h1>
        <Link to="/" aria-label={`${brand} – ${nav.home}`} className="ml-auto text-lg font-extrabold text-brand-700">{brand}</Link>
      </header>
      <main id="innhold" className="mx-auto flex min-h-0 w-full max-w-6xl flex-1 md:gap-4 md:p-4">
        <section aria-label={texts.listLabel} className={`${selected ? 'hidden md:flex' : 'flex'} min-h-0 w-full flex-col bg-white md:w-80 md:shrink-0 md:rounded-2xl md:border md:border-slate-200`}>
          <div role="group" aria-label={inquiryInbox.tabsLabel} className="flex gap-1 border-b border-slate-100 p-2">
            {(['conversations', 'inquiries'] as const).map((name) => (
              <button key={name} type="button" aria-pressed={list === name} onClick={() => setList(name)} className={`rounded-lg px-3 py-1.5 text-sm font-medium ${list === name ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100'}`}>
                {inquiryInbox[name]}
              </button>
            ))}
          </div>
          {list === 'inquiries' ? <InquiryList /> : <ConversationList selected={selected} onSelect={select} />}
        </section>
        <section className={`${selected ? 'flex' : 'hidden md:flex'} min-h-0 min-w-0 flex-1 flex-col bg-white md:rounded-2xl md:border md:border-slate-200`}>
          {selected ? (
            <ConversationView key={keyString(selected)} conversation={selected} />
          ) : (
            <p className="m-auto px-6 text-center text-slate-500">{texts.choose}</p>
          )}
        </section>
      </main>
    </div>
  );
}
