import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { createSessionTokens } from '../../server/domains/auth/session-token.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page and fails on serious or critical violations, or with `everyImpact` on
 * any violation at all (Lighthouse's accessibility score drops for each failed rule, moderate and
 * minor ones too). The script is evaluated through the DevTools protocol, so the page's
 * Content-Security-Policy stays in force.
 */
export async function expectAccessible(page: Page, { everyImpact = false } = {}): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  const severe = (violations as AxeViolation[])
    .filter((violation) => everyImpact || violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(severe, 'axe found serious or critical accessibility violations').toEqual([]);
}

/** Where the browser keeps the session token (app/lib/session.ts). */
export const TOKEN_KEY = 'carrierpage.access_token';

/**
 * A token with the given claims and a dummy signature. The browser only decodes tokens (the server
 * verifies them), so this is enough to test what the page shows for a session.
 */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** Starts the page with a decodable session for a company's DOT number, valid for ten minutes. */
export async function withOwnerSession(page: Page, sub: string, dot: string): Promise<void> {
  const token = fakeToken({ sub, dot, exp: Math.floor(Date.now() / 1000) + 600 });
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
}

/** The path of the link in the newest outbox message to an address (mail goes to the outbox in these tests). */
export async function latestLinkTo(page: Page, address: string): Promise<string> {
  await page.goto('/outbox');
  const message = page.locator('.outbox > li', { hasText: `To ${address}` }).first();
  await expect(message).toBeVisible();
  const href = await message.getByRole('link', { name: 'Open link' }).getAttribute('href');
  return new URL(href!).pathname;
}

/**
 * Starts the page with a real session of a user seeded in fixtures/seed-profiles.ts: signed with the
 * e2e server's own secret (kept in its data directory), so the server accepts its writes. The token
 * is stored at every document load, or with `once` at the tab's first only (a test that logs out and
 * then loads another document, as a public page's Logout does).
 */
export async function withVerifiedSession(page: Page, email: string, { once = false } = {}): Promise<void> {
  const db = new Database(path.join(E2E_DATA_DIR, 'app.db'), { readonly: true, fileMustExist: true });
  const user = db
    .prepare(
      'SELECT users.id, users.company_id, users.is_admin, users.session_version, companies.dot_number FROM users JOIN companies ON companies.id = users.company_id WHERE users.email = ?',
    )
    .get(email) as {
    id: number;
    company_id: number;
    is_admin: number;
    session_version: number;
    dot_number: number;
  };
  db.close();
  const secret = readFileSync(path.join(E2E_DATA_DIR, 'jwt-secret'), 'utf8').trim();
  const token = await createSessionTokens(secret, () => new Date()).sign({
    sub: String(user.company_id),
    dot: String(user.dot_number),
    user_id: user.id,
    is_admin: user.is_admin === 1,
    email,
    session_version: user.session_version,
  });
  await page.addInitScript(
    ([key, value, onlyOnce]) => {
      if (onlyOnce === 'once' && sessionStorage.getItem('session-seeded')) return;
      localStorage.setItem(key!, value!);
      sessionStorage.setItem('session-seeded', '1');
    },
    [TOKEN_KEY, token, once ? 'once' : 'always'],
  );
}

/**
 * A response with status 404 (a 404 page, or an API lookup that finds nothing) makes the browser log
 * it; a test that expects one accepts exactly that message and nothing else.
 */
export function expectOnlyNotFoundResponses(consoleErrors: string[]): void {
  const notFound = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
  expect(consoleErrors.filter((message) => message !== notFound)).toEqual([]);
  consoleErrors.splice(0);
}

/** The message a Content-Security-Policy violation logs in the page (see the consoleErrors fixture). */
export const CSP_VIOLATION = 'Content-Security-Policy violation:';

/**
 * Every test fails when the page logs an error or breaks its Content-Security-Policy: the app must
 * work under its own policy, with no console noise. Each `securitypolicyviolation` event is logged as
 * an error of its own (CSP_VIOLATION, the directive and what was blocked), so a violation fails the
 * test even where the browser's own message would not say which directive it was.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      await page.addInitScript((prefix) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      }, CSP_VIOLATION);
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
