/**
 * The main navigation's entry of the dashboard carries the count of unread notices from the
 * school office (the dashboard lists them): a badge on screen, and the count in the link's name
 * for screen readers ("Home (2 unread notices)"). The name is the visible label followed by
 * hidden words rather than an `aria-label`, so that it begins with what a voice-control user
 * reads on the screen (WCAG 2.5.3, label in name).
 */
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../routing/navigation';
import { paths } from '../routing/paths';

/** The unread notices an entry shows: the family's on the dashboard's entry, none on the others. */
export const unreadOf = (item: NavItem, unread: number): number => (item.path === paths.dashboard ? unread : 0);

/** The words an entry's name adds to its visible label for screen readers, when it has unread notices. */
export function UnreadInName({ unread }: { unread: number }) {
  const { t } = useTranslation();
  if (unread === 0) return null;
  // The space keeps the words apart in every name computation, whatever the span's display.
  return <>{' '}<span className="sr-only">{t('notices.navUnread', { count: unread })}</span></>;
}

/** The number of unread notices beside an entry's icon (hidden from screen readers: the name says it). */
export function UnreadBadge({ unread, className = '' }: { unread: number; className?: string }) {
  if (unread === 0) return null;
  return (
    <span aria-hidden="true" className={`min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs leading-5 font-semibold text-white ${className}`}>
      {unread > 9 ? '9+' : unread}
    </span>
  );
}
