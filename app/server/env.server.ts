import { z } from '@contract/zod';
import { parseApiUrls } from '~/server/api/failover.server';
import { log } from '~/server/observability/log.server';

/** A host name or address as WEB_UAT_HOSTS lists it, once lower-cased and without its port. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])$/;

/** The name of a host, without its port or a final dot, lower-cased: `UAT.Concesion.cl:8443` is `uat.concesion.cl`. */
function hostNameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const name = trimmed.startsWith('[') ? trimmed.slice(0, trimmed.indexOf(']') + 1) || trimmed : trimmed.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/** A comma-separated list of API addresses, kept as written with each address's final slashes removed. */
const apiUrlList = z.string().transform((value, ctx) => {
  try {
    return parseApiUrls(value).join(',');
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

/** Only outside production: a fixed secret so a fresh clone starts without configuration. */
const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me';

const variables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  SESSION_SECRET: z.string().optional(),
  // One address (an internal load balancer) or the API processes themselves, comma-separated (decision 143).
  CONCESSION_API_URL: apiUrlList.default('http://127.0.0.1:4000'),
  CONCESSION_API_URL_UAT: apiUrlList.optional(),
  // How often an API address marked down is probed for readiness (decision 143).
  WEB_API_PROBE_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  // Hosts of the web app that call the UAT API (decision 132): exact names, comma-separated, port ignored.
  WEB_UAT_HOSTS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map(hostNameOf).filter(Boolean))
    .refine((hosts) => hosts.every((host) => HOST_NAME.test(host)), 'must be comma-separated host names (uat.concesion.cl,uat2.concesion.cl)'),
});

/** What the web app's routes read (server/web.mjs reads its own few; `.env.example` names all: scripts/env-example.test.ts). */
export const WEB_APP_VARIABLES = Object.keys(variables.shape);

const envSchema = variables.transform((env, ctx) => {
  const secrets = (env.SESSION_SECRET ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.length === 0) {
    if (env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production (a comma-separated list, newest first)',
      });
      return z.NEVER;
    }
    secrets.push(DEV_SESSION_SECRET);
  }
  return { ...env, SESSION_SECRETS: secrets };
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty variables count as unset, as shells and Docker often pass them that way.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.') ?? 'env'} ${issue?.message ?? ''}`.trim());
  }
  return result.data;
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    // One JSON line like every other of the web app (docs/decisions/145-logs-keep-the-cause-not-the-person.md).
    log.fatal({ err: error }, error instanceof Error ? error.message : 'Invalid configuration');
    process.exit(1);
  }
}

export const env = loadEnv();

/**
 * docs/specification.md, "7. The calls it makes": the UAT deployment calls the UAT API. Only the
 * hosts listed in WEB_UAT_HOSTS are UAT, by exact name (the port does not count): the
 * specification's "the host contains uat" sent any such host (`evaluation.example`) to another
 * API with the session's token, so it is narrowed here (docs/decisions/132-bad-requests-and-small-findings.md).
 */
export function apiBaseUrlFor(
  host: string | null | undefined,
  config: Pick<Env, 'CONCESSION_API_URL' | 'CONCESSION_API_URL_UAT' | 'WEB_UAT_HOSTS'>,
): string {
  const isUat = host != null && config.WEB_UAT_HOSTS.includes(hostNameOf(host));
  const base = isUat && config.CONCESSION_API_URL_UAT ? config.CONCESSION_API_URL_UAT : config.CONCESSION_API_URL;
  // One address or several (api-client.server.ts spreads calls over them, decision 143).
  return parseApiUrls(base).join(',');
}
