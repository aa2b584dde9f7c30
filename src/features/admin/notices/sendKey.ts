/**
 * The key of one send the office means (the contract's sendKeySchema), for sendNotice and
 * cancelLesson: made when the confirmation opens for what the form holds, and kept while that
 * stays the same (a retry after a timeout, a second click, the dialog closed and opened again), so
 * that the functions send it once however often it is tried. A changed form, or a send that went
 * through, makes a new one: the office means a new send.
 */
import { useRef } from 'react';

export function useSendKey() {
  const last = useRef<{ content: string; key: string } | null>(null);
  return {
    keyFor(content: unknown): string {
      const text = JSON.stringify(content);
      if (last.current?.content !== text) last.current = { content: text, key: crypto.randomUUID() };
      return last.current.key;
    },
    sent(): void {
      last.current = null;
    },
  };
}
