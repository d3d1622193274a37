// Debian's Chromium, as the journeys and the benches launch it: never a downloaded browser, and nothing that
// reaches the network on its own (updates, sync, component downloads) on a machine with no internet.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;
