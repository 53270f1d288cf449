import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
