/** Where the app takes the time from: the system, or a test's controllable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
