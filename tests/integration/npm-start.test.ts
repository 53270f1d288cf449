import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', { timeout: 120_000 }, () => {
  let serverPid: number | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    // A server left serving by a failed run must not outlive the test.
    if (serverPid !== undefined && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("stops the server when npm's own process gets SIGTERM (npm passes it to a shell, which does not pass it on)", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-npm-start-'));
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_RECORDS: 'false',
        LOG_LEVEL: 'info',
      },
    });
    let output = '';
    npm.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      npm.stdout.on('data', () => {
        if (output.includes('Server listening at')) resolve();
      });
      npm.on('close', () => reject(new Error(`npm start ended: ${output}`)));
    });
    serverPid = Number(/"pid":(\d+)/.exec(output)![1]);
    expect(serverPid).not.toBe(npm.pid);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    npm.kill('SIGTERM');
    const deadline = Date.now() + 15_000;
    while (alive(serverPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(alive(serverPid)).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
