/**
 * The built site served from dist/ (under a sub-path) and one headless Chromium, for a whole test
 * file: `const site = builtSite();` registers the start and the clean-up.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch } from './browser.ts';
import { serveDist, type StaticServer } from './server.ts';

export interface Site {
  readonly server: StaticServer;
  readonly browser: Browser;
}

export function builtSite(): Site {
  const site: { server?: StaticServer; browser?: Browser } = {};
  beforeAll(async () => {
    site.server = await serveDist();
    site.browser = await launch();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return {
    get server() {
      if (!site.server) throw new Error('the site is not served yet (use it inside a test)');
      return site.server;
    },
    get browser() {
      if (!site.browser) throw new Error('the browser is not started yet (use it inside a test)');
      return site.browser;
    },
  };
}
