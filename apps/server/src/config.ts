import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_STAGE_DEADLINE_DAYS } from '@portal/domain';
import { StartupError } from './startup/startup-error.ts';

/** Everything the server reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite in memory (tests): nothing is written under dataDir/db. */
  inMemoryDatabase: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /**
   * Demo companies and users (published password) are wanted: never with databaseUrl. From the
   * environment, startServer also requires a database this start creates (demoSeedAllowed).
   */
  seedDemo: boolean;
  webDist: string | undefined;
  sessionIdleMinutes: number;
  /**
   * The process keeps the session reads it made, emptied on every change of a session, user,
   * group, company or user's regionals (auth/session-cache.ts). SESSION_CACHE; by default on for
   * the embedded PGlite (one process: every change reaches it with its commit) and off with
   * PostgreSQL, where another instance's change reaches this one a few milliseconds after it
   * answered (or, with its listening connection silently cut, up to ~35 s later): a logout there
   * must count at the very next call, whichever instance takes it (docs/decisions/sign-in-and-sessions.md, D-AUTH-033).
   */
  sessionCache: boolean;
  passwordResetMinutes: number;
  rateLimit: { perAddress: number; perIp: number; windowMs: number };
  /** Direct (not queued) exports per user in a window (http/direct-export-limit.ts). */
  exportLimit: { perUser: number; windowMs: number };
  logLevel: string;
  /**
   * Fastify's trustProxy: off by default, so X-Forwarded-For is ignored unless the operator names
   * the proxies in front of the app (their addresses/CIDRs, or true to trust any).
   */
  trustProxy: boolean | string[];
  /** Longest time one request may take, uploads included, before the server answers 408. */
  requestTimeoutMs: number;
  /** A ViaCEP-compatible postal-code service: GET {cepBaseUrl}/{cep}/json/. */
  cepBaseUrl: string;
  cepTimeoutMs: number;
  /** How often attachment files without a row are swept from storage; 0 turns the sweep off. */
  orphanSweepIntervalMs: number;
  /**
   * Serve the OpenAPI description and its viewer at /api/docs. Off unless asked for: it lists every
   * call and field to whoever asks, signed in or not.
   */
  apiDocs: boolean;
  /** Days a unit may wait at a post-approval stage before its list flags it (PRAZO_ETAPA_DIAS). */
  stageDeadlineDays: number;
  /** Attachments in an S3-compatible bucket (S3_BUCKET set); undefined = local disk under dataDir. */
  s3: S3Config | undefined;
  /** /metrics answers only a request bearing this token (METRICS_TOKEN); unset = /metrics is off (404). */
  metricsToken: string | undefined;
  /**
   * On SIGTERM/SIGINT: how long the server keeps answering 503 (and /api/ready 503) before it stops
   * listening, so a load balancer moves traffic away (SHUTDOWN_DRAIN_MS); how long after the signal
   * the process exits non-zero anyway if in-flight requests or the queue worker are not done (SHUTDOWN_TIMEOUT_MS).
   */
  shutdown: { drainMs: number; timeoutMs: number };
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const int = (value: string | undefined, fallback: number): number => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** An on/off setting: 1/true/sim on, 0/false/não off, anything else (unset) the default. */
function switchOf(value: string | undefined, fallback: boolean): boolean {
  const raw = value?.trim().toLowerCase() ?? '';
  if (['1', 'true', 'sim'].includes(raw)) return true;
  if (['0', 'false', 'nao', 'não'].includes(raw)) return false;
  return fallback;
}

/** TRUST_PROXY: unset, 0 or false = off; true = any proxy; otherwise a comma list of addresses/CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  const raw = value?.trim().toLowerCase() ?? '';
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export const SEED_DEMO_WITH_POSTGRES =
  'SEED_DEMO não é aceito com DATABASE_URL: usuários de demonstração existem só no banco embutido (PGlite). ' +
  'Remova SEED_DEMO e crie o primeiro administrador com "npm run create-admin" ou ADMIN_EMAIL e ADMIN_PASSWORD.';

/**
 * SEED_DEMO: on by default for the embedded database, `0` turns it off. With DATABASE_URL an
 * explicit SEED_DEMO is refused rather than ignored, so no operator believes (or makes) a
 * production database with the demo users' published password.
 */
