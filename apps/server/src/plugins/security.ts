import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** How long browsers keep to https once told: a year, the usual value. */
const hstsMaxAge = 365 * 24 * 60 * 60;

/**
 * Security headers with a strict Content-Security-Policy: scripts only from this origin; inline styles
 * are allowed because the UI library sets style attributes; videos embed over https only.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    // Strict-Transport-Security follows the configured public address, not the request: behind a proxy
    // that ends TLS the request arrives over http, and browsers ignore the header on plain http anyway.
    // A plain-http deployment never sends it, or browsers would refuse a local install's http address.
    // No includeSubDomains: a self-hoster serving from their own domain (school.org) would force https,
    // for the whole max-age, on every host under it that they may not serve over https (a printer, an
    // intranet page).
    const https = new URL(app.config.publicUrl).protocol === 'https:';
    // The headers depend on nothing in the request, so helmet is set up once, not for every request.
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ['https:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https ? { maxAge: hstsMaxAge, includeSubDomains: false } : false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
  { name: 'security' },
);
