/** Exit codes of every command, documented in docs/cli.md ("Exit codes"). */
export const EXIT = {
  ok: 0,
  /** Rows rejected, import refused, or an account operation refused. */
  refused: 1,
  usage: 2,
  /** `ocds check` found problems in the site's OCDS output; `db copy`'s verification found a difference. */
  checkFailed: 3,
  /** 128 + the signal number, as shells report a process stopped by that signal. */
  interrupted: { SIGINT: 130, SIGTERM: 143 },
} as const;

/** An expected failure: its message goes to standard error as it is, without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}

export function refusal(message: string): CliError {
  return new CliError(message, EXIT.refused);
}
