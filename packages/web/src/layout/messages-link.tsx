import { Link } from '../router/link';
import { nav } from '@bedriftstorget/core/texts/nb';
import { useUnreadCount } from '../lib/use-messages';

/**
 * The envelope in the header, on desktop and phone: the unread count shows without
 * opening a menu, and the link's name says it ('2 uleste meldinger').
 */
export function MessagesLink({ light }: { light: boolean }) {
  const unread = useUnreadCount() ?? 0;
  return (
    <Link
      to="/meldinger"
      aria-label={nav.unreadMessages(unread)}
      data-testid="header-messages"
      className={`relative rounded-lg p-2 ${light ? 'text-white hover:bg-white/10' : 'text-slate-800 hover:bg-slate-100'}`}
    >
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"><path d="M4 6h16v12H4z" /><path d="M4 7l8 6 8-6" /></svg>
      {unread > 0 && (
        <span aria-hidden="true" data-testid="header-unread" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs font-bold leading-5 text-white">
          {unread > 9 ? '9+' : unread}
        </span>
      )}
    </Link>
  );
}
