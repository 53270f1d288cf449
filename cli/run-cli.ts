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

try {
  await buildProgram().parseAsync();
} catch (error) {
  process.exitCode = exitCodeFor(error);
}
