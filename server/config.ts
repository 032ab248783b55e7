import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The names proxy-addr (Fastify's `trustProxy`) knows for groups of addresses. */
const PROXY_ADDRESS_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_HINT =
  "name the proxies in front of the server instead: 'loopback' for an nginx on the same machine, or their IP addresses or subnets such as 10.0.0.0/8, comma-separated";

/** One entry of a TRUST_PROXY list: a name proxy-addr knows, an IP address, or a subnet (address/prefix). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may name the client in X-Forwarded-For (Fastify's `trustProxy`): none (unset, false
 * or 0), or the proxies named by address. Fastify then takes the client address from the right of
 * X-Forwarded-For, skipping only entries those proxies added, so whatever a client writes there
 * itself is never its address (nor its rate-limit bucket). Refused, each with a message saying what
 * to use: `true`, which trusts every hop (the client picks its own address), and a hop count, which
 * cannot tell a proxy from a client that connects to the port directly and which Fastify 5.12
 * ignores (it trusts nobody for a number).
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, context): false | string[] => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0') return false;
    if (lower === 'true') {
      context.addIssue({
        code: 'custom',
        message: `'true' would trust every hop, so any client could choose its own address (and rate-limit bucket) with X-Forwarded-For; ${TRUST_PROXY_HINT}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(lower)) {
      context.addIssue({
        code: 'custom',
        message: `a number of proxies cannot tell a proxy from a client that connects directly (Fastify ignores it); ${TRUST_PROXY_HINT}`,
      });
      return z.NEVER;
    }
    const entries = lower.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `not a proxy address: ${invalid.map((entry) => `'${entry}'`).join(', ')}; ${TRUST_PROXY_HINT}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, validated once at start-up.
 * An invalid value stops the process with a message naming the variable (see main.ts).
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^(postgres|postgresql):\/\//.test(value) || value.startsWith('sqlite:'), {
      message: 'must start with postgres:// (PostgreSQL) or sqlite: (a SQLite file path)',
    })
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('CarrierPage <no-reply@carrierpage.example>'),
  SUPPORT_EMAIL: z.email().default('support@carrierpage.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  OUTBOX_PAGE: booleanFromEnv.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(100).default(30_000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(100).default(30_000),
  WEBHOOK_TEST_LOOPBACK: booleanFromEnv.optional(),
  FMCSA_PORTAL_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://data.transportation.gov'),
  FMCSA_APP_TOKEN: z.string().min(1).optional(),
  REPORT_RETENTION_DAYS: z.coerce.number().int().min(1).default(1095),
  REPORT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  SYNC_DAILY_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:MM (UTC), e.g. 06:30')
    .optional(),
});

export type DatabaseConfig = { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; url: string };

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  appUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  /**
   * The session secret: JWT_SECRET, or on SQLite one generated once into DATA_DIR/jwt-secret. Null on
   * PostgreSQL without JWT_SECRET: the database keeps the deployment's one secret, read at start
   * (server/domains/auth/session-secret.ts), so every instance signs and checks sessions the same way.
   */
  jwtSecret: string | null;
  smtpUrl: string | undefined;
  /**
   * Whether the outbox page (/outbox) may be served, to loopback clients only, while mail goes to the
   * outbox (no SMTP_URL). On by default outside production; in production only with OUTBOX_PAGE=true.
   * Always false with SMTP_URL. See docs/decisions/020-outbox-and-cross-site-requests.md.
   */
  outboxPage: boolean;
  mailFrom: string;
  supportEmail: string;
  logLevel: string;
  rateLimit: { max: number; windowMs: number };
  /**
   * Where every instance counts rate limits together (REDIS_URL); unset, each process counts in its
   * own memory, which is right for one process only.
   */
  redisUrl: string | undefined;
  bodyLimitBytes: number;
  /** Fastify's `trustProxy`: false (no proxy) or the trusted proxies' addresses, subnets and names. */
  trustProxy: false | string[];
  /** How long SIGTERM waits for requests in flight before the process exits 1 (server/http/shutdown.ts). */
  shutdownTimeoutMs: number;
  /**
   * The mail queue's retries (server/domains/mail/queue.ts): attempts before a message is marked
   * failed (MAIL_MAX_ATTEMPTS, 10), and the wait after the first failure (MAIL_RETRY_BASE_MS, 30 s),
   * doubled after each further one up to an hour: about three hours from first to last attempt.
   */
  mailRetry: { maxAttempts: number; retryBaseMs: number };
  /**
   * Webhook deliveries: the first retry's wait; and, in tests only (WEBHOOK_TEST_LOOPBACK), whether
   * endpoints on loopback addresses (http:// too) are accepted.
   */
  webhooks: { retryBaseMs: number; allowLoopback: boolean };
  /**
   * Who may read /metrics (server/http/metrics.ts): with METRICS_TOKEN set, a request with
   * `Authorization: Bearer <token>`; without it, only a client on this machine that no proxy forwarded.
   */
  metricsToken: string | undefined;
  /**
   * How long one PostgreSQL statement of the server may run before the database cancels it and the
   * request answers 503 busy (STATEMENT_TIMEOUT_MS, 5000). Not applied to the importer.
   */
  statementTimeoutMs: number;
  /**
   * How long a rendered search, city or information page is kept and served again
   * (server/http/shared-page-cache.ts; PAGE_CACHE_SECONDS, 10; 0 keeps none).
   */
  pageCacheSeconds: number;
  /** Lookups (POST /api/v1/lookup) a minute per API key or account; a client address may make twice as many. */
  lookupsPerMinute: number;
  /**
   * FMCSA's open-data portal for `npm run sync` (cli/sync): its base URL (FMCSA_PORTAL_URL) and the
   * optional application token sent as X-App-Token (FMCSA_APP_TOKEN), which raises its rate limits.
   */
  portal: { url: string; appToken: string | undefined };
  /** When the server runs the sync itself each day (SYNC_DAILY_AT, UTC); null: never (the default). */
  syncDailyAt: { hour: number; minute: number } | null;
  /**
   * Vetting reports (issue 56): days a report is kept before it is deleted (REPORT_RETENTION_DAYS,
   * 1095), and reports one client may make an hour (REPORT_RATE_LIMIT_MAX, 20).
   */
  reports: { retentionDays: number; perClientPerHour: number };
}

