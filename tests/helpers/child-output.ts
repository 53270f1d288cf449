import type { ChildProcess } from 'node:child_process';

/** How a child process ended, with everything it wrote. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Collects a child process's standard output and error as text (the child must have been
 * spawned with both piped). `exited` settles when the child has closed, with its exit and
 * all it wrote (or rejects when it could not start); `stdout()` and `stderr()` answer what
 * it has written so far, for a test waiting on a line while the child still runs.
 */
export function childOutput(child: ChildProcess) {
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<ChildExit>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { exited, stdout: () => stdout, stderr: () => stderr };
}
