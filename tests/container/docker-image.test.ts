import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GenericContainer,
  getContainerRuntimeClient,
  type StartedTestContainer,
  Wait,
} from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
  console.warn(`Docker image test skipped: no container engine is reachable (${skipReason}).`);
}

describe.skipIf(skipReason !== undefined)('Docker image', () => {
  let container: StartedTestContainer;

  beforeAll(async () => {
    const image = await GenericContainer.fromDockerfile(root).build('municipal-website:test', {
      deleteOnExit: true,
    });
    container = await image
      .withExposedPorts(3000)
      .withWaitStrategy(Wait.forHttp('/healthz', 3000).forStatusCode(200))
      .withStartupTimeout(120_000)
      .start();
  }, 900_000);

  afterAll(async () => {
    await container?.stop();
  });

  const url = (pathname: string) =>
    `http://${container.getHost()}:${container.getMappedPort(3000)}${pathname}`;

  it('answers /healthz', async () => {
    const response = await fetch(url('/healthz'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves the server-rendered home page', async () => {
    const response = await fetch(url('/'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1');
    expect(html).toContain('class="site-header"');
  });

  it('runs as a non-root user', async () => {
    const result = await container.exec(['id', '-u']);
    expect(result.output.trim()).not.toBe('0');
  });
});
