// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithReload } from './lazyWithReload';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('lazyWithReload', () => {
  it('renders a preloaded page at once, without its Suspense fallback', async () => {
    const Page = lazyWithReload(() => Promise.resolve({ default: Counter }));
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page label="Ready" />
      </Suspense>,
    );
    // Synchronously there: no fallback, no waiting for a retry.
    expect(screen.getByRole('button', { name: 'Ready 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows the fallback for a page that is not loaded yet, then the page, which keeps its state', async () => {
    const chunk = deferred();
    const Page = lazyWithReload(() => chunk.promise.then(() => ({ default: Counter })));
    const { rerender } = render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page label="Late" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => chunk.resolve());
    const button = await screen.findByRole('button', { name: 'Late 0' });
    await act(async () => button.click());
    // Rendering again after the chunk is in keeps the same component: the page is not remounted.
    rerender(
      <Suspense fallback={<p>Loading…</p>}>
        <Page label="Late" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Late 1' })).toBeInTheDocument();
  });

  it('loads a chunk once for every preload and render, and tries again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const Page = lazyWithReload(() => {
      calls += 1;
      return fail ? Promise.reject(new Error('network down')) : Promise.resolve({ default: Counter });
    });
    await expect(Page.preload()).rejects.toThrow('network down');
    fail = false;
    await Promise.all([Page.preload(), Page.preload()]);
    expect(calls).toBe(2);
  });
});
