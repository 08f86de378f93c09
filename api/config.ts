import path from 'node:path';
import { z } from '@contract/zod';
import { ROLES, type Role } from '@contract/roles';
import { canUseTwoStep } from '@contract/permissions';
import type { S3Settings } from './platform/storage/s3-storage';
import { UPLOAD_EXPIRY_DEFAULT_HOURS } from '@contract/uploads';
import { RETENTION_KINDS, RETENTION_RULES, type RetentionDays } from '@contract/retention';
import { PRIVACY_REQUEST_DAYS_DEFAULT } from '@contract/privacy';
import { DEFAULT_WARNING_SHARE } from './domain/calendar/deadlines';
import { DEVELOPMENT_KEYRING, parseKeyring, type SecretKeyring } from './platform/crypto/secret-box';

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SEED: z.enum(['demo', 'none']).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Minutes a staff token may stay unused before it expires (ASVS 7.3.1: short for staff). */
  TOKEN_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  /** Minutes a driver's token may stay unused: drivers report from the road, between stops. */
  DRIVER_TOKEN_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** Hours a token lives at most, however busy: one work shift plus margin. */
  TOKEN_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  /** Milliseconds a stopping process may take to finish its requests before it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Milliseconds between the heartbeats the LISTEN connection must hear back (decision 142). */
  CLUSTER_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** Roles that must sign in with a second step (comma-separated; empty: nobody is forced). */
  TWO_STEP_ROLES: z.string().default('ADMIN'),
  /** Origins allowed to call the API from a browser (comma-separated). */
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The bearer token that opens /metrics; unset, /metrics is not served at all (docs/decisions/121-observability.md). */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Addresses of the web app processes whose X-Forwarded-For names the client (comma-separated). */
  TRUSTED_WEB_ADDRESSES: z.string().default('127.0.0.1,::1'),
  /** SMTP server for outgoing mail; without it mail goes to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Concesión Vial <no-responder@concesion.demo>'),
  /** The web app's public address, for links in e-mails. */
  PUBLIC_WEB_URL: z.url().default('http://localhost:3000'),
  ATTACHMENT_MAX_MB: z.coerce.number().positive().max(100).default(10),
  ATTACHMENT_MAX_FILES: z.coerce.number().int().min(1).max(20).default(5),
  /** An S3-compatible store for attachments; without it they go to DATA_DIR/attachments. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'not a bucket name')
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('true'),
  // The SDK's standard names, used when the S3_ ones are not set.
  AWS_REGION: z.string().min(1).optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Per-account write limits and notification digests (docs/decisions/134-write-quotas-digests-and-stored-previews.md).
  QUOTA_EVENTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  QUOTA_EVENTS_PER_DAY: z.coerce.number().int().min(1).default(60),
  QUOTA_COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  QUOTA_ATTACHMENT_MB_PER_DAY: z.coerce.number().positive().default(200),
  /** Staff (operators, supervisors, inspectors, admins) get the driver's limits times this. */
  QUOTA_STAFF_FACTOR: z.coerce.number().int().min(1).default(10),
  /** Minutes between two notification e-mails to one person; what happens between goes in one digest. */
  MAIL_DIGEST_MINUTES: z.coerce.number().positive().max(24 * 60).default(5),
  /** Seconds a notification e-mail waits for the changes that follow it, so they go as one (decision 165). */
  MAIL_HOLD_SECONDS: z.coerce.number().min(0).max(60 * 60).default(120),
  /** Images declaring more pixels than this are refused at upload and get no preview. */
  IMAGE_MAX_MEGAPIXELS: z.coerce.number().positive().max(268).default(40),
  /** Swagger UI and the OpenAPI document: off in production unless `on` (decision 132). */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /** Failed sign-ins of one account from every unknown browser, per window, before they are refused (decision 133). */
  SIGN_IN_ACCOUNT_FAILURES: z.coerce.number().int().min(3).max(1000).default(10),
  /** Failed sign-ins of one known browser (device cookie) of an account, per window, before it too is refused. */
  SIGN_IN_DEVICE_FAILURES: z.coerce.number().int().min(3).max(100).default(5),
  /** The window of every sign-in limit, in minutes. */
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** How often the peer monitor probes the database, the attachment storage and SMTP (decision 141). */
  HEALTH_CHECK_INTERVAL_MS: z.coerce.number().int().min(1_000, 'at least 1000 ms').max(600_000, 'at most 600000 ms').default(10_000),
  /** How long one probe may take before its peer counts as down. */
  HEALTH_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100, 'at least 100 ms').max(60_000, 'at most 60000 ms').default(3_000),
  /** Hours the API keeps each submission key with its answer (decision 136): a day at least, so a resend the next morning still finds it. */
  IDEMPOTENCY_KEY_HOURS: z.coerce.number().int().min(24, 'at least 24 hours').max(24 * 30).default(24),
  /** Unfinished resumable uploads are kept this long after their creation (contract/uploads.ts, decision 154). */
  UPLOAD_EXPIRY_HOURS: z.coerce.number().int().min(1, 'at least 1 hour').max(24 * 7).default(UPLOAD_EXPIRY_DEFAULT_HOURS),
  /** Exports (report files) one process runs at once, each with at most one COPY connection; past them 503 (decision 144). */
  EXPORT_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(4),
  // The controller of the personal data, as the privacy policy names it (Ley 21.719; docs/privacy.md).
  PRIVACY_CONTROLLER_NAME: z.string().trim().min(3).default('Sociedad Concesionaria Autopista Demo S.A.'),
  PRIVACY_CONTROLLER_RUT: z.string().trim().min(3).default('76.123.456-0'),
  PRIVACY_CONTROLLER_ADDRESS: z.string().trim().min(3).default('Av. Demo 1234, Santiago, Chile'),
  PRIVACY_CONTROLLER_EMAIL: z.email().default('privacidad@concesion.demo'),
  PRIVACY_CONTROLLER_PHONE: z.string().trim().min(3).default('+56 2 2345 6789'),
  /** Calendar days the concession has to answer a request (Ley 19.628 art. 11 as amended; contract/privacy.ts). */
  PRIVACY_REQUEST_DAYS: z.coerce.number().int().min(1).max(90).default(PRIVACY_REQUEST_DAYS_DEFAULT),
  /** Keys that encrypt the second-step secrets at rest, `id:base64key` comma-separated: the first seals, all open (decision 152). */
  TOTP_ENCRYPTION_KEYS: z.string().trim().optional(),
  // Each retention period, in days (contract/retention.ts).
  ...retentionSettings(),
  /** How often the retention job runs (one process per period; decision 149). Shorter only in tests. */
  RETENTION_JOB_MS: z.coerce.number().int().min(1_000).max(24 * 3_600_000).default(3_600_000),
  /** The share of each deadline's business time after which its warning is due (decision 179): 0.75 is 75 %. */
  DEADLINE_WARNING_SHARE: z.coerce.number().gt(0, 'more than 0').lt(1, 'less than 1').default(DEFAULT_WARNING_SHARE),
  /** How often the deadline warnings are swept (one API process per period; decision 182). Shorter only in tests. */
  DEADLINE_SWEEP_MS: z.coerce.number().int().min(1_000).max(60 * 60_000).default(60_000),
});

