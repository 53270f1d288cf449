import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GenericContainer,
  getContainerRuntimeClient,
  type StartedTestContainer,
  Wait,
} from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SESSION_COOKIE } from '../../server/plugins/staff-session.ts';
import { multipart } from '../helpers/multipart.ts';
import { startInbox, type TestInbox } from '../helpers/smtp-inbox.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What `npm run image` tags. */
const IMAGE = 'municipal-site:latest';

/** Why the image cannot be tested here, or undefined when a container engine answers. */
async function engineUnavailable(): Promise<string | undefined> {
  try {
    await getContainerRuntimeClient();
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}

const skipReason = await engineUnavailable();
if (skipReason) {
  const message = `Docker image test cannot run: no container engine is reachable (${skipReason}). See docs/operating.md, "Deploying with a container".`;
  // CI has an engine (.ci/run sets podman up): there, a missing one is a broken run.
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`${message} Skipped.`);
}

/** The image as operators start it: root filesystem read-only, /data a volume, /tmp a tmpfs. */
class OperatorContainer extends GenericContainer {
  withReadOnlyRootFilesystem(): this {
    this.hostConfig.ReadonlyRootfs = true;
    return this;
  }
}

/**
 * The test's mail server as the container reaches it: podman names the host
 * host.containers.internal inside every container.
 */
const HOST_FROM_CONTAINER = 'host.containers.internal';
/** The public address the site is told, for the links in its mail. */
const SITE_URL = 'https://procurement.example.gov.ph';

function startSite(volume: string, smtpPort: number): Promise<StartedTestContainer> {
  return new OperatorContainer(IMAGE)
    .withReadOnlyRootFilesystem()
    .withEnvironment({ SMTP_URL: `smtp://${HOST_FROM_CONTAINER}:${smtpPort}`, SITE_URL })
    .withBindMounts([{ source: volume, target: '/data' }])
    .withTmpFs({ '/tmp': 'rw,noexec,nosuid,size=64m' })
    .withExposedPorts(3000)
    .withWaitStrategy(Wait.forHttp('/healthz', 3000).forStatusCode(200))
    .withStartupTimeout(120_000)
    .start();
}

/** `npm run image`, as operators build it; its output is shown only when it fails. */
function buildImage(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'image'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0
        ? resolve()
        : reject(new Error(`npm run image exited with ${status}:\n${output.slice(-8000)}`)),
    );
  });
}

/** A visitor that keeps the session cookie, as a browser would. */
class Visitor {
  private cookie = '';
  constructor(private readonly origin: string) {}

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    const response = await fetch(`${this.origin}${pathname}`, {
      ...init,
      headers,
      redirect: 'manual',
    });
    const session = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
    if (session) this.cookie = session;
    return response;
  }

  async csrfToken(): Promise<string> {
    const response = await this.request('/api/session');
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** A multipart upload, with the CSRF token in its header as the staff page sends it. */
  async postMultipart(pathname: string, form: Awaited<ReturnType<typeof multipart>>) {
    return this.request(pathname, {
      method: 'POST',
      headers: { 'content-type': form.contentType, 'x-csrf-token': await this.csrfToken() },
      body: new Uint8Array(form.body),
    });
  }

  async postJson(pathname: string, body: object): Promise<Response> {
    return this.request(pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await this.csrfToken() },
      body: JSON.stringify(body),
    });
  }
}

