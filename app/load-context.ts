import type { Services } from '../server/services';

// What the server hands every loader and action (server/http/ssr.ts). Type-only: no server module is
// imported into the app bundle.
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    nonce: string;
  }
}

export {};
