// Starts the built production server as a child process on a free loopback port.
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${origin}/healthz within ${timeoutMs} ms`);
}

/**
 * Runs dist/server/main.js on `dataDir` (on `port`, else a free one); resolves once /healthz answers. `env` adds to or
 * overrides the server's environment; `watchEventLoop` preloads event-loop-probe.mjs, and
 * `eventLoopDelay()` then returns the delays since its previous call (or since start).
 * `nodeArguments` go to node before the script (e.g. --cpu-prof to see where time goes).
 */
export async function startServer(
  dataDir,
  { env = {}, watchEventLoop = false, port: chosenPort, nodeArguments = [] } = {},
) {
  const port = chosenPort ?? (await freePort());
  const probeFile = path.join(dataDir, 'event-loop-delay.json');
  const child = spawn(
    process.execPath,
    [
      ...nodeArguments,
      ...(watchEventLoop
        ? ['--import', path.join(root, 'scripts', 'bench', 'event-loop-probe.mjs')]
        : []),
      path.join(root, 'dist', 'server', 'main.js'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...(watchEventLoop ? { BENCH_EVENT_LOOP_FILE: probeFile } : {}),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(origin, child, 30_000);
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    origin,
    /** For the benchmarks that read the server's memory from /proc. */
    pid: child.pid,
    async eventLoopDelay() {
      if (!watchEventLoop) throw new Error('start the server with watchEventLoop: true');
      await rm(probeFile, { force: true });
      child.kill('SIGUSR2');
      for (let waited = 0; waited < 5_000; waited += 20) {
        try {
          return JSON.parse(await readFile(probeFile, 'utf8'));
        } catch {
          // Not written yet, or half written.
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the server did not report its event-loop delay within 5 s');
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