describe.skipIf(skipReason !== undefined)('The container image', () => {
  const volume = `municipal-site-test-${randomBytes(4).toString('hex')}`;
  const email = 'it-staff@example.gov.ph';
  const password = `container test ${randomBytes(6).toString('hex')}`;
  const title = `Container test report ${randomBytes(4).toString('hex')}`;
  let site: StartedTestContainer;
  let secondSite: StartedTestContainer | undefined;
  let inbox: TestInbox;

  const url = (container: StartedTestContainer, pathname: string) =>
    `http://${container.getHost()}:${container.getMappedPort(3000)}${pathname}`;

  beforeAll(async () => {
    await buildImage();
    // Reachable from the container, through the host's side of its network.
    inbox = await startInbox({ host: '0.0.0.0' });
    site = await startSite(volume, inbox.port);
  }, 1_800_000);

  afterAll(async () => {
    await site?.stop().catch(() => undefined);
    await secondSite?.stop();
    await inbox?.close();
    const client = await getContainerRuntimeClient();
    await client.container.dockerode
      .getVolume(volume)
      .remove()
      .catch(() => undefined);
  });

  it('answers /healthz, and so does the health check the image declares', async () => {
    const response = await fetch(url(site, '/healthz'));
    expect(response.status).toBe(200);

    // Read from the container: podman's Docker API leaves it out of the image's description.
    const client = await getContainerRuntimeClient();
    const { Config } = await client.container.inspect(client.container.getById(site.getId()));
    const [kind, command] = Config.Healthcheck?.Test ?? [];
    expect(kind).toBe('CMD-SHELL');
    expect(command).toContain('/healthz');
    const check = await site.exec(['sh', '-c', command!]);
    expect(check.exitCode).toBe(0);
  });

  it('serves the home page and a procurement list', async () => {
    const home = await fetch(url(site, '/'));
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('class="site-header"');

    // The image loads no demo records, so a fresh volume's list is served empty.
    const list = await fetch(url(site, '/bids-reports'));
    expect(list.status).toBe(200);
    const listPage = await list.text();
    expect(listPage).toContain('role="search"');
    expect(listPage).toContain('There are no records in this list yet.');
  });

  it('runs as a user that is not root, on a read-only root filesystem', async () => {
    const id = await site.exec(['id', '-u']);
    expect(id.exitCode).toBe(0);
    expect(id.output.trim()).not.toBe('0');

    const write = await site.exec(['sh', '-c', 'touch /app/written']);
    expect(write.exitCode).not.toBe(0);
  });

  it('names its own command, not npm, in the first start line on how to begin', async () => {
    const client = await getContainerRuntimeClient();
    const logs = await client.container.dockerode
      .getContainer(site.getId())
      .logs({ stdout: true, stderr: true });
    expect(logs.toString()).toContain('Create the first staff account with: municipal users add');
    expect(logs.toString()).not.toContain('npm run cli');
  });

  it('creates an account with `municipal users add` that signs in over HTTP and adds a record', async () => {
    const added = await site.exec(
      ['sh', '-c', 'printf "%s\\n" "$PASSWORD" | municipal users add "$EMAIL" --password-stdin'],
      { env: { PASSWORD: password, EMAIL: email } },
    );
    expect(added.exitCode, added.output).toBe(0);

    const visitor = new Visitor(url(site, ''));
    const signIn = await visitor.postJson('/api/session', { email, password });
    expect(signIn.status, await signIn.clone().text()).toBe(200);

    const record = await visitor.postJson('/api/records/reports', {
      title,
      report_description: 'Added by the container test',
      link: 'https://example.gov.ph/report.pdf',
    });
    expect(record.status, await record.clone().text()).toBe(201);

    const list = await fetch(url(site, `/bids-reports?q=${encodeURIComponent(title)}`));
    expect(await list.text()).toContain(title);
  });

  it('converts an uploaded news picture with sharp inside the pruned image', async () => {
    const information = 'pio@example.gov.ph';
    const added = await site.exec(
      [
        'sh',
        '-c',
        'printf "%s\\n" "$PASSWORD" | municipal users add "$EMAIL" --role information --password-stdin',
      ],
      { env: { PASSWORD: password, EMAIL: information } },
    );
    expect(added.exitCode, added.output).toBe(0);
    const visitor = new Visitor(url(site, ''));
    const signIn = await visitor.postJson('/api/session', { email: information, password });
    expect(signIn.status, await signIn.clone().text()).toBe(200);

    // A phone-sized JPEG: the image's sharp (its prebuilt libvips for this platform) must
    // read it and write every width as WebP and AVIF.
    const photo = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const upload = await visitor.postMultipart(
      '/api/pictures',
      await multipart([
        { name: 'file', value: { bytes: photo, fileName: 'plaza.jpg', type: 'image/jpeg' } },
      ]),
    );
    expect(upload.status, await upload.clone().text()).toBe(201);
    const picture = (await upload.json()) as {
      avif: Record<string, string>;
      variants: Record<string, string>;
    };
    expect(Object.keys(picture.variants)).toEqual(['480', '800', '1200']);
    for (const file of [picture.variants['800']!, picture.avif['800']!]) {
      const served = await fetch(url(site, file));
      expect(served.status, file).toBe(200);
      const { width, format } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([width, format], file).toEqual([800, file.endsWith('.avif') ? 'heif' : 'webp']);
    }
  });

  it('sends a confirmation mail for a bid-alert subscription to the mail server', async () => {
    const subscriber = `bidder-${randomBytes(3).toString('hex')}@example.com`;
    const response = await fetch(url(site, '/alerts'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([
        ['email', subscriber],
        ['lists', 'all'],
        ['frequency', 'immediate'],
      ]).toString(),
      redirect: 'manual',
    });
    expect(response.status, await response.clone().text()).toBe(303);
    expect(response.headers.get('location')).toBe('/alerts/sent');
    const [mail] = await inbox.waitFor(1, (each) => each.to.includes(subscriber), 60_000);
    expect(mail!.text).toContain(`${SITE_URL}/alerts/confirm/`);
  });

  it('carries pg_dump and pg_restore for `db backup` on PostgreSQL', async () => {
    const tools = await site.exec(['sh', '-c', 'pg_dump --version && pg_restore --version']);
    expect(tools.exitCode).toBe(0);
    expect(tools.output).toMatch(/pg_dump \(PostgreSQL\) \d+/);
    expect(tools.output).toMatch(/pg_restore \(PostgreSQL\) \d+/);
  });

  it('holds no compiler, TypeScript, vitest or Playwright', async () => {
    const compilers = await site.exec([
      'sh',
      '-c',
      'command -v g++ gcc cc c++ make python3 npm || true',
    ]);
    expect(compilers.output.trim()).toBe('');

    const devPackages = await site.exec([
      'sh',
      '-c',
      'cd /app/node_modules && ls -d typescript vitest playwright playwright-core @playwright/* vite 2>/dev/null || true',
    ]);
    expect(devPackages.output.trim()).toBe('');

    const sourceMaps = await site.exec(['sh', '-c', 'find /app/dist -name "*.map"']);
    expect(sourceMaps.output.trim()).toBe('');
  });

  it('stops on SIGTERM within 10 seconds with exit code 0', async () => {
    const client = await getContainerRuntimeClient();
    const container = client.container.getById(site.getId());
    const started = Date.now();
    // The engine sends SIGTERM, then SIGKILL (exit code 137) after 10 seconds.
    await site.stop({ timeout: 10_000, remove: false });
    const elapsed = Date.now() - started;
    const state = (await container.inspect()).State;
    await container.remove();

    expect(state.ExitCode).toBe(0);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('serves the record and the account from the same volume in a new container', async () => {
    secondSite = await startSite(volume, inbox.port);
    const list = await fetch(url(secondSite, `/bids-reports?q=${encodeURIComponent(title)}`));
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(title);

    const visitor = new Visitor(url(secondSite, ''));
    const signIn = await visitor.postJson('/api/session', { email, password });
    expect(signIn.status).toBe(200);
  });
});
