// Imported first by main.tsx, before any schema is built: zod otherwise probes `new Function` to compile
// fast parsers, and the Content-Security-Policy (no 'unsafe-eval') reports every probe as a violation.
import { z } from 'zod';

z.config({ jitless: true });
