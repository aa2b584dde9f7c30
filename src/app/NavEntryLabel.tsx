/**
 * The main navigation's entry of the dashboard carries the count of unread notices from the
 * school office (the dashboard lists them): a badge on screen, and the count in the link's name
 * for screen readers ("Home, 2 unread notices").
 */
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../routing/navigation';
import { paths } from '../routing/paths';

/** The unread notices an entry shows: the family's on the dashboard's entry, none on the others. */
export const unreadOf = (item: NavItem, unread: number): number => (item.path === paths.dashboard ? unread : 0);

/** The accessible name of an entry with unread notices, or undefined (its text names it). */
export function useNavEntryName(label: string, unread: number): string | undefined {
  const { t } = useTranslation();
  return unread > 0 ? t('notices.navUnread', { label, count: unread }) : undefined;
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
