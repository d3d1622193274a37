// What the web app gets when it imports 'zod' (vite.config.ts aliases it here): zod, told not to use eval before
// any schema can be built. Zod otherwise probes `new Function` to compile fast parsers, and the
// Content-Security-Policy (no 'unsafe-eval') reports every probe as a violation. Through the alias, the setting
// travels with zod to whichever page first needs it, and pages that need no schema load neither.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
