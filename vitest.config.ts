import { defineConfig } from 'vitest/config';

// Unit and API tests live beside the code they test. The React Router plugin is not loaded here:
// these tests import modules directly and never render through the framework build.
export default defineConfig({
  test: {
    include: [
      'core/**/*.test.ts',
      'server/**/*.test.ts',
      'app/**/*.test.ts',
      'app/**/*.test.tsx',
      'cli/**/*.test.ts',
      'tests/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
