/** Where time-dependent rules read the time, so tests can set it (tests/helpers/test-clock.ts). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
