import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../server/services.ts';

// What the server hands every loader and action (server/http/ssr.ts). Type-only: no server module is
// imported into the app bundle.
declare module 'react-router' {
  interface AppLoadContext {
    /** The domain services, without the outbox: pages get that only through `outbox` below. */
    services: Omit<Services, 'outbox'>;
    nonce: string;
    /**
     * The outbox, only for a request from this machine (loopback, not forwarded) while mail goes to the
     * outbox and the outbox page is on (config outboxPage); null for everyone else.
     */
    outbox: Services['outbox'];
    /** The request's logger: loaders log failures here, never with console.error. */
    log: FastifyBaseLogger;
    /** Counts one contact check of this request's client: null within the limit, else the seconds to wait. */
    limitContactCheck: () => Promise<number | null>;
    /**
     * True when React Router renders a document, whose loader data reaches the browser only as
     * hydration data; false for a `.data` request (client-side navigation reads the data itself).
     */
    documentRequest: boolean;
  }
}

export {};
