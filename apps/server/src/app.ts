import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemoData, seedReferenceData } from './db/seed/seed.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { callOpenApi } from './http/openapi.ts';
import { checkDeclaredStatuses, registerAccessRules } from './http/route.ts';
import { BODY_LIMIT_BYTES, CONNECTION_TIMEOUT_MS, MULTIPART_LIMITS } from './http/limits.ts';
import { LOG_REDACT_PATHS, REDACTED, serializeError, serializeRequest } from './http/log-serializers.ts';
import { registerOrphanSweep } from './jobs/sweep-orphan-attachments.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { healthRoutes } from './observability/health.ts';
import { registerMetrics } from './observability/metrics.ts';
import { registerShutdownGate } from './startup/graceful-shutdown.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { publicAuthRoutes, sessionRoutes } from './modules/auth/routes.ts';
import { limitDirectExports } from './http/direct-export-limit.ts';
import { authenticate } from './auth/authenticate.ts';
import { SessionCache, type SessionCacheOptions } from './auth/session-cache.ts';
import { concessionariasRoutes } from './modules/concessionarias/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { localidadesRoutes } from './modules/localidades/routes.ts';
import { regionaisPublicasRoutes } from './modules/regionais-publicas/routes.ts';
import { conciliacaoRoutes } from './modules/conciliacao/routes.ts';
import { confirmacaoBaseRoutes } from './modules/confirmacao-base/routes.ts';
import { logsRoutes } from './modules/logs/routes.ts';
import { notificacoesRoutes } from './modules/notificacoes/routes.ts';
import { posAprovacaoRoutes } from './modules/pos-aprovacao/routes.ts';
import { relatoriosRoutes } from './modules/relatorios/routes.ts';
import { consolidacaoRoutes } from './modules/consolidacao/routes.ts';
import { deParaRoutes } from './modules/de-para/routes.ts';
import { exportacoesRoutes } from './modules/exportacoes/routes.ts';
import { solicitacoesRoutes } from './modules/solicitacoes/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { visoesRoutes } from './modules/visoes/routes.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { storageFor } from './storage/storage-for.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    storage: FileStorage;
    /** E-mails of the demo users created by this start (printed by main). */
    seededUsers: string[];
  }
}

// Validation messages of the shared schemas read in Portuguese wherever they lack their own text.
z.config(z.locales.pt());

/**
 * What the single-page app needs and nothing more: its own scripts, Mantine's injected styles,
 * blob: URLs for the attachment viewer, and no framing by other sites.
 */
/** Hashed build assets never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export interface BuildOptions {
  /** Replaces the configured mailer (tests capture messages). */
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** The embedded database starts as a copy of this dump (tests: one migrated, seeded database). */
  pgliteSnapshot?: Blob;
  /** Size and age limits of the session cache (tests). */
  sessionCache?: SessionCacheOptions;
  /** An answer with a status its call does not declare becomes a loud 500 (tests, development). */
  checkAnswers?: boolean;
}

/** Builds the whole application: database (migrated, seeded), API under /api and the web app. */
/** A call of the API (as opposed to the web's files and client routes). */
const isApiPath = (url: string) => /^\/api(?:[/?#]|$)/.test(url);

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest, err: serializeError },
      // Defence in depth: whatever a line carries, these never print (log-serializers.ts).
      redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
      ...(options.logStream && { stream: options.logStream }),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A stalled client is dropped instead of holding a socket: idle sockets after 20 s, a whole
    // request (uploads included) after requestTimeoutMs.
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestTimeout: config.requestTimeoutMs,
    // Requests arriving while closing get the shutdown gate's Portuguese 503 (graceful-shutdown.ts).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase(config, app.log, options.pgliteSnapshot);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('mailer', options.mailer ?? createMailer(config, app.log));
  app.decorate('storage', storageFor(config));
  // A no-op until a queue worker runs in this process (registerQueueWorker).
  app.decorate('queue', { wake: () => undefined });
  app.addHook('onClose', () => database.close());
  // Answers nothing until the database's change notices reach this process (watchAccessChanges).
  const sessionCache = new SessionCache(config.sessionCache, options.sessionCache);
  app.decorate('sessionCache', sessionCache);
  if (config.sessionCache) await database.watchAccessChanges(sessionCache);

  await seedReferenceData(database.db);
  app.decorate('seededUsers', config.seedDemo ? await seedDemoData(database.db) : []);

  registerErrorHandling(app);
  // Before any route: an /api route without a declared access rule stops the start (fail closed).
  registerAccessRules(app);
  if (options.checkAnswers) checkDeclaredStatuses(app);
  registerShutdownGate(app);
  registerMetrics(app, database);
  registerJsonBodyParser(app);
  registerOrphanSweep(app);
  await app.register(fastifyHelmet, { contentSecurityPolicy: { useDefaults: false, directives: CSP } });
  // Pages, scripts and JSON travel compressed; a quick brotli level, since nothing is cached compressed.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Portal de Solicitações de UC', version: '1.0.0' },
      servers: [{ url: '/', description: 'Este servidor' }],
      components: {
        securitySchemes: {
          // The token POST /api/login answers, sent as `Authorization: Bearer <token>`.
          sessao: { type: 'http', scheme: 'bearer', description: 'O token de POST /api/login.' },
        },
      },
    },
    ...callOpenApi(),
  });
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Nothing the API answers is kept by a browser or a proxy (GUIDE §7): answers carry people's
  // data and tokens, and a cached one would outlive the sign-out. Set first and at the root, so
  // errors and the 404 of an unknown /api path keep it too.
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicAuthRoutes);
      // Every other call needs a session: authenticated once here, before any body is read.
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', authenticate);
        limitDirectExports(signedIn);
        await signedIn.register(sessionRoutes);
        await signedIn.register(homeRoutes);
        await signedIn.register(concessionariasRoutes);
        await signedIn.register(adminRoutes);
        await signedIn.register(localidadesRoutes);
        await signedIn.register(regionaisPublicasRoutes);
        await signedIn.register(solicitacoesRoutes);
        await signedIn.register(consolidacaoRoutes);
        await signedIn.register(deParaRoutes);
        await signedIn.register(conciliacaoRoutes);
        await signedIn.register(confirmacaoBaseRoutes);
        await signedIn.register(logsRoutes);
        await signedIn.register(posAprovacaoRoutes);
        await signedIn.register(relatoriosRoutes);
        await signedIn.register(notificacoesRoutes);
        await signedIn.register(searchRoutes);
        await signedIn.register(visoesRoutes);
        await signedIn.register(exportacoesRoutes);
      });
    },
    { prefix: '/api' },
  );

  const webIndex = config.webDist && path.join(config.webDist, 'index.html');
  const HASHED_ASSETS = config.webDist ? path.join(config.webDist, 'assets') + path.sep : '\0';
  if (webIndex && existsSync(webIndex)) {
    await app.register(fastifyStatic, {
      root: config.webDist!,
      wildcard: false,
      // Built assets carry their content's hash in the name: a new release has new names.
      cacheControl: false,
      setHeaders: (res, file) =>
        res.header('cache-control', file.startsWith(HASHED_ASSETS) ? IMMUTABLE : 'no-cache'),
    });
  }
  // Unknown API paths answer JSON; every other path is a client route of the single-page app.
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !webIndex || !existsSync(webIndex)) {
      return reply.status(404).send({ error: 1, msg: 'Rota não encontrada.' });
    }
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}
