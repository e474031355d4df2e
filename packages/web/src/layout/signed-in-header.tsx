/**
 * The header's parts for a signed-in user — 'Min konto' (with its stand-in, decision 042) and the
 * messages envelope with its unread count — in one chunk that site-header.tsx loads once a user
 * is known, so a visitor's first load does not carry them (decision 075).
 */
export { LazyAccountMenu } from './account-menu-lazy';
export { MessagesLink } from './messages-link';
