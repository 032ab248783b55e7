// Imported before any zod schema is built in the browser (first import of api-client.ts): zod probes
// whether it may compile parsers with `new Function` when it builds an object schema, and the pages'
// CSP forbids eval, so the probe is reported as a violation. In the browser zod parses without compiling.
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });
