import type { Clock } from '../../server/clock.ts';

/** A clock a test sets and moves by hand. */
export function testClock(start: Date | string): Clock & {
  set(at: Date | string): void;
  advance(ms: number): void;
} {
  let current = new Date(start).getTime();
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
