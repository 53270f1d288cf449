/**
 * The one source of "now" for everything whose answer depends on the time: advisories that
 * start and end, due dates, digests. Tests hand the app a clock they can set; the site runs
 * on the system's.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's clock (buildApp's `clock` option): routes and services read the time here. */
    clock: Clock;
  }
}
