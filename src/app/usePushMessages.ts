/**
 * What the service worker tells the portal's tabs about pushes (src/lib/pushHandlers.ts): a click
 * on a notification takes the tab it focused to the notification's page, without reloading it.
 * (That a push arrived is the family's data's business: DataProvider reads the notices again.)
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { pathOnPortal } from '../lib/pushHandlers';

export function usePushNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: unknown; path?: unknown } | null;
      if (message?.type === 'push-open') void navigate(pathOnPortal(message.path, window.location.origin));
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [navigate]);
}
