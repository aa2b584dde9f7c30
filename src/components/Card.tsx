import { useId, type ReactNode } from 'react';

/** A titled section of a screen. */
export function Card({ title, action, children, className = '' }: { title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** What an empty list says: a short description, optionally under a title of its own. */
export function EmptyState({ title, children }: { title?: string; children: ReactNode }) {
  if (!title) return <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{children}</p>;
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">
      <p className="font-semibold text-slate-800">{title}</p>
      <p className="mt-1">{children}</p>
    </div>
  );
}

/** Grey placeholder blocks while data loads. */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 ${className}`} aria-hidden="true" />;
}
