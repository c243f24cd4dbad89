/**
 * A link is a game: the URL reproduces the level (in the browser and against the core in Node),
 * bad values say so on the page and fall back, and the build works from a sub-path and under
 * `vite preview`.
 */
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { newGame } from '../../src/core/engine.ts';
import { launch, openGame } from './support/browser.ts';
import { pixels, snapshot } from './support/game.ts';
import { serveDist, type StaticServer } from './support/server.ts';
import { player } from '../../src/core/level.ts';

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  server = await serveDist('/trapsmith/');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** FNV-1a over the terrain bytes, written here independently of the page's hook. */
function fnv(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

async function levelOf(url: string) {
  const { page, context, errors } = await openGame(browser, url);
  const s = await snapshot(page);
  const hash = await page.evaluate(() => window.__trapsmith!.terrainHash());
  const href = page.url();
  const traps = await page.evaluate(() => window.__trapsmith!.knownTraps.length);
  await context.close();
  return { s, hash, href, errors, traps };
}

describe('the URL', () => {
  it('reproduces the level: same seed and options, same map and start, in the browser and in Node', async () => {
    const query = '?seed=repro-7&ruleset=cdda&w=70&h=35&style=caves';
    const a = await levelOf(`${server.url}${query}`);
    const b = await levelOf(`${server.url}${query}`);
    expect(a.errors).toEqual([]);
    expect(a.hash).toBe(b.hash);
    expect(a.s.player).toEqual(b.s.player);
    const node = newGame({ seed: 'repro-7', ruleset: 'cdda', width: 70, height: 35, style: 'caves' });
    expect(a.hash).toBe(fnv(node.terrain));
    expect({ x: a.s.player.x, y: a.s.player.y }).toEqual({ x: player(node).x, y: player(node).y });
    // Another seed is another level.
    const c = await levelOf(`${server.url}?seed=repro-8&ruleset=cdda&w=70&h=35&style=caves`);
    expect(c.hash).not.toBe(a.hash);
  });

  it('writes the running game into the address bar, so copying it gives the same level', async () => {
    const first = await levelOf(`${server.url}?ruleset=cdda`);
    const url = new URL(first.href);
    expect(url.pathname).toBe('/trapsmith/');
    expect(url.searchParams.get('seed')).toBe(first.s.seed);
    expect(url.searchParams.get('w')).toBe('80');
    expect(url.searchParams.get('style')).toBe('rooms');
    const again = await levelOf(first.href);
    expect(again.hash).toBe(first.hash);
    expect(again.s.player).toEqual(first.s.player);
  });

  it('a bad value shows a visible message and falls back, never a blank page', async () => {
    const { page, context, errors } = await openGame(browser, `${server.url}?seed=${'s'.repeat(201)}&ruleset=nethack&w=abc&style=maze&s.lightRadius=99`);
    const notices = page.locator('.notices');
    await expect(notices.isVisible()).resolves.toBe(true);
    const text = (await notices.textContent())!;
    expect(text).toContain('Seed: too long (201 characters; at most 200)');
    expect(text).toContain('Unknown ruleset "nethack"');
    expect(text).toContain('Map width: must be a whole number from 40 to 200, got "abc"');
    expect(text).toContain('Map style: expected one of "rooms", "caves"');
    expect(text).toContain('Setting "lightRadius": 99 is above the maximum 30');
    // The game runs on the defaults, and the address bar now names that game.
    const s = await snapshot(page);
    expect(s.ruleset).toBe('cdda');
    const url = new URL(page.url());
    expect(url.searchParams.get('w')).toBe('80');
    expect(url.searchParams.get('seed')).toBe(s.seed);
    // The map is drawn.
    const img = await pixels(page);
    let lit = 0;
    for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 1]! > 60) lit++;
    expect(lit).toBeGreaterThan(200);
    expect(errors).toEqual([]);
    await page.locator('.notices .dismiss').click();
    await expect(notices.isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('the debug flag reveal=1 marks every trap known', async () => {
    const plain = await levelOf(`${server.url}?seed=rev&ruleset=cdda`);
    const revealed = await levelOf(`${server.url}?seed=rev&ruleset=cdda&reveal=1`);
    expect(revealed.hash).toBe(plain.hash);
    expect(revealed.traps).toBeGreaterThan(plain.traps);
    const node = newGame({ seed: 'rev', ruleset: 'cdda' });
    expect(revealed.traps).toBe(node.traps.length);
  });

  it('reveal=1 is for that link only: a game started from the page (the header’s New game) is not revealed, and the button lets go of the focus', async () => {
    const plain = await levelOf(`${server.url}?seed=rev&ruleset=cdda`);
    const { page, context, errors } = await openGame(browser, `${server.url}?seed=rev&ruleset=cdda&reveal=1`);
    await page.click('header .new-button');
    const panel = page.locator('.new-game-panel');
    await expect.poll(() => panel.isVisible()).toBe(true);
    await panel.locator('input[name=seed]').fill('rev');
    await panel.locator('button.start').click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(new URL(page.url()).searchParams.has('reveal')).toBe(false);
    expect(await page.evaluate(() => window.__trapsmith!.knownTraps.length)).toBe(plain.traps);
    // The keys are the game's: nothing of the page keeps the focus (and its ring) over the new game.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('vite preview', () => {
  it('serves the build, and the game starts', async () => {
    const root = resolve(import.meta.dirname, '../..');
    const server = await preview({ root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'silent', preview: { port: 0, host: '127.0.0.1', strictPort: false } });
    try {
      const url = server.resolvedUrls?.local[0];
      expect(url).toBeDefined();
      const { page, context, errors } = await openGame(browser, `${url}?seed=preview&ruleset=cdda`);
      expect((await snapshot(page)).seed).toBe('preview');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.close();
    }
  });
});
