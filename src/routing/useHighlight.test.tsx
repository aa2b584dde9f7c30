// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_MS, HIGHLIGHT_DELAY_MS, useHighlight } from './useHighlight';

/** A ResizeObserver that the test fires by hand, as the browser does when the page grows. */
class ObserverInTest {
  static current: ObserverInTest | undefined;
  disconnected = false;
  constructor(private readonly callback: () => void) {
    ObserverInTest.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  fire() {
    if (!this.disconnected) this.callback();
  }
}

function Entry() {
  const highlighted = useHighlight('plan', true, (id) => `plan-${id}`);
  return <div id="plan-P1" data-highlighted={highlighted ?? ''} />;
}

let top = 500;
let scrolls: ScrollIntoViewOptions[] = [];

function renderEntry() {
  render(
    <MemoryRouter initialEntries={['/plans?plan=P1']}>
      <Entry />
    </MemoryRouter>,
  );
  act(() => {
    vi.advanceTimersByTime(HIGHLIGHT_DELAY_MS);
  });
}

/** Content arrives above the entry: it moves down, and the page tells its observer. */
function contentArrivesAbove() {
  top += 300;
  act(() => ObserverInTest.current!.fire());
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('ResizeObserver', ObserverInTest);
  top = 500;
  scrolls = [];
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top }) as DOMRect);
  HTMLElement.prototype.scrollIntoView = function scrollIntoView(options?: boolean | ScrollIntoViewOptions) {
    scrolls.push(options as ScrollIntoViewOptions);
  };
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a deep-linked entry', () => {
  it('is centred, marked, and centred again when content arriving above it pushes it down', () => {
    renderEntry();
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'center' }]);
    expect(document.getElementById('plan-P1')).toHaveAttribute('data-highlighted', 'P1');

    contentArrivesAbove();
    expect(scrolls).toHaveLength(2);
    expect(scrolls[1]).toEqual({ block: 'center' });
    // A resize that does not move the entry scrolls nothing.
    act(() => ObserverInTest.current!.fire());
    expect(scrolls).toHaveLength(2);
  });

  it('is left where it is once the parent scrolls themselves', () => {
    renderEntry();
    act(() => void window.dispatchEvent(new Event('wheel')));
    contentArrivesAbove();
    expect(scrolls).toHaveLength(1);
    expect(ObserverInTest.current!.disconnected).toBe(true);
  });

  it('is followed for a bounded time only', () => {
    renderEntry();
    act(() => {
      vi.advanceTimersByTime(FOLLOW_MS);
    });
    contentArrivesAbove();
    expect(scrolls).toHaveLength(1);
    expect(document.getElementById('plan-P1')).toHaveAttribute('data-highlighted', '');
  });
});