/** Every variable the API reads (`.env.example` and docs/deploy.md name each one: scripts/env-example.test.ts). */
export const API_VARIABLES = Object.keys(configSchema.shape);

function retentionSettings() {
  return Object.fromEntries(
    RETENTION_KINDS.map((kind) => {
      const rule = RETENTION_RULES[kind];
      return [rule.env, z.coerce.number().int().min(rule.min, `at least ${rule.min} days`).max(36_500).default(rule.days)];
    }),
  ) as Record<(typeof RETENTION_RULES)[keyof typeof RETENTION_RULES]['env'], z.ZodDefault<z.ZodCoercedNumber<unknown>>>;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  tokenIdleMs: number;
  driverTokenIdleMs: number;
  tokenMaxMs: number;
  corsOrigins: string[];
  shutdownTimeoutMs: number;
  /** The cluster channel's heartbeat period; silent for two of them, its LISTEN connection is replaced. */
  clusterHeartbeatMs: number;
  /** Roles whose sign-in needs a second step (TOTP); the other staff may choose one. */
  twoStepRoles: Role[];
  logLevel: string;
  /** Opens GET /metrics (Prometheus); undefined: not served. */
  metricsToken: string | undefined;
  /** Peers whose X-Forwarded-For is believed: the web app's processes, never browsers. */
  trustedWebAddresses: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  publicWebUrl: string;
  attachmentMaxMb: number;
  attachmentMaxFiles: number;
  /** Tests only: a shorter upload deadline than UPLOAD_DEADLINE_MS (platform/storage/orphan-sweep.ts). */
  attachmentUploadDeadlineMs?: number;
  /** Where attachments go when set (S3_*); the local folder otherwise. */
  s3: S3Settings | undefined;
  /** Per-account write limits (domain/quotas/write-quotas.ts): a driver's, and staff's (higher). */
  quotas: { driver: QuotaLimits; staff: QuotaLimits };
  /** Least time between two notification e-mails to one person (domain/notifications/digest.ts). */
  mailDigestMs: number;
  /** How long a notification e-mail waits for the changes that follow it (domain/notifications/digest.ts). */
  mailHoldMs: number;
  /** Images over this many pixels are refused at upload and get no preview (domain/tickets/previews.ts). */
  imageMaxPixels: number;
  /** Serves /api/docs and /api/openapi.json (API_DOCS; by default everywhere but production). */
  apiDocs: boolean;
  /** Tests only: a shorter deadline for request bodies than BODY_DEADLINE_MS (api/http/request-guards.ts). */
  bodyDeadlineMs?: number;
  /** The configurable sign-in limits (SIGN_IN_*; api/domain/accounts/login-throttle.ts). */
  signInLimits: { perAccount: number; perDevice: number; windowMs: number };
  /** How long an unfinished resumable upload is kept (UPLOAD_EXPIRY_HOURS; api/domain/uploads/sweep.ts). */
  uploadExpiryMs: number;
  /** How long a submission key and its answer are kept (IDEMPOTENCY_KEY_HOURS; api/domain/idempotency/store.ts). */
  idempotencyKeyMs: number;
  /** The peer monitor's period and each probe's deadline (HEALTH_CHECK_*; api/platform/health/peers.ts). */
  healthCheck: { intervalMs: number; timeoutMs: number };
  /** Tests only: a shorter wait for a copy of a request still running than WAIT_MS (api/http/idempotency.ts). */
  idempotencyWaitMs?: number;
  /** Exports running at once in this process (EXPORT_CONNECTIONS; api/domain/reports/export-connections.ts). */
  exportConnections: number;
  /** The controller named by the privacy policy (PRIVACY_CONTROLLER_*). */
  privacyController: { name: string; rut: string; address: string; email: string; phone: string };
  /** Calendar days to answer a request under the law (PRIVACY_REQUEST_DAYS). */
  privacyRequestDays: number;
  /** Share of a deadline's business time at which its warning is due (DEADLINE_WARNING_SHARE; decision 179). */
  deadlineWarningShare: number;
  /** Days each kind of record is kept (RETENTION_*_DAYS; contract/retention.ts). */
  retentionDays: RetentionDays;
  /** How often the retention job runs (RETENTION_JOB_MS). */
  retentionJobMs: number;
  /** How often the deadline warnings are swept (DEADLINE_SWEEP_MS; decision 182). */
  deadlineSweepMs: number;
  /** The keys of the second-step secrets at rest (TOTP_ENCRYPTION_KEYS; platform/crypto/secret-box.ts). */
  totpKeys: SecretKeyring;
};

