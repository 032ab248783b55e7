import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers (docs/architecture.md): app -> core, server -> core, and inside the server
// routes -> service -> repo -> db. An import against the arrows is a lint error, so CI fails on it.
// Specifiers are matched as written (relative paths), by regular expression.
const TO_APP = {
  regex: String.raw`(^|/)app/`,
  message: 'server/, core/ and cli/ never import app/ (docs/architecture.md).',
};
const TO_SERVER = {
  regex: String.raw`(^|/)server/`,
  message: 'core/ never imports server/ (docs/architecture.md).',
};
const TO_SERVER_FROM_APP = {
  ...TO_SERVER,
  message:
    'app/ never imports server/, not even a type: shared code and the API shapes (core/contracts) live in core/, services are reached through the load context (docs/architecture.md).',
};
/** The one bridge: the load context names the type of the services the server hands the loaders. */
const LOAD_CONTEXT = ['app/load-context.ts'];
const NODE_ONLY = {
  regex: `^(node:|(${builtinModules.filter((name) => !name.startsWith('_')).join('|')})(/|$))`,
  message: 'core/ is bundled for the browser too: no Node-only modules.',
};
const TO_DOMAINS = {
  regex: String.raw`(^|/)domains/`,
  message:
    'server/db knows no domain: a migration keeps a frozen copy of the rule it applies (docs/architecture.md).',
};
const TO_HTTP = {
  regex: String.raw`(^|/)http/`,
  message:
    'Domain code below the routes knows no HTTP: throw a DomainError (core/errors.ts); server/http maps its code to a status.',
};
const TO_ROUTES = {
  regex: String.raw`(^|/)routes(\.ts)?$`,
  message:
    'Inside a domain the arrows point down: routes -> service -> repo; a service never imports routes.',
};
const TO_SERVICE = {
  regex: String.raw`(^|/)([\w-]+-)?service(\.ts)?$`,
  message:
    'Inside a domain the arrows point down: routes -> service -> repo; a repo never imports a service.',
};

/** One layer's import rule. A file takes the last matching block's options, so each block lists all its layer's limits. */
function layer(files, patterns, ignores = []) {
  return { files, ignores, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } };
}

/**
 * Tests that drive the whole stack on purpose: the profile page's and the outbox page's loaders with
 * the real services (and the editor's route data through the SSR mount), the migration test comparing
 * a migrated index with the live one, a public page's loader data through the SSR mount
 * (app/lib/island-page.ts, notForHydration), the search page's loader failing through the SSR
 * mount and the page cache, and the contact check's page action sharing its API's limit.
 */
const STACK_TESTS = [
  'server/domains/companies/profile.test.ts',
  'server/domains/mail/outbox-page.test.ts',
  'server/db/migrate.test.ts',
  'server/http/hydration-data.test.ts',
  'server/http/page-errors.test.ts',
  'server/domains/contact-check/contact-check.test.ts',
];

// One import-specifier style (docs/architecture.md): a relative specifier names the file with its
// extension, as Node and tsx need it and Vite accepts it. esquery regexes cannot hold a slash, so a
// relative specifier is one that starts with a dot (a package name cannot).
const RELATIVE_WITHOUT_EXTENSION = String.raw`/^\.(?!.*\.(tsx?|mjs|js|css|json|svg)(\?\w+(&\w+)*)?$)/`;
const SPECIFIER_MESSAGE =
  "A relative import names the file with its extension ('./session.ts', './BlockView.tsx'): docs/architecture.md.";
const SPECIFIER_STYLE = [
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
].map((node) => ({
  selector: `${node}[source.value=${RELATIVE_WITHOUT_EXTENSION}]`,
  message: SPECIFIER_MESSAGE,
}));

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;

/**
 * One file-name casing (docs/architecture.md): folders and files are kebab-case, except a React
 * component module of app/ (a .tsx outside app/routes, whose route files follow their URLs) and the
 * test named after it, which are PascalCase like the component. No installed plugin checks file
 * names, so this small rule does.
 */
const fileNameCase = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: { casing: '{{name}}: {{rule}} (docs/architecture.md).' },
  },
  create(context) {
    const relative = path.relative(context.cwd, context.filename).split(path.sep);
    const base = relative.pop();
    const stem = base.split('.')[0];
    const folders = relative.filter((folder) => !folder.startsWith('+') && !folder.startsWith('.'));
    const report = (name, rule) =>
      context.report({ loc: { line: 1, column: 0 }, messageId: 'casing', data: { name, rule } });
    return {
      Program() {
        const folder = folders.find((name) => !KEBAB.test(name));
        if (folder) return report(folder, 'folders are kebab-case');
        if (KEBAB.test(stem)) return;
        const componentModule =
          folders[0] === 'app' &&
          folders[1] !== 'routes' &&
          (base.endsWith('.tsx') || existsSync(path.join(path.dirname(context.filename), `${stem}.tsx`)));
        if (!(componentModule && PASCAL.test(stem)))
          report(base, 'files are kebab-case; a React component module of app/ and its test are PascalCase');
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build',
      'dist',
      'data',
      '.react-router',
      '.tmp',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { local: { rules: { 'file-name-case': fileNameCase } } },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...SPECIFIER_STYLE],
      'local/file-name-case': 'error',
    },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  layer(['core/**/*.{ts,tsx}'], [TO_APP, TO_SERVER, NODE_ONLY]),
  layer(['app/**/*.{ts,tsx}'], [TO_SERVER_FROM_APP], LOAD_CONTEXT),
  layer(['server/**/*.ts', 'cli/**/*.ts'], [TO_APP], STACK_TESTS),
  layer(['server/db/**/*.ts'], [TO_APP, TO_DOMAINS], STACK_TESTS),
  layer(['server/domains/**/*.ts'], [TO_APP, TO_HTTP], ['server/domains/*/routes.ts', '**/*.test.ts']),
  layer(['server/domains/*/*service.ts'], [TO_APP, TO_HTTP, TO_ROUTES]),
  layer(['server/domains/*/repo.ts'], [TO_APP, TO_HTTP, TO_ROUTES, TO_SERVICE]),
);
