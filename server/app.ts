import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import { markDataFolderInUse } from './data-folder.ts';
import type { Config, TrustProxy } from './config.ts';
import type { Content } from '../shared/content-types.ts';
import { loadSessionKeys } from './auth/session-keys.ts';
import { cors } from './plugins/cors.ts';
import { handleError } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { logSerializers } from './plugins/request-log.ts';
import { STATIC_DOCUMENT_POLICY, securityHeaders } from './plugins/security-headers.ts';
import { staticFiles } from './plugins/static-files.ts';
import { staffSession } from './plugins/staff-session.ts';
import { responseCache, responseCacheStore } from './render/cache/plugin.ts';
import { pageRoutes } from './render/page-route.ts';
import type { Renderer } from './render/renderer.ts';
import { advisoriesApiRoutes } from './advisories/advisories-api.ts';
import { advisoryFeedRoutes } from './advisories/advisory-feed.ts';
import { contentApiRoutes } from './content/content-api.ts';
import { documentRoutes } from './documents/document-routes.ts';
import { feedRoutes } from './open-data/feeds.ts';
import { fullDisclosureRoutes } from './full-disclosure/full-disclosure-routes.ts';
import { trackingStart } from './full-disclosure/disclosure-grid.ts';
import { healthRoutes } from './health/health-routes.ts';
import { newsApiRoutes } from './news/news-api.ts';
import { ocdsRoutes } from './open-data/ocds-routes.ts';
import { openDataDownloadRoutes } from './open-data/open-data-downloads.ts';
import { seoRoutes } from './content/seo.ts';
import { staffAccountsApiRoutes } from './staff-accounts/staff-accounts-api.ts';
import { staffApiRoutes } from './staff/staff-api.ts';
import { staffDocumentFormRoutes } from './documents/staff-document-form.ts';
import { pictureRoutes } from './news/picture-routes.ts';
import { supplierApiRoutes } from './suppliers/suppliers-api.ts';
import { staffSupplierRoutes } from './suppliers/staff-supplier-routes.ts';
import { recordsApiRoutes } from './records/records-api.ts';
import { projectsApiRoutes } from './procurement-projects/projects-api.ts';
import { planRoutes } from './procurement-projects/plan-routes.ts';
import { projectDetailOptions } from './procurement-projects/project-detail.ts';
import { redFlagApiRoutes } from './red-flags/red-flags-api.ts';
import { contractRoutes } from './procurement-projects/contract-routes.ts';
import { bidsApiRoutes } from './procurement-projects/bids-api.ts';
import { bidFormRoutes } from './procurement-projects/bid-form-route.ts';
import { conferencesApiRoutes } from './procurement-projects/conferences-api.ts';
import { conferenceFormRoutes } from './procurement-projects/conference-form-route.ts';
import { flagAnswerApiRoutes, flagAnswerFormRoutes } from './red-flags/flag-answer-routes.ts';
import { createServerServices } from './server-services.ts';
import { openServingDatabase } from './serving-database.ts';
import { seedNews } from './news/news-service.ts';
import { advisoryStaffServices } from './advisories/advisory-staff-services.ts';
import { announceRecords, alertsNotice, startupWarnings } from './startup-notices.ts';
import { createAlertService } from './alerts/alert-service.ts';
import type { AlertTiming } from './alerts/alert-sender.ts';
import { alertRoutes } from './alerts/alert-routes.ts';
import { createAccountServices } from './staff-accounts/account-services.ts';
import { createStaffServices } from './staff/server-staff-services.ts';

export interface AppOptions {
  config: Config;
  content: Content;
  renderer: Renderer;
  /** Where log lines go; standard output when not given. */
  logStream?: { write(line: string): void };
  /** What time it is for time-dependent pages (advisories, due dates); the system's when not given. */
  clock?: Clock;
  /** The bid-alert sender's poll and retry intervals, shortened by tests. */
  alertTiming?: Partial<AlertTiming>;
}

