/**
 * Debian's Chromium and the flags it needs on this kind of machine (no sandbox as root, no
 * background connections to hosts the closed network refuses). The browser tests and the Lighthouse
 * benchmark start it the same way.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
