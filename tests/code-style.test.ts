import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import-specifier and file-name rules of eslint.config.js (docs/architecture.md) must bite:
// each snippet or file name breaks one, and ESLint must report it. Without the rules these fail.

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The rules ESLint reports for `code` as if it were the file at `filePath`, but the layer rule's. */
async function styleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the import-specifier rule', () => {
  it.each([
    ['an import without extension', "import { value } from './session';"],
    ['a parent import without extension', "import { value } from '../../core/site';"],
    ['a type import without extension', "import type { value } from './+types/home';"],
    [
      'a re-export without extension',
      "export { value } from './api-request';\nimport { value } from './a.ts';",
    ],
    ['a dynamic import without extension', "const value = await import('./api-client');"],
  ])('refuses %s', async (_name, code) => {
    expect(await styleErrors('app/lib/example.ts', code)).toEqual(['no-restricted-syntax']);
  });

  it.each([
    ['a .ts import', "import { value } from './session.ts';"],
    ['a .tsx import', "import { value } from '../components/Tabs.tsx';"],
    ['a typegen import', "import type { value } from './+types/home.ts';"],
    ['a stylesheet URL', "import value from './styles/app.css?url';"],
    ['a package', "import { value } from 'react-router';"],
  ])('allows %s', async (_name, code) => {
    expect(await styleErrors('app/lib/example.ts', code)).toEqual([]);
  });
});

describe('the file-name rule', () => {
  const code = 'const value = 1;';
  it.each([
    ['a PascalCase module outside app/', 'server/http/ErrorHandler.ts'],
    ['a camelCase module', 'core/recordFacts.ts'],
    ['a PascalCase route module', 'app/routes/public/HowItWorks.tsx'],
    ['a PascalCase .ts helper of app/', 'app/lib/ApiClient.ts'],
    ['a PascalCase folder', 'app/Editor/block-draft.ts'],
  ])('refuses %s', async (_name, filePath) => {
    expect(await styleErrors(filePath, code)).toEqual(['local/file-name-case']);
  });

  it.each([
    ['a kebab-case module', 'server/http/error-handler.ts'],
    ['a component module', 'app/components/SearchBox.tsx'],
    ['the test of a component module', 'app/components/Pagination.test.ts'],
    ['a route module', 'app/routes/public/how-it-works.tsx'],
    ['a server-only module of app/', 'app/blocks/carrier-panels.server.ts'],
  ])('allows %s', async (_name, filePath) => {
    expect(await styleErrors(filePath, code)).toEqual([]);
  });
});
