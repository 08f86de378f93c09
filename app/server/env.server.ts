import { z } from '@contract/zod';

/** Only outside production: a fixed secret so a fresh clone starts without configuration. */
const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    SESSION_SECRET: z.string().optional(),
    CONCESSION_API_URL: z.url().default('http://127.0.0.1:4000'),
    CONCESSION_API_URL_UAT: z.url().optional(),
  })
  .transform((env, ctx) => {
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
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

export const env = loadEnv();

/** docs/specification.md, "7. The calls it makes": the API host differs when the page host contains "uat". */
export function apiBaseUrlFor(
  host: string | null | undefined,
  config: Pick<Env, 'CONCESSION_API_URL' | 'CONCESSION_API_URL_UAT'>,
): string {
  const isUat = (host ?? '').toLowerCase().includes('uat');
  const base = isUat && config.CONCESSION_API_URL_UAT ? config.CONCESSION_API_URL_UAT : config.CONCESSION_API_URL;
  return base.replace(/\/+$/, '');
}