export class ConfigError extends Error {}

/**
 * Reads the secret from JWT_SECRET, or on SQLite generates one on first start and keeps it in the
 * data directory. On PostgreSQL without JWT_SECRET, null: the database keeps it (see AppConfig).
 */
function resolveJwtSecret(
  configured: string | undefined,
  dataDir: string,
  dialect: DatabaseConfig['dialect'],
): string | null {
  if (configured) return configured;
  if (dialect === 'postgres') return null;
  const secretFile = path.join(dataDir, 'jwt-secret');
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretFile, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  if (values.OUTBOX_PAGE === true && values.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  OUTBOX_PAGE: there is no outbox when SMTP_URL is set; remove OUTBOX_PAGE or SMTP_URL',
    );
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const database: DatabaseConfig =
    values.DATABASE_URL && !values.DATABASE_URL.startsWith('sqlite:')
      ? { dialect: 'postgres', url: values.DATABASE_URL }
      : {
          dialect: 'sqlite',
          filename: path.resolve(
            values.DATABASE_URL?.slice('sqlite:'.length) || path.join(dataDir, 'app.db'),
          ),
        };
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    dataDir,
    database,
    jwtSecret: resolveJwtSecret(values.JWT_SECRET, dataDir, database.dialect),
    smtpUrl: values.SMTP_URL,
    outboxPage: !values.SMTP_URL && (values.OUTBOX_PAGE ?? values.NODE_ENV !== 'production'),
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    logLevel: values.LOG_LEVEL,
    rateLimit: { max: values.RATE_LIMIT_MAX, windowMs: values.RATE_LIMIT_WINDOW_MS },
    redisUrl: values.REDIS_URL,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    trustProxy: values.TRUST_PROXY,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    mailRetry: { maxAttempts: values.MAIL_MAX_ATTEMPTS, retryBaseMs: values.MAIL_RETRY_BASE_MS },
    webhooks: {
      retryBaseMs: values.WEBHOOK_RETRY_BASE_MS,
      allowLoopback: values.WEBHOOK_TEST_LOOPBACK === true,
    },
    metricsToken: values.METRICS_TOKEN,
    statementTimeoutMs: values.STATEMENT_TIMEOUT_MS,
    pageCacheSeconds: values.PAGE_CACHE_SECONDS,
    lookupsPerMinute: values.LOOKUPS_PER_MINUTE,
    portal: { url: values.FMCSA_PORTAL_URL.replace(/\/$/, ''), appToken: values.FMCSA_APP_TOKEN },
    reports: { retentionDays: values.REPORT_RETENTION_DAYS, perClientPerHour: values.REPORT_RATE_LIMIT_MAX },
    syncDailyAt: values.SYNC_DAILY_AT
      ? {
          hour: Number(values.SYNC_DAILY_AT.slice(0, 2)),
          minute: Number(values.SYNC_DAILY_AT.slice(3)),
        }
      : null,
  };
}

/**
 * What a production start without SMTP means, said once at start (warn level): no e-mail leaves the
 * server. Null when there is nothing to say (SMTP configured, or not production).
 */
export function mailWarning(config: AppConfig): string | null {
  if (config.smtpUrl || config.env !== 'production') return null;
  const base =
    'SMTP_URL is not set: no e-mail is sent. Claim, login and rating-request e-mails are only stored in the outbox table';
  return config.outboxPage
    ? `${base}, and OUTBOX_PAGE=true shows them, with their sign-in links, at /outbox to any browser on this machine (loopback address, request not forwarded by a proxy). Use this only on a single-user machine; never behind a reverse proxy that does not add X-Forwarded-For. Set SMTP_URL on any shared or public deployment.`
    : `${base}, and nobody can read them (the outbox page is off in production), so no profile can be claimed and nobody can log in. Set SMTP_URL, or on a single-user machine OUTBOX_PAGE=true.`;
}
