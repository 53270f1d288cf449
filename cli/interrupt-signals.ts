import { EXIT } from './exit-codes.ts';

/** Ctrl-C (SIGINT) or SIGTERM seen by a long command, as an AbortSignal it can stop on. */
export interface InterruptSignals {
  signal: AbortSignal;
  /** The first signal received, for the exit code (130 / 143). */
  received: () => NodeJS.Signals | undefined;
  /** Stops listening, once the command is done. */
  release: () => void;
}

/**
 * Turns SIGINT and SIGTERM into an abort the command handles at a safe point (`onFirst` may
 * say what happens next); a second signal stops the process at once, as people expect of
 * a second Ctrl-C.
 */
export function interruptSignals({
  onFirst,
}: { onFirst?: (name: NodeJS.Signals) => void } = {}): InterruptSignals {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  const onSignal = (name: NodeJS.Signals) => {
    if (received) process.exit(EXIT.interrupted[received as keyof typeof EXIT.interrupted]);
    received = name;
    onFirst?.(name);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    received: () => received,
    release: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