export type QuotaLimits = { eventsPerHour: number; eventsPerDay: number; commentsPerMinute: number; attachmentBytesPerDay: number };

/** The roles that can be made to use a second step (contract/permissions.ts: every role but the driver's). */
const TWO_STEP_CAPABLE = ROLES.filter(canUseTwoStep);

/**
 * TWO_STEP_ROLES as roles. A name that is not one of them stops the start: a typo ("ADMN")
 * must not quietly leave the administrators without their second step.
 */
function twoStepRolesOf(value: string): Role[] {
  const names = value.split(',').map((r) => r.trim().toUpperCase()).filter(Boolean);
  const wrong = names.find((r) => !(TWO_STEP_CAPABLE as readonly string[]).includes(r));
  if (wrong) throw new ConfigError(`Invalid configuration: TWO_STEP_ROLES: ${wrong} is not one of ${TWO_STEP_CAPABLE.join(', ')} (or empty)`);
  return names as Role[];
}

/**
 * Reads the environment once. A bad value throws an Error whose message is one line
 * naming the variable, so `server.ts` can print it and stop.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const c = parsed.data;
  const embedded = !c.DATABASE_URL;
  return {
    env: c.NODE_ENV,
    port: c.API_PORT,
    host: c.API_HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    // Demo accounts (with a published password) only when asked (SEED=demo), or by default on the
    // embedded database outside production. Never by default in production (docs/security.md, V6.3.2).
    seedDemo: c.SEED ? c.SEED === 'demo' : embedded && c.NODE_ENV !== 'production',
    adminEmail: c.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    tokenIdleMs: c.TOKEN_IDLE_MINUTES * 60_000,
    driverTokenIdleMs: c.DRIVER_TOKEN_IDLE_MINUTES * 60_000,
    tokenMaxMs: c.TOKEN_MAX_HOURS * 3_600_000,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    clusterHeartbeatMs: c.CLUSTER_HEARTBEAT_MS,
    corsOrigins: c.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    twoStepRoles: twoStepRolesOf(c.TWO_STEP_ROLES),
    logLevel: c.LOG_LEVEL,
    metricsToken: c.METRICS_TOKEN,
    trustedWebAddresses: c.TRUSTED_WEB_ADDRESSES.split(',').map((a) => a.trim()).filter(Boolean),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicWebUrl: c.PUBLIC_WEB_URL.replace(/\/$/, ''),
    attachmentMaxMb: c.ATTACHMENT_MAX_MB,
    attachmentMaxFiles: c.ATTACHMENT_MAX_FILES,
    s3: s3Settings(c),
    apiDocs: c.API_DOCS ? c.API_DOCS === 'on' : c.NODE_ENV !== 'production',
    signInLimits: { perAccount: c.SIGN_IN_ACCOUNT_FAILURES, perDevice: c.SIGN_IN_DEVICE_FAILURES, windowMs: c.SIGN_IN_WINDOW_MINUTES * 60_000 },
    quotas: quotaLimits(c),
    mailDigestMs: Math.round(c.MAIL_DIGEST_MINUTES * 60_000),
    mailHoldMs: Math.round(c.MAIL_HOLD_SECONDS * 1000),
    imageMaxPixels: Math.round(c.IMAGE_MAX_MEGAPIXELS * 1_000_000),
    idempotencyKeyMs: c.IDEMPOTENCY_KEY_HOURS * 3_600_000,
    uploadExpiryMs: c.UPLOAD_EXPIRY_HOURS * 3_600_000,
    exportConnections: c.EXPORT_CONNECTIONS,
    healthCheck: healthCheckOf(c),
    privacyController: {
      name: c.PRIVACY_CONTROLLER_NAME,
      rut: c.PRIVACY_CONTROLLER_RUT,
      address: c.PRIVACY_CONTROLLER_ADDRESS,
      email: c.PRIVACY_CONTROLLER_EMAIL,
      phone: c.PRIVACY_CONTROLLER_PHONE,
    },
    privacyRequestDays: c.PRIVACY_REQUEST_DAYS,
    deadlineWarningShare: c.DEADLINE_WARNING_SHARE,
    retentionDays: Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, c[RETENTION_RULES[kind].env]])) as RetentionDays,
    retentionJobMs: c.RETENTION_JOB_MS,
    deadlineSweepMs: c.DEADLINE_SWEEP_MS,
    totpKeys: totpKeysOf(c.TOTP_ENCRYPTION_KEYS, c.NODE_ENV),
  };
}

/** Required in production: second-step secrets are never kept under the published development key there. */
function totpKeysOf(value: string | undefined, env: string): SecretKeyring {
  if (!value) {
    if (env === 'production') throw new ConfigError('Invalid configuration: TOTP_ENCRYPTION_KEYS: required in production (id:base64key, a 32-byte key: openssl rand -base64 32)');
    return DEVELOPMENT_KEYRING;
  }
  try {
    return parseKeyring(value);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: TOTP_ENCRYPTION_KEYS: ${(error as Error).message}`);
  }
}

/** A probe must end before the next one starts: the timeout is shorter than the interval. */
function healthCheckOf(c: z.infer<typeof configSchema>): Config['healthCheck'] {
  if (c.HEALTH_CHECK_TIMEOUT_MS >= c.HEALTH_CHECK_INTERVAL_MS)
    throw new ConfigError(`Invalid configuration: HEALTH_CHECK_TIMEOUT_MS: must be less than HEALTH_CHECK_INTERVAL_MS (${c.HEALTH_CHECK_INTERVAL_MS})`);
  return { intervalMs: c.HEALTH_CHECK_INTERVAL_MS, timeoutMs: c.HEALTH_CHECK_TIMEOUT_MS };
}

function quotaLimits(c: z.infer<typeof configSchema>): Config['quotas'] {
  const driver: QuotaLimits = {
    eventsPerHour: c.QUOTA_EVENTS_PER_HOUR,
    eventsPerDay: c.QUOTA_EVENTS_PER_DAY,
    commentsPerMinute: c.QUOTA_COMMENTS_PER_MINUTE,
    attachmentBytesPerDay: Math.round(c.QUOTA_ATTACHMENT_MB_PER_DAY * 1024 * 1024),
  };
  const times = c.QUOTA_STAFF_FACTOR;
  return {
    driver,
    staff: {
      eventsPerHour: driver.eventsPerHour * times,
      eventsPerDay: driver.eventsPerDay * times,
      commentsPerMinute: driver.commentsPerMinute * times,
      attachmentBytesPerDay: driver.attachmentBytesPerDay * times,
    },
  };
}

/**
 * All or nothing: S3_ENDPOINT or S3_BUCKET asks for object storage, and then the endpoint, the
 * bucket and both credentials must be there (a half-configured store would fail at the first upload).
 */
function s3Settings(c: z.infer<typeof configSchema>): S3Settings | undefined {
  if (!c.S3_ENDPOINT && !c.S3_BUCKET) {
    const stray = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'] as const).find((name) => c[name]);
    if (stray) throw new ConfigError(`Invalid configuration: S3_ENDPOINT: required when ${stray} is set`);
    return undefined;
  }
  const required = {
    S3_ENDPOINT: c.S3_ENDPOINT,
    S3_BUCKET: c.S3_BUCKET,
    S3_ACCESS_KEY_ID: c.S3_ACCESS_KEY_ID ?? c.AWS_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: c.S3_SECRET_ACCESS_KEY ?? c.AWS_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(required).find(([, value]) => !value);
  if (missing) {
    const given = c.S3_ENDPOINT ? 'S3_ENDPOINT' : 'S3_BUCKET';
    throw new ConfigError(`Invalid configuration: ${missing[0]}: required when ${given} is set`);
  }
  return {
    endpoint: required.S3_ENDPOINT!,
    bucket: required.S3_BUCKET!,
    region: c.S3_REGION ?? c.AWS_REGION ?? 'us-east-1',
    accessKeyId: required.S3_ACCESS_KEY_ID!,
    secretAccessKey: required.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: c.S3_FORCE_PATH_STYLE === 'true' || c.S3_FORCE_PATH_STYLE === '1',
  };
}

export class ConfigError extends Error {}
