import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE } from '../../server/plugins/staff-session.ts';
import { childOutput, type ChildExit } from './child-output.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerExit = ChildExit;

/** A port nothing listens on right now, for a server in a child process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

/**
 * The production server bundle (built by the test run's global setup) in a child process,
 * as `npm start` runs it. `fileSizeLimit` runs it under prlimit's RLIMIT_FSIZE, which makes
 * the kernel refuse to grow a file past it, as a full disk would.
 */
export function startServer(
  dataDir: string,
  options: { port?: number; fileSizeLimit?: number; env?: Record<string, string> } = {},
) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    CONTENT_DIR: path.join(root, 'content'),
    HOST: '127.0.0.1',
    PORT: String(options.port ?? 3999),
    LOG_LEVEL: 'info',
    ARGON2_TEST_COST: 'low',
    ...options.env,
  };
  const server = path.join(root, 'dist/server/main.js');
  const child =
    options.fileSizeLimit === undefined
      ? spawn(process.execPath, [server], { cwd: root, env })
      : spawn('prlimit', [`--fsize=${options.fileSizeLimit}`, process.execPath, server], {
          cwd: root,
          env,
        });
  const output = childOutput(child);
  const exited: Promise<ServerExit> = output.exited;
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (output.stdout().includes('Server listening at')) resolve();
    });
    exited.then(
      (exit) => reject(new Error(`the server exited: ${exit.stderr}`)),
      (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    );
  });
  // Tests of a server that must not start never wait for it to listen.
  listening.catch(() => {});
  return { child, exited, listening };
}

/**
 * A staff member's browser talking to a server over real HTTP: keeps the session cookie and
 * sends the page's origin, as the staff pages' fetch calls do.
 */
export class HttpVisitor {
  private cookie = '';
  constructor(private readonly base: string) {}

  async call(method: string, url: string, token?: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(token ? { 'x-csrf-token': token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const set = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    if (set) this.cookie = set.split(';')[0]!;
    return response;
  }

  async csrfToken(): Promise<string> {
    const response = await this.call('GET', '/api/session');
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** Signs in and answers the CSRF token to send with writes. */
  async signIn(email: string, password: string): Promise<string> {
    const response = await this.call('POST', '/api/session', await this.csrfToken(), {
      email,
      password,
    });
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
    return this.csrfToken();
  }
}