/** Fastify's types leave out its hop-count form, so a count becomes the same test as a function. */
function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the whole site as a Fastify instance, ready to listen or to receive injected requests. */
export async function buildApp({
  config,
  content,
  renderer,
  logStream,
  clock = systemClock,
  alertTiming,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  app.decorate('clock', clock);
  for (const warning of startupWarnings(config, content, { development: renderer.development }))
    app.log.warn(warning);
  if (config.siteUrlIsLocal && !renderer.development) {
    app.log.info(
      `SITE_URL is not set: feeds, OCDS and the sitemap use ${config.siteUrl}, which only this machine can open. Set SITE_URL to the public address before serving the public`,
    );
  }
  const serving = await openServingDatabase(config, app.log, clock);
  const { database } = serving;
  app.addHook('onClose', () => serving.close());
  if (database.engine === 'postgres') {
    app.log.info(`Serving from the PostgreSQL database ${serving.shownLocation} (DATABASE_URL)`);
  }
  // A restore refuses the folder while this mark names a live server (municipal db restore).
  const unmark = markDataFolderInUse(config.dataDir);
  app.addHook('onClose', async () => unmark());
  await announceRecords(app.log, database, config);
  await seedNews(database, config.contentDir, clock.now().toISOString(), app.log);
  const alertsOff = alertsNotice(config);
  if (alertsOff) app.log.info(alertsOff);
  const alerts = await createAlertService(config, {
    database,
    clock,
    log: app.log,
    siteName: content.site.municipality.name,
    timing: alertTiming,
    runJob: serving.runJob,
  });
  // onClose hooks run last-added first: the sender's round finishes before the database closes.
  if (alerts) app.addHook('onClose', () => alerts.stop());
  const trackedFrom = await trackingStart(content.fullDisclosure, database);
  const services = createServerServices(content, {
    database,
    trackedFrom,
    log: app.log,
    siteUrl: config.siteUrl,
    clock,
    alerts,
  });

  const { afterWrite } = serving;
  app.decorate('settlePageVersion', afterWrite ?? (async () => {}));
  // PostgreSQL: the page version is known before the first request, as of the start's own
  // writes (demo records, seeded news), whose notifications and boundary read would
  // otherwise come in after the first requests: those would all render uncached, a burst
  // of them each rendering the same page rather than once for all.
  await afterWrite?.().catch((error: unknown) => {
    app.log.warn({ err: error }, 'The data version could not be read at start');
  });

  app.setErrorHandler(handleError);
  // First, so that a cache hit is answered before any other plugin's per-request work.
  await app.register(responseCache, {
    pageVersion: serving.pageVersion,
    afterWrite: serving.afterWrite,
    maxBytes: config.renderCacheBytes,
    development: renderer.development,
  });
  await securityHeaders(app, { development: renderer.development });
  await cors(app);
  await app.register(staffSession, {
    keys: loadSessionKeys(config.dataDir, config.sessionKeys),
    cookieSecure: config.cookieSecure,
  });
  // After the session plugin, whose cookie it must see in onSend: an answer that sets one is never shared.
  await app.register(responseCacheStore, { development: renderer.development });
  // What is compressed per request (staff pages, downloads) must not hold up the event loop:
  // brotli quality 4 is near gzip's speed; cached answers are compressed once, harder.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Before every route: the OpenAPI document is built from the routes registered after it.
  await registerOpenApi(app, { site: content.site, siteUrl: config.siteUrl });
  // Only reply.sendFile, which hosted documents (routes/documents.ts) are sent with.
  await app.register(fastifyStatic, { serve: false });
  await app.register(staticFiles, {
    root: path.join(config.contentDir, 'media'),
    urlPrefix: '/media/',
    maxAge: '1h',
    index: false,
    // An SVG here is a document when opened by its own URL.
    contentSecurityPolicy: STATIC_DOCUMENT_POLICY,
  });
  await renderer.register(app);
  await app.register(healthRoutes, { database });
  await app.register(contentApiRoutes, { services });
  await app.register(seoRoutes, { content, siteUrl: config.siteUrl, database });
  await app.register(recordsApiRoutes, { database });
  const projectSite = projectDetailOptions(content);
  await app.register(projectsApiRoutes, { database, ...projectSite, siteUrl: config.siteUrl });
  await app.register(bidsApiRoutes, { database, ...projectSite });
  await app.register(bidFormRoutes, { database });
  await app.register(conferencesApiRoutes, { database, ...projectSite });
  await app.register(conferenceFormRoutes, { database });
  await app.register(flagAnswerApiRoutes, { database, ...projectSite });
  await app.register(flagAnswerFormRoutes, { database, ...projectSite });
  await app.register(ocdsRoutes, { database, site: content.site, siteUrl: config.siteUrl });
  await app.register(openDataDownloadRoutes, { database, siteUrl: config.siteUrl });
  await app.register(supplierApiRoutes, { database, siteUrl: config.siteUrl, ...projectSite });
  await app.register(staffSupplierRoutes, { database });
  await app.register(planRoutes, {
    database,
    ocidPrefix: content.site.openData.ocidPrefix,
    siteUrl: config.siteUrl,
  });
  await app.register(redFlagApiRoutes, { database, siteUrl: config.siteUrl, options: projectSite });
  await app.register(feedRoutes, { database, siteUrl: config.siteUrl, content });
  await app.register(newsApiRoutes, { database });
  await app.register(advisoryFeedRoutes, {
    database,
    clock,
    siteUrl: config.siteUrl,
    municipality: content.site.municipality.name,
  });
  await app.register(advisoriesApiRoutes, { database, clock });
  app.all('/api/*', async (_request, reply) =>
    reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No such API endpoint' }),
  );
  await app.register(staffApiRoutes, { database });
  await app.register(alertRoutes, { alerts });
  await app.register(staffAccountsApiRoutes, {
    database,
    siteUrl: config.siteUrl,
    mail: alerts,
  });
  await app.register(documentRoutes, {
    database,
    dataDir: config.dataDir,
    maxDocumentBytes: config.maxDocumentBytes,
  });
  await app.register(staffDocumentFormRoutes, {
    database,
    dataDir: config.dataDir,
    maxDocumentBytes: config.maxDocumentBytes,
  });
  await app.register(contractRoutes, {
    database,
    dataDir: config.dataDir,
    maxDocumentBytes: config.maxDocumentBytes,
    ...projectSite,
  });
  await app.register(fullDisclosureRoutes, {
    database,
    dataDir: config.dataDir,
    maxDocumentBytes: config.maxDocumentBytes,
    siteUrl: config.siteUrl,
    types: content.fullDisclosure.documentTypes,
    trackedFrom,
    municipality: content.site.municipality.name,
  });
  await app.register(pictureRoutes, {
    database,
    dataDir: config.dataDir,
    maxDocumentBytes: config.maxDocumentBytes,
  });
  await app.register(pageRoutes, {
    renderer,
    services,
    staffServicesFor: (request, reply) => ({
      ...createStaffServices(database, request, reply),
      ...advisoryStaffServices(database, clock, request),
      ...createAccountServices(database, request, { siteUrl: config.siteUrl, mail: alerts }),
    }),
  });
  return app;
}
