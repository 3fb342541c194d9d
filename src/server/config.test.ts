import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no configuration at all in development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 5000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:5000',
      databaseUrl: undefined,
      seedDemo: true,
      trustProxy: false,
      stripe: { mode: 'test' },
      s3: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads the Web Push keys together, and a contact push services accept', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'A'.repeat(43);
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).vapid).toEqual({
      keys: { publicKey, privateKey },
      subject: 'mailto:no-reply@localhost',
    });
    expect(loadConfig({}).vapid.keys).toBeUndefined();
    expect(loadConfig({ MAIL_FROM: 'Stillpoint <care@calm.example>' }).vapid.subject).toBe(
      'mailto:care@calm.example',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://calm.example' }).vapid.subject).toBe('https://calm.example');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/must be set together/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://calm.example' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'short', VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
  });

  it('reads DATABASE_POOL_SIZE as a whole number from 1 to 200, 8 when unset', () => {
    expect(loadConfig({}).databasePoolSize).toBe(8);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(8);
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE must be at least 1/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '201' })).toThrow(/DATABASE_POOL_SIZE must be at most 200/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '2.5' })).toThrow(
      /DATABASE_POOL_SIZE must be a whole number/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '6100' }).publicUrl).toBe('http://localhost:6100');
    expect(loadConfig({ PUBLIC_URL: 'https://calm.example/' }).publicUrl).toBe('https://calm.example');
  });

  it('lists every problem at once, each naming its variable', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        PUBLIC_URL: 'not a url',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/^Stillpoint cannot start/);
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL']) expect(message).toContain(name);
      expect((error as ConfigError).problems).toHaveLength(4);
    }
  });

  it('refuses production without AUTH_SECRET or a payment setup', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET is required[\s\S]*Stripe is not configured/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://calm.example',
      AUTH_SECRET: 's'.repeat(32),
      ALLOW_TEST_CHECKOUT: 'true',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.seedDemo).toBe(false);
  });

  it('refuses SEED_DEMO=true in production, listed with the other problems', () => {
    const production = {
      NODE_ENV: 'production',
      ALLOW_TEST_CHECKOUT: 'true',
      PUBLIC_URL: 'https://calm.example',
      SEED_DEMO: 'true',
    };
    expect(() => loadConfig(production)).toThrow(
      /AUTH_SECRET is required[\s\S]*SEED_DEMO=true cannot be used/,
    );
    expect(() => loadConfig({ ...production, AUTH_SECRET: 's'.repeat(32) })).toThrow(/SEED_DEMO=true/);
    expect(loadConfig({ ...production, AUTH_SECRET: 's'.repeat(32), SEED_DEMO: 'false' }).seedDemo).toBe(
      false,
    );
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('wants the three Stripe variables together', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/must be set together/);
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
      STRIPE_PRICE_ID: 'price_1',
    });
    expect(config.stripe).toMatchObject({ mode: 'stripe', priceId: 'price_1' });
  });

  it('parses ADMIN_EMAILS and boolean flags', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' A@x.test, ,b@X.test ',
      SEED_DEMO: 'false',
    });
    expect(config.adminEmails).toEqual(['a@x.test', 'b@x.test']);
    expect(config.seedDemo).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, and refuses "believe any header"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback' }).trustProxy).toBe(
      '10.0.0.0/8,::1,loopback',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would believe an X-Forwarded-For header any client sends; give the proxies instead: a hop count/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY .*not an address: maybe/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.300' })).toThrow(/not an address: 10.0.0.300/);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/at most 10/);
  });

  it('refuses a cron expression pg-boss could not run, naming the variable and the field', () => {
    expect(loadConfig({ BACKUP_SCHEDULE: '15 3 * * *' }).backups.schedule).toBe('15 3 * * *');
    expect(loadConfig({ BACKUP_SCHEDULE: '*/30 1-5 * * 1-5' }).backups.schedule).toBe('*/30 1-5 * * 1-5');
    expect(() => loadConfig({ BACKUP_SCHEDULE: '99 3 * * *' })).toThrow(
      /BACKUP_SCHEDULE "99 3 \* \* \*" is not a valid cron expression \(.*expected range 0-59\)/,
    );
    expect(() => loadConfig({ BACKUP_SCHEDULE: '0 0 31 2 *' })).toThrow(/BACKUP_SCHEDULE .*not a valid cron/);
    expect(() => loadConfig({ BACKUP_SCHEDULE: '15 3 * *' })).toThrow(/BACKUP_SCHEDULE .*has 4 fields/);
    expect(() => loadConfig({ BACKUP_SCHEDULE: '0 15 3 * * *' })).toThrow(/has 6 fields/);
  });

  it('requires PUBLIC_URL in production, as an http(s) origin everywhere', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(32), ALLOW_TEST_CHECKOUT: 'true' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL is required in production/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://calm.example' }).publicUrl).toBe(
      'https://calm.example',
    );
    // Listed together with the variables' own problems.
    expect(() => loadConfig({ ...production, PORT: 'abc' })).toThrow(/PORT[\s\S]*PUBLIC_URL is required/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://calm.example' })).toThrow(
      /PUBLIC_URL must start with https:\/\/ or http:\/\//,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://calm.example/app' })).toThrow(
      /PUBLIC_URL must be an origin only/,
    );
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:5000' }).publicUrl).toBe('http://localhost:5000');
  });

  it('reads READY_MIN_FREE_MB (512 when unset) and S3_PUBLIC_ENDPOINT', () => {
    expect(loadConfig({}).readyMinFreeMb).toBe(512);
    expect(loadConfig({ READY_MIN_FREE_MB: '0' }).readyMinFreeMb).toBe(0);
    expect(() => loadConfig({ READY_MIN_FREE_MB: '-1' })).toThrow(/READY_MIN_FREE_MB/);
    expect(
      loadConfig({
        S3_BUCKET: 'media',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'http://localhost:9000',
      }).s3,
    ).toMatchObject({ endpoint: 'http://minio:9000', publicEndpoint: 'http://localhost:9000' });
  });

  it('configures S3 only with a bucket and a region', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/S3_REGION/);
    expect(
      loadConfig({ S3_BUCKET: 'media', S3_REGION: 'auto', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3,
    ).toMatchObject({
      bucket: 'media',
      forcePathStyle: true,
    });
  });
});

describe('.env.example', () => {
  it('loads as it is: every empty value means unset, and the result equals no configuration', () => {
    const file = fileURLToPath(new URL('../../.env.example', import.meta.url));
    const env = parseEnv(fs.readFileSync(file, 'utf8'));
    expect(Object.keys(env).length).toBeGreaterThan(20);
    const fromExample = loadConfig(env);
    expect(fromExample).toEqual(loadConfig({ MAIL_FROM: env.MAIL_FROM }));
  });
});
