/**
 * The service worker's side of a push (src/sw/sw.ts binds these to its events): it shows the
 * notification the functions composed (functions/src/push/deliverPush.ts: title and line in the
 * parent's language, the link to open), tells the open portal tabs so that they read the notices
 * again, and on a click focuses a portal tab and takes it to the link, or opens one.
 *
 * Written against the few things of the worker's scope they use, so that they run in unit tests.
 */

/** What the functions send (pushPayload in deliverPush.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** The portal's page to open, as a path on the worker's own origin. */
  path: string;
  tag: string;
  lang: string;
  kind: string;
}

/** A message the worker posts to the portal's tabs. */
export type PushTabMessage = { type: 'push-arrived'; kind: string } | { type: 'push-open'; path: string };

export interface PortalWindow {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  postMessage(message: PushTabMessage): void;
}

export interface PushScope {
  /** The portal's origin: a link elsewhere is never opened. */
  origin: string;
  showNotification(title: string, options: NotificationOptions): Promise<void>;
  windows(): Promise<PortalWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/** Shown for a push that cannot be read: browsers require every push to show something. */
const FALLBACK: PushPayload = { title: 'Family Portal', body: '', path: '/', tag: 'family-portal', lang: 'en', kind: 'unknown' };
const ICON = '/pwa-192.png';
const BADGE = '/push-badge-96.png';

/** The payload as sent, or null for anything else (an empty push, another sender's text). */
export function readPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const fields = ['title', 'body', 'path', 'tag', 'lang', 'kind'] as const;
    return fields.every((field) => typeof value[field] === 'string') ? (value as unknown as PushPayload) : null;
  } catch {
    return null;
  }
}

/**
 * The link's path on the portal's own origin; anything else opens the portal's start. The answer
 * must hold when read again (the worker reads it when it shows the push and when it is clicked):
 * a path that resolves to `//host` would be another origin on the second reading, so its leading
 * slashes become one.
 */
export function pathOnPortal(url: unknown, origin: string): string {
  try {
    const target = new URL(String(url), origin);
    if (target.origin !== origin) return '/';
    return `${target.pathname.replace(/^[/\\]+/, '/')}${target.search}${target.hash}`;
  } catch {
    return '/';
  }
}

export async function showPush(scope: PushScope, text: string | null | undefined): Promise<void> {
  const payload = readPayload(text) ?? FALLBACK;
  await scope.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    lang: payload.lang,
    icon: ICON,
    badge: BADGE,
    data: { path: pathOnPortal(payload.path, scope.origin), kind: payload.kind },
  });
  // An open tab reads the family's notices again: the Home entry's unread count follows.
  for (const tab of await scope.windows()) tab.postMessage({ type: 'push-arrived', kind: payload.kind });
}

/** A click on the notification: an open portal tab (the focused one first) is brought forward and taken there; else a new one opens. */
export async function openFromNotification(scope: PushScope, data: unknown): Promise<void> {
  const path = pathOnPortal((data as { path?: unknown } | null)?.path ?? '/', scope.origin);
  const tabs = (await scope.windows()).filter((tab) => tab.url.startsWith(scope.origin));
  const tab = tabs.find((open) => open.focused) ?? tabs[0];
  if (!tab) {
    await scope.openWindow(path);
    return;
  }
  tab.postMessage({ type: 'push-open', path });
  // Browsers let a worker focus a window only in answer to the click itself; the tab moves either way.
  await tab.focus().catch(() => undefined);
}
