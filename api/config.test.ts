import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/** Production requires the keys of the second-step secrets (decision 152). */
const production = { TOTP_ENCRYPTION_KEYS: 'k1:BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=' };

describe('demo accounts', () => {
  it('are never created by default in production, on either database', () => {
    expect(loadConfig({ ...production, NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ ...production, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/concesion' }).seedDemo).toBe(false);
  });
  it('are created in production only when SEED=demo says so', () => {
    expect(loadConfig({ ...production, NODE_ENV: 'production', SEED: 'demo' }).seedDemo).toBe(true);
    expect(loadConfig({ ...production, NODE_ENV: 'production', SEED: 'none' }).seedDemo).toBe(false);
  });
  it('are there by default for development on the embedded database', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/concesion' }).seedDemo).toBe(false);
  });
});

describe('attachments on object storage', () => {
  const full = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'adjuntos', S3_ACCESS_KEY_ID: 'clave', S3_SECRET_ACCESS_KEY: 'secreto' };

  it('stay in the local folder unless S3 is configured', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    // The SDK's own names alone (set on a cloud machine for other reasons) do not ask for S3.
    expect(loadConfig({ AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'y' }).s3).toBeUndefined();
  });

  it('go to the bucket with path-style addressing and us-east-1 by default', () => {
    expect(loadConfig(full).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'adjuntos',
      region: 'us-east-1',
      accessKeyId: 'clave',
      secretAccessKey: 'secreto',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...full, S3_REGION: 'sa-east-1', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({ region: 'sa-east-1', forcePathStyle: false });
    const { S3_ACCESS_KEY_ID: _id, S3_SECRET_ACCESS_KEY: _secret, ...withoutKeys } = full;
    expect(loadConfig({ ...withoutKeys, AWS_ACCESS_KEY_ID: 'aws', AWS_SECRET_ACCESS_KEY: 'aws-secreto', AWS_REGION: 'us-west-2' }).s3).toMatchObject({
      accessKeyId: 'aws',
      secretAccessKey: 'aws-secreto',
      region: 'us-west-2',
    });
  });

  it('are all or nothing: a missing variable is named in one line', () => {
    for (const name of Object.keys(full)) {
      const env: Record<string, string> = { ...full };
      delete env[name];
      const given = name === 'S3_ENDPOINT' ? 'S3_BUCKET' : 'S3_ENDPOINT';
      expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${name}: required when ${given} is set`);
    }
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'clave' })).toThrow('Invalid configuration: S3_ENDPOINT: required when S3_ACCESS_KEY_ID is set');
    expect(() => loadConfig({ ...full, S3_ENDPOINT: 'ftp://x' })).toThrow(/^Invalid configuration: S3_ENDPOINT: /);
    expect(() => loadConfig({ ...full, S3_BUCKET: 'Mal_Nombre' })).toThrow(/^Invalid configuration: S3_BUCKET: /);
    expect(() => loadConfig({ ...full, S3_FORCE_PATH_STYLE: 'quizás' })).toThrow(/^Invalid configuration: S3_FORCE_PATH_STYLE: /);
  });
});

describe('TWO_STEP_ROLES', () => {
  it('names staff roles, in any case and order, or nobody', () => {
    expect(loadConfig({}).twoStepRoles).toEqual(['ADMIN']);
    expect(loadConfig({ TWO_STEP_ROLES: ' admin, Supervisor ' }).twoStepRoles).toEqual(['ADMIN', 'SUPERVISOR']);
    expect(loadConfig({ TWO_STEP_ROLES: '' }).twoStepRoles).toEqual([]);
  });
  it('stops the start with one line for a name that is not a staff role', () => {
    expect(() => loadConfig({ TWO_STEP_ROLES: 'ADMN' })).toThrow(
      'Invalid configuration: TWO_STEP_ROLES: ADMN is not one of OPERATOR, SUPERVISOR, INSPECTOR, ADMIN (or empty)',
    );
    expect(() => loadConfig({ TWO_STEP_ROLES: 'ADMIN,DRIVER' })).toThrow(/TWO_STEP_ROLES: DRIVER is not one of/);
  });
});

describe('per-account write limits (decision 134)', () => {
  it('default to what a real driver never meets, staff ten times higher', () => {
    const { quotas, mailDigestMs, imageMaxPixels } = loadConfig({});
    expect(quotas.driver).toEqual({ eventsPerHour: 20, eventsPerDay: 60, commentsPerMinute: 10, attachmentBytesPerDay: 200 * 1024 * 1024 });
    expect(quotas.staff).toEqual({ eventsPerHour: 200, eventsPerDay: 600, commentsPerMinute: 100, attachmentBytesPerDay: 2000 * 1024 * 1024 });
    expect(mailDigestMs).toBe(5 * 60_000);
    expect(imageMaxPixels).toBe(40_000_000);
  });
  it('are set by their variables, and a wrong one stops the start naming it', () => {
    const { quotas } = loadConfig({ QUOTA_EVENTS_PER_HOUR: '5', QUOTA_COMMENTS_PER_MINUTE: '3', QUOTA_ATTACHMENT_MB_PER_DAY: '1', QUOTA_STAFF_FACTOR: '4' });
    expect(quotas.driver).toMatchObject({ eventsPerHour: 5, commentsPerMinute: 3, attachmentBytesPerDay: 1024 * 1024 });
    expect(quotas.staff).toMatchObject({ eventsPerHour: 20, commentsPerMinute: 12, attachmentBytesPerDay: 4 * 1024 * 1024 });
    expect(() => loadConfig({ QUOTA_EVENTS_PER_DAY: '0' })).toThrow(/^Invalid configuration: QUOTA_EVENTS_PER_DAY: /);
  });
});

describe('sign-in limits (decision 133)', () => {
  it('default to 10 failures per account and 5 per known browser in 15 minutes, and are configurable', () => {
    expect(loadConfig({}).signInLimits).toEqual({ perAccount: 10, perDevice: 5, windowMs: 15 * 60_000 });
    expect(loadConfig({ SIGN_IN_ACCOUNT_FAILURES: '20', SIGN_IN_DEVICE_FAILURES: '8', SIGN_IN_WINDOW_MINUTES: '60' }).signInLimits).toEqual({
      perAccount: 20,
      perDevice: 8,
      windowMs: 60 * 60_000,
    });
  });
  it('refuse a limit that would lock out on a typo or mean none at all', () => {
    expect(() => loadConfig({ SIGN_IN_ACCOUNT_FAILURES: '1' })).toThrow(/SIGN_IN_ACCOUNT_FAILURES/);
    expect(() => loadConfig({ SIGN_IN_WINDOW_MINUTES: '0' })).toThrow(/SIGN_IN_WINDOW_MINUTES/);
  });
});

describe('peer health checks (decision 141)', () => {
  it('probe every 10 s with 3 s for each probe by default, and are configurable', () => {
    expect(loadConfig({}).healthCheck).toEqual({ intervalMs: 10_000, timeoutMs: 3_000 });
    expect(loadConfig({ HEALTH_CHECK_INTERVAL_MS: '30000', HEALTH_CHECK_TIMEOUT_MS: '5000' }).healthCheck).toEqual({ intervalMs: 30_000, timeoutMs: 5_000 });
  });
  it('stop the start with one line naming the variable for a value that is not a duration, too short, or a timeout past the period', () => {
    expect(() => loadConfig({ HEALTH_CHECK_INTERVAL_MS: 'diez' })).toThrow(/^Invalid configuration: HEALTH_CHECK_INTERVAL_MS: /);
    expect(() => loadConfig({ HEALTH_CHECK_INTERVAL_MS: '10' })).toThrow(/HEALTH_CHECK_INTERVAL_MS: at least 1000 ms/);
    expect(() => loadConfig({ HEALTH_CHECK_TIMEOUT_MS: '0' })).toThrow(/HEALTH_CHECK_TIMEOUT_MS: at least 100 ms/);
    expect(() => loadConfig({ HEALTH_CHECK_INTERVAL_MS: '2000', HEALTH_CHECK_TIMEOUT_MS: '2000' })).toThrow(
      'Invalid configuration: HEALTH_CHECK_TIMEOUT_MS: must be less than HEALTH_CHECK_INTERVAL_MS (2000)',
    );
  });
});

describe('resumable uploads', () => {
  it('keep unfinished uploads 24 hours by default, or UPLOAD_EXPIRY_HOURS', () => {
    expect(loadConfig({}).uploadExpiryMs).toBe(24 * 3_600_000);
    expect(loadConfig({ UPLOAD_EXPIRY_HOURS: '6' }).uploadExpiryMs).toBe(6 * 3_600_000);
  });
  it('refuse an expiry under an hour or over a week', () => {
    expect(() => loadConfig({ UPLOAD_EXPIRY_HOURS: '0' })).toThrow(/UPLOAD_EXPIRY_HOURS/);
    expect(() => loadConfig({ UPLOAD_EXPIRY_HOURS: '200' })).toThrow(/UPLOAD_EXPIRY_HOURS/);
  });
});
