import { z } from 'zod';

// The page's Content-Security-Policy forbids eval, and zod probes for it (new Function) when it
// builds an object schema, which the browser reports as a CSP violation. Its compiled parsers only
// make large inputs faster, so the browser goes without them; the server keeps them. Imported
// before any schema is built (first import of app/lib/api-client.ts, ahead of core/contracts).
if (typeof document !== 'undefined') z.config({ jitless: true });
