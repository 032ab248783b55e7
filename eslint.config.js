import { builtinModules } from 'node:module';
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
 * the real services, and the migration test comparing a migrated index with the live one.
 */
const STACK_TESTS = [
  'server/domains/companies/profile.test.ts',
  'server/domains/mail/outbox-page.test.ts',
  'server/db/migrate.test.ts',
];

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
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
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
