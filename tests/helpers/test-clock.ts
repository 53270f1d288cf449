import type { Clock } from '../../server/clock.ts';

export interface TestClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

/** A clock that stands still at `start` until the test sets or advances it. */
export function testClock(start: Date | string): TestClock {
  let current = new Date(start).getTime();
  if (Number.isNaN(current)) throw new Error(`testClock: "${String(start)}" is not a time`);
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at).getTime();
    },
    advance(ms) {
      current += ms;
    },
  };
}
