// Debian's Chromium, as the browser tests and `npm run perf` start it: headless, as root
// (no sandbox), and with the background traffic this machine's closed network refuses turned off.
// Nothing downloads a browser of its own.

/** The browser: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
