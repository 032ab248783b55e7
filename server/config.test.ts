import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, mailWarning } from './config.ts';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-config-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults to SQLite under the data directory, port 3000 and outbox mail', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ dialect: 'sqlite', filename: path.join(dataDir, 'app.db') });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.supportEmail).toBe('support@carrierpage.example');
    // Rate limits in memory: one process.
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads the portal and the daily sync time, off by default', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.portal).toEqual({ url: 'https://data.transportation.gov', appToken: undefined });
    expect(defaults.syncDailyAt).toBeNull();
    const set = loadConfig({
      DATA_DIR: tempDir(),
      FMCSA_PORTAL_URL: 'http://127.0.0.1:9000/',
      FMCSA_APP_TOKEN: 'abc',
      SYNC_DAILY_AT: '06:05',
    });
    expect(set.portal).toEqual({ url: 'http://127.0.0.1:9000', appToken: 'abc' });
    expect(set.syncDailyAt).toEqual({ hour: 6, minute: 5 });
  });

  it('chooses PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u:p@db:5432/carrierpage' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u:p@db:5432/carrierpage' });
  });

  it('leaves the session secret to the database on PostgreSQL without JWT_SECRET, and writes no file', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:p@db:5432/carrierpage' });
    expect(config.jwtSecret).toBeNull();
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    const configured = 'a-configured-secret-that-is-long-enough-for-hs256';
    const withSecret = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://u:p@db:5432/carrierpage',
      JWT_SECRET: configured,
    });
    expect(withSecret.jwtSecret).toBe(configured);
  });

  it('generates a JWT secret on first start and keeps it in the data directory', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret?.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('accepts webhooks to loopback only with the explicit test setting WEBHOOK_TEST_LOOPBACK', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, WEBHOOK_TEST_LOOPBACK: 'true' }).webhooks).toEqual({
      retryBaseMs: 30_000,
      allowLoopback: true,
    });
    expect(loadConfig({ DATA_DIR: dir }).webhooks.allowLoopback).toBe(false);
  });

  it('serves the outbox page outside production, and in production only with OUTBOX_PAGE=true', () => {
    const outboxPage = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tempDir(), ...env }).outboxPage;
    expect(outboxPage({})).toBe(false);
    expect(outboxPage({ NODE_ENV: 'production' })).toBe(false);
    expect(outboxPage({ NODE_ENV: 'production', OUTBOX_PAGE: 'true' })).toBe(true);
    expect(outboxPage({ NODE_ENV: 'development' })).toBe(true);
    expect(outboxPage({ NODE_ENV: 'test' })).toBe(true);
    expect(outboxPage({ NODE_ENV: 'development', OUTBOX_PAGE: 'false' })).toBe(false);
    expect(outboxPage({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example:587' })).toBe(false);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), OUTBOX_PAGE: 'true', SMTP_URL: 'smtp://mail.example:587' }),
    ).toThrow('OUTBOX_PAGE: there is no outbox when SMTP_URL is set');
  });

  it('has a warning for a production start without SMTP, and only for that', () => {
    const warning = (env: Record<string, string>) => mailWarning(loadConfig({ DATA_DIR: tempDir(), ...env }));
    expect(warning({ NODE_ENV: 'production' })).toMatch(
      /^SMTP_URL is not set: no e-mail is sent\..*nobody can read them.*no profile can be claimed/,
    );
    expect(warning({ NODE_ENV: 'production', OUTBOX_PAGE: 'true' })).toMatch(
      /^SMTP_URL is not set: no e-mail is sent\..*OUTBOX_PAGE=true shows them.*to any browser on this machine/,
    );
    expect(warning({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' })).toBeNull();
    expect(warning({ NODE_ENV: 'development' })).toBeNull();
  });

  it.each([
    ['OUTBOX_PAGE', 'yes', 'OUTBOX_PAGE'],
    ['PORT', 'eighty', 'PORT'],
    ['PORT', '70000', 'PORT'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL: must start with postgres://'],
    ['JWT_SECRET', 'short', 'JWT_SECRET: must be at least 32 characters'],
    ['SMTP_URL', 'not a url', 'SMTP_URL'],
    ['REDIS_URL', 'http://cache:6379', 'REDIS_URL: must be a redis:// or rediss:// URL'],
    ['SUPPORT_EMAIL', 'nobody', 'SUPPORT_EMAIL'],
    ['RATE_LIMIT_MAX', '0', 'RATE_LIMIT_MAX'],
    ['TRUST_PROXY', 'true', "TRUST_PROXY: 'true' would trust every hop"],
    ['TRUST_PROXY', 'TRUE', "'loopback' for an nginx on the same machine"],
    ['TRUST_PROXY', '1', 'TRUST_PROXY: a number of proxies cannot tell a proxy from a client'],
    ['TRUST_PROXY', '2', "name the proxies in front of the server instead: 'loopback'"],
    ['TRUST_PROXY', 'yes', "TRUST_PROXY: not a proxy address: 'yes'"],
    ['TRUST_PROXY', '10.0.0.0/33', "TRUST_PROXY: not a proxy address: '10.0.0.0/33'"],
    ['TRUST_PROXY', '127.0.0.1, nginx.local', "TRUST_PROXY: not a proxy address: 'nginx.local'"],
    ['TRUST_PROXY', '1.5', "TRUST_PROXY: not a proxy address: '1.5'"],
    ['SYNC_DAILY_AT', '6:30', 'SYNC_DAILY_AT: must be a time of day HH:MM (UTC), e.g. 06:30'],
    ['SYNC_DAILY_AT', '24:00', 'SYNC_DAILY_AT: must be a time of day HH:MM (UTC), e.g. 06:30'],
    ['FMCSA_PORTAL_URL', 'ftp://portal', 'FMCSA_PORTAL_URL: must be an http:// or https:// URL'],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(message);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['loopback', ['loopback']],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.5 ,::1,fd00::/8', ['10.0.0.0/8', '192.168.1.5', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%s as trustProxy %j', (value, expected) => {
    const env = { DATA_DIR: tempDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) };
    expect(loadConfig(env).trustProxy).toEqual(expected);
  });
});
