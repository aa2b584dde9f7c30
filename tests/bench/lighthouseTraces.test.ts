import { describe, expect, it } from 'vitest';
import { mainThreadOf, type TraceEvent } from './lighthouseTraces';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (tid: number, ts: number, dur: number): TraceEvent => ({ name: 'RunTask', ph: 'X', pid: 1, tid, ts, dur });
const work = (name: string, ts: number, dur: number, data: NonNullable<TraceEvent['args']>['data'] = {}): TraceEvent => ({ name, ph: 'X', pid: 1, tid: 1, ts, dur, args: { data } });
const navigation: TraceEvent = { name: 'navigationStart', ph: 'R', pid: 1, tid: 1, ts: 1_000_000, args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1:4175/' } } };

describe("a Lighthouse trace's main thread", () => {
  const events = [
    meta(1, 1, 'CrRendererMain'),
    meta(1, 2, 'CrRendererMain'),
    meta(1, 3, 'Compositor'),
    navigation,
    // 20 ms at 0.1 s: a script's call; 5 ms at 0.2 s with nothing traced inside.
    task(1, 1_100_000, 20_000),
    work('FunctionCall', 1_100_500, 19_000, { url: 'http://127.0.0.1:4175/assets/index-BAfiXkwb.js' }),
    work('RunMicrotasks', 1_101_000, 2_000),
    task(1, 1_200_000, 5_000),
    // 60 ms at 0.6 s, an event; a task nested in it counts as its work, not as a task.
    task(1, 1_600_000, 60_000),
    work('EventDispatch', 1_600_100, 10_000, { type: 'click' }),
    task(1, 1_610_200, 1_000),
    // Another renderer's main thread that ran less, and a compositor thread: not the page's.
    task(2, 1_100_000, 30_000),
    { ...task(3, 1_100_000, 500_000), pid: 1 },
  ];

  it("sums the busiest renderer main thread's top-level tasks, per half second after the navigation", () => {
    const main = mainThreadOf(events);
    expect(main.tasks).toBe(3);
    expect(main.busyMs).toBe(85);
    expect(main.busy.slice(0, 3)).toEqual([25, 60, 0]);
    // Over 12.5 ms a task: 7.5 of the first, 47.5 of the third.
    expect(main.blocking.slice(0, 2)).toEqual([7.5, 47.5]);
  });

  it('names each task by the first work it ran, a script by its chunk', () => {
    expect(Object.fromEntries(mainThreadOf(events).byKind)).toEqual({ 'FunctionCall index': 20, '(no traced work)': 5, 'EventDispatch click': 60 });
  });

  it('gives nothing for a trace without the page', () => {
    expect(mainThreadOf([meta(1, 1, 'CrRendererMain'), task(1, 0, 10)]).tasks).toBe(0);
  });
});
