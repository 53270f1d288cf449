import { createInterface } from 'node:readline';
import password from '@inquirer/password';
import { passwordProblem } from '../server/auth/password-policy.ts';
import { refusal, usageError } from './exit-codes.ts';

async function firstLineOfStdin(): Promise<string | undefined> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  try {
    for await (const line of lines) return line;
    return undefined;
  } finally {
    lines.close();
  }
}

async function promptTwice(): Promise<string> {
  const first = await password({ message: 'New password:' });
  const second = await password({ message: 'Repeat the password:' });
  if (first !== second) throw refusal('The two passwords differ; nothing was changed.');
  return first;
}

/**
 * A new password for `email`: one line of standard input with --password-stdin (for
 * scripts), otherwise asked twice on the terminal without echo. Refused with the policy's
 * reason when weak. Never echoed, printed or logged.
 */
export async function readNewPassword(email: string, fromStdin: boolean): Promise<string> {
  let chosen: string | undefined;
  if (fromStdin) {
    chosen = await firstLineOfStdin();
    if (!chosen) throw refusal('No password on standard input; nothing was changed.');
  } else if (!process.stdin.isTTY) {
    throw usageError(
      'There is no terminal to ask for the password on; pipe it in with --password-stdin.',
    );
  } else {
    chosen = await promptTwice();
  }
  const problem = passwordProblem(chosen, email);
  if (problem) throw refusal(`Password refused: ${problem}. Nothing was changed.`);
  return chosen;
}
