export type GateResult<T> = { admitted: true; value: T } | { admitted: false };

/**
 * Runs at most `concurrency` tasks at once and lets up to `queueLength` more wait their
 * turn; a task beyond that is refused at once and never started, so a burst costs the
 * caller a quick refusal instead of a growing wait.
 */
export class ConcurrencyGate {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLength: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<GateResult<T>> {
    if (this.#running < this.concurrency) {
      this.#running++;
    } else if (this.#waiting.length < this.queueLength) {
      // The finishing task hands its place straight to this one, so #running stays as it is.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      return { admitted: false };
    }
    try {
      return { admitted: true, value: await task() };
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
