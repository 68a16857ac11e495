import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  seedDemo: boolean;
  webDist: string | undefined;
  sessionIdleMinutes: number;
  passwordResetMinutes: number;
  rateLimit: { perAddress: number; perIp: number; windowMs: number };
  logLevel: string;
  /** A ViaCEP-compatible postal-code service: GET {cepBaseUrl}/{cep}/json/. */
  cepBaseUrl: string;
  cepTimeoutMs: number;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const int = (value: string | undefined, fallback: number): number => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

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
    seedDemo: env.SEED_DEMO !== '0',
    webDist: env.WEB_DIST ?? path.resolve(serverRoot, '../web/dist'),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 60),
    passwordResetMinutes: 60,
    rateLimit: {
      perAddress: int(env.RATE_LIMIT_PER_ADDRESS, 10),
      perIp: int(env.RATE_LIMIT_PER_IP, 50),
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 15 * 60_000),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    cepBaseUrl: env.CEP_BASE_URL ?? 'https://viacep.com.br/ws',
    cepTimeoutMs: int(env.CEP_TIMEOUT_MS, 3000),
  };
}

/** Where the committed SQL migrations live, both from source and from the bundled dist/. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
