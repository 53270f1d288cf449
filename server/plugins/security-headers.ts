import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Helmet's own default: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * CSP with a fresh nonce per request (scripts load only from our origin through the
 * nonced bootstrap module), no framing, no sniffing. Development drops the CSP because
 * Vite injects inline styles and its client.
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
          directives: {
            'default-src': ["'self'"],
            'script-src': ["'self'", "'strict-dynamic'"],
            'style-src': ["'self'"],
            'img-src': ["'self'", 'data:'],
            'media-src': ["'self'"],
            'font-src': ["'self'"],
            'connect-src': ["'self'"],
            'object-src': ["'none'"],
            'base-uri': ["'none'"],
            'frame-ancestors': ["'none'"],
            'form-action': ["'self'"],
          },
        },
    crossOriginEmbedderPolicy: false,
    // Browsers ignore HSTS over plain HTTP (RFC 6797 §8.1), so helmet's unconditional header is noise there.
    strictTransportSecurity: false,
    // Older browsers that ignore frame-ancestors get the same answer: never framed, not even by us.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // request.protocol is https over direct TLS, or when a proxy that TRUST_PROXY trusts says so.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
