import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Helmet's own default: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Every directive but script-src, which differs between streamed and cached pages. */
const directives = {
  'default-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'media-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * The CSP of a response that is served to many people (the render cache, CDNs): a nonce
 * would be shared by all of them, so inline scripts are allowed by the SHA-256 of their
 * text instead ('sha256-…' sources, computed when the page is rendered), and scripts load
 * only from our origin. No 'strict-dynamic': it would disallow 'self', and the bootstrap
 * module has no nonce to trust it by. Anything injected into the page, with another text,
 * matches no hash and is blocked; 'unsafe-inline' is never allowed.
 */
export function sharedContentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const scripts = ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)];
  return Object.entries({ ...directives, 'script-src': scripts })
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/**
 * Pages rendered for one request (staff pages, anyone with a session, form posts) keep a
 * fresh nonce per request: they stream, so their inline scripts are not all known when the
 * header goes out. Scripts load through the nonced bootstrap module ('strict-dynamic').
 * Shared responses replace this header with `sharedContentSecurityPolicy`. No framing, no
 * sniffing. Development drops the CSP because Vite injects inline styles and its client.
 */
export async function securityHeaders(
  app: FastifyInstance,
  { development }: { development: boolean },
) {
  await app.register(helmet, {
    enableCSPNonces: !development,
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: false,
          directives: { ...directives, 'script-src': ["'self'", "'strict-dynamic'"] },
        },
    crossOriginEmbedderPolicy: false,
    // Browsers ignore HSTS over plain HTTP (RFC 6797 §8.1), so helmet's unconditional header is noise there.
    strictTransportSecurity: false,
    // Older browsers that ignore frame-ancestors get the same answer: never framed, not even by us.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => setTransportSecurity(request, reply));
}

/**
 * HSTS, for answers over HTTPS only: request.protocol is https over direct TLS, or when a
 * proxy that TRUST_PROXY trusts says so. Also called for answers from the render cache,
 * which are sent before this plugin's hook runs.
 */
export function setTransportSecurity(request: FastifyRequest, reply: FastifyReply) {
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/**
 * The CSP of static files a browser could open as a document: an SVG opened by its own URL
 * runs its scripts with our origin. Nothing may load or run, the SVG's own style attributes
 * still apply, and `sandbox` gives the document an opaque origin. Chromium still shows PDFs
 * under it (the content PDF in /media). No nonce: nothing inline is ever allowed here.
 */
export const STATIC_DOCUMENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * What a static file keeps of the page headers: no sniffing a picture into a script, no
 * loading by other sites. Framing, opener, referrer and the other document-only headers
 * mean nothing on a script, a stylesheet or a picture, and cost ~960 bytes on each of the
 * ~20 files a first visit loads.
 */
export function staticFileHeaders(contentSecurityPolicy?: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(contentSecurityPolicy && { 'content-security-policy': contentSecurityPolicy }),
  };
}
