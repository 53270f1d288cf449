// `npm run image`: builds the site's container image, municipal-site:latest, with podman or
// docker, also where no image registry is reachable and behind a TLS-intercepting proxy.
//   npm run image [-- <more build options, e.g. --no-cache>]
// CONTAINER_ENGINE=docker|podman picks the engine; otherwise podman when it answers, then
// docker. The engine's name is printed so that `docker run` / `podman run` match it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMAGE = 'municipal-site:latest';
const BASE = 'docker.io/library/debian:trixie-slim';
const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';
const SYSTEM_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
}

function fail(message) {
  console.error(`npm run image: ${message}`);
  process.exit(1);
}

/** podman or docker: the one asked for, else the first that answers. */
function pickEngine() {
  const asked = process.env.CONTAINER_ENGINE;
  if (asked && asked !== 'podman' && asked !== 'docker') {
    fail(`CONTAINER_ENGINE=${asked} is not podman or docker`);
  }
  for (const engine of asked ? [asked] : ['podman', 'docker']) {
    if (run(engine, ['info'], { stdio: 'ignore' }).status === 0) return engine;
  }
  fail(
    asked
      ? `${asked} does not answer (\`${asked} info\` fails)`
      : 'no container engine answers: install podman or docker (see docs/operating.md, "Deploying with a container")',
  );
}

/** npm's setting, or undefined where it is unset. */
function npmConfig(key) {
  const value = run('npm', ['config', 'get', key]).stdout?.trim();
  return value && value !== 'null' && value !== 'undefined' ? value : undefined;
}

/** Whether Node's own certificate authorities fail to verify the registry (a TLS-intercepting proxy). */
function registryNeedsSystemBundle(registry) {
  return new Promise((resolve) => {
    const request = https.request(registry, { method: 'HEAD', timeout: 10_000 }, (response) => {
      response.resume();
      resolve(false);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(/CERT|SELF_SIGNED|UNABLE_TO_/.test(error.code ?? '')));
    request.end();
  });
}

/**
 * The certificate bundle `npm ci` inside the build needs: NODE_EXTRA_CA_CERTS, else npm's
 * `cafile`, else the system bundle when the registry cannot be verified without it.
 */
async function caBundle(registry) {
  const named = process.env.NODE_EXTRA_CA_CERTS || npmConfig('cafile');
  if (named) {
    if (!existsSync(named)) fail(`the certificate bundle ${named} does not exist`);
    return named;
  }
  if (existsSync(SYSTEM_CA_BUNDLE) && (await registryNeedsSystemBundle(registry))) {
    return SYSTEM_CA_BUNDLE;
  }
  return undefined;
}

/** The base image: present, else pulled, else built from Debian's packages (no registry). */
function ensureBase(engine) {
  if (run(engine, ['image', 'inspect', BASE], { stdio: 'ignore' }).status === 0) return;
  console.log(`Pulling ${BASE}`);
  if (run(engine, ['pull', BASE], { stdio: 'inherit', timeout: 120_000 }).status === 0) return;
  console.log(`${BASE} cannot be pulled: building it from Debian's packages instead`);
  const built = run('bash', [path.join(root, 'scripts/debian-base-image.sh'), engine], {
    stdio: 'inherit',
  });
  if (built.status !== 0) fail(`the base image could not be built (see above)`);
}

const engine = pickEngine();
ensureBase(engine);

const registry = npmConfig('registry') ?? DEFAULT_REGISTRY;
const ca = await caBundle(registry);
const args = ['build', '--tag', IMAGE];
// podman writes OCI images by default, which have no HEALTHCHECK.
if (engine === 'podman') args.push('--format', 'docker');
if (ca) args.push('--secret', `id=ca,src=${ca}`);
if (registry !== DEFAULT_REGISTRY) args.push('--build-arg', `NPM_CONFIG_REGISTRY=${registry}`);
args.push(...process.argv.slice(2), root);

console.log(`${engine} ${args.join(' ')}`);
const build = run(engine, args, {
  stdio: 'inherit',
  // Secrets in `docker build` need BuildKit (the default since Docker 23).
  env: { ...process.env, DOCKER_BUILDKIT: '1' },
});
if (build.status !== 0) fail(`${engine} build failed (see above)`);

const bytes = Number(run(engine, ['image', 'inspect', '--format', '{{.Size}}', IMAGE]).stdout);
console.log(`Built ${IMAGE} with ${engine}: ${Math.round(bytes / 1e6)} MB`);