function readSeedDemo(env: NodeJS.ProcessEnv): boolean {
  const raw = env.SEED_DEMO?.trim().toLowerCase() ?? '';
  const off = raw === '0' || raw === 'false';
  if (!env.DATABASE_URL) return !off;
  if (raw !== '' && !off) throw new StartupError(SEED_DEMO_WITH_POSTGRES);
  return false;
}

export interface S3Config {
  bucket: string;
  /** Another S3-compatible service (MinIO, an emulator); undefined = AWS for the region. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path, not the host name: what MinIO and emulators need. */
  forcePathStyle: boolean;
  /** Prepended to every object name ('' or ending in '/'). */
  prefix: string;
}

/**
 * S3_* settings. Any of them set without S3_BUCKET, or a bucket without both keys, stops the start:
 * half a configuration would otherwise quietly keep the files on one server's disk.
 */
function readS3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'].find(value);
    if (stray) {
      throw new StartupError(
        `${stray} foi definida sem S3_BUCKET: defina S3_BUCKET para guardar os anexos no S3 ou remova as variáveis S3_*.`,
      );
    }
    return undefined;
  }
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId || !secretAccessKey) {
    throw new StartupError(
      'S3_BUCKET exige S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: defina as duas credenciais do bucket.',
    );
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE')?.toLowerCase() ?? 'false';
  if (!['true', '1', 'false', '0'].includes(pathStyle)) {
    throw new StartupError('S3_FORCE_PATH_STYLE deve ser "true" ou "false".');
  }
  const endpoint = value('S3_ENDPOINT');
  if (endpoint && !/^https?:$/.test(URL.parse(endpoint)?.protocol ?? '')) {
    throw new StartupError(`S3_ENDPOINT deve ser uma URL http:// ou https://: ${endpoint}`);
  }
  const prefix = value('S3_PREFIX')?.replace(/^\/+|\/+$/g, '') ?? '';
  return {
    bucket,
    endpoint,
    region: value('S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    prefix: prefix && `${prefix}/`,
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    inMemoryDatabase: false,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Portal de Solicitações de UC <nao-responda@portal.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    seedDemo: readSeedDemo(env),
    webDist: env.WEB_DIST ?? path.resolve(serverRoot, '../web/dist'),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 60),
    sessionCache: switchOf(env.SESSION_CACHE, !env.DATABASE_URL),
    passwordResetMinutes: 60,
    rateLimit: {
      perAddress: int(env.RATE_LIMIT_PER_ADDRESS, 10),
      perIp: int(env.RATE_LIMIT_PER_IP, 50),
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 15 * 60_000),
    },
    exportLimit: {
      perUser: int(env.EXPORT_LIMIT_PER_USER, 10),
      windowMs: int(env.EXPORT_LIMIT_WINDOW_MS, 60_000),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 120_000),
    cepBaseUrl: env.CEP_BASE_URL ?? 'https://viacep.com.br/ws',
    cepTimeoutMs: int(env.CEP_TIMEOUT_MS, 3000),
    orphanSweepIntervalMs: int(env.ORPHAN_SWEEP_INTERVAL_MS, 60 * 60_000),
    apiDocs: ['1', 'true', 'sim'].includes(env.API_DOCS?.trim().toLowerCase() ?? ''),
    stageDeadlineDays: Math.max(1, int(env.PRAZO_ETAPA_DIAS, DEFAULT_STAGE_DEADLINE_DAYS)),
    s3: readS3Config(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdown: {
      drainMs: Math.max(0, int(env.SHUTDOWN_DRAIN_MS, 3000)),
      timeoutMs: Math.max(1000, int(env.SHUTDOWN_TIMEOUT_MS, 25_000)),
    },
  };
}

/** Where the committed SQL migrations live, both from source and from the bundled dist/. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
