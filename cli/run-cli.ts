import { CommanderError } from 'commander';
import { DatabaseFault } from '../db/connection.ts';
import { ConfigError } from '../server/config.ts';
import { CliError, EXIT } from './exit-codes.ts';
import { buildProgram } from './program.ts';

function exitCodeFor(error: unknown): number {
  // Commander has already printed its message; help and --version end with 0.
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  if (error instanceof CliError) {
    process.stderr.write(`error: ${error.message}\n`);
    return error.exitCode;
  }
  // A database that cannot be used is the operator's to fix: the advice, not a stack trace.
  if (error instanceof DatabaseFault) {
    process.stderr.write(`error: ${error.message}\n`);
    return EXIT.refused;
  }
  if (error instanceof ConfigError) {
    process.stderr.write(`error: ${error.message}\n`);
    return EXIT.usage;
  }
  // Ctrl-C at a password prompt.
  if (error instanceof Error && error.name === 'ExitPromptError') return EXIT.interrupted.SIGINT;
  process.stderr.write(
    `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return EXIT.refused;
}

// `municipal db stats | head -1`: the reader has what it wanted and closed the pipe. As with
// any Unix tool, that ends the command quietly and successfully, not with a stack trace from
// the next write. Whatever was not yet committed is rolled back by SQLite as the process ends.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
  throw error;
});

try {
  await buildProgram().parseAsync();
} catch (error) {
  process.exitCode = exitCodeFor(error);
}
