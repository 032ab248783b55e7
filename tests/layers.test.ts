import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer rule of eslint.config.js (docs/architecture.md) must bite: each snippet crosses one
// boundary from a file of the layer named, and ESLint must report it. Without the rule these fail.

const RULE = '@typescript-eslint/no-restricted-imports';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The messages of the layer rule for `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE)
    .map((message) => message.message);
}

describe('the layer rule', () => {
  it.each([
    [
      'app imports server at run time',
      'app/lib/example.ts',
      "import { value } from '../../server/services.ts';",
    ],
    [
      'app imports a server type',
      'app/lib/example.ts',
      "import type { value } from '../../server/services.ts';",
    ],
    [
      'app imports a server type, inline',
      'app/blocks/example.ts',
      "import { type value } from '../../server/domains/companies/profile-service.ts';",
    ],
    [
      'server imports app',
      'server/domains/mail/example.ts',
      "import { value } from '../../../app/lib/session.ts';",
    ],
    ['cli imports app', 'cli/import/example.ts', "import { value } from '../../app/lib/session.ts';"],
    ['core imports app', 'core/example.ts', "import { value } from '../app/lib/session.ts';"],
    ['core imports server', 'core/example.ts', "import { value } from '../server/config.ts';"],
    ['core imports a Node-only module', 'core/example.ts', "import { value } from 'node:fs';"],
    ['core imports a Node built-in without node:', 'core/example.ts', "import { value } from 'crypto';"],
    [
      'server/db imports a domain',
      'server/db/example.ts',
      "import { value } from '../domains/search/geo.ts';",
    ],
    [
      'a migration imports a domain',
      'server/db/migrations/099-example.ts',
      "import { value } from '../../domains/mail/email-addresses.ts';",
    ],
    ['a service imports routes', 'server/domains/ratings/service.ts', "import { value } from './routes.ts';"],
    ['a repo imports a service', 'server/domains/ratings/repo.ts', "import { value } from './service.ts';"],
    [
      'a repo imports another domain service',
      'server/domains/companies/repo.ts',
      "import { value } from './profile-service.ts';",
    ],
    ['a repo imports routes', 'server/domains/ratings/repo.ts', "import { value } from './routes.ts';"],
    [
      'a service imports server/http',
      'server/domains/ratings/service.ts',
      "import { value } from '../../http/errors.ts';",
    ],
    [
      'a repo imports server/http',
      'server/domains/ratings/repo.ts',
      "import { value } from '../../http/errors.ts';",
    ],
    [
      'other domain code imports server/http',
      'server/domains/search/supersearch-query.ts',
      "import { value } from '../../http/errors.ts';",
    ],
  ])('reports: %s', async (_name, filePath, code) => {
    expect(await layerErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['app imports core', 'app/lib/example.ts', "import { value } from '../../core/site.ts';"],
    [
      'the load context names the services type',
      'app/load-context.ts',
      "import type { Services } from '../server/services.ts';\nconst value = null as unknown as Services;",
    ],
    [
      'server imports core',
      'server/domains/mail/example.ts',
      "import { value } from '../../../core/site.ts';",
    ],
    ['server/db imports core', 'server/db/example.ts', "import { value } from '../../core/geo.ts';"],
    ['core imports a package', 'core/example.ts', "import { value } from 'postcss';"],
    [
      'routes import their service',
      'server/domains/ratings/routes.ts',
      "import { value } from './service.ts';",
    ],
    ['a service imports its repo', 'server/domains/ratings/service.ts', "import { value } from './repo.ts';"],
    [
      'routes import server/http',
      'server/domains/ratings/routes.ts',
      "import { value } from '../../http/errors.ts';",
    ],
    [
      'a service imports core errors',
      'server/domains/ratings/service.ts',
      "import { value } from '../../../core/errors.ts';",
    ],
  ])('allows: %s', async (_name, filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});
