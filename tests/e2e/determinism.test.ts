/**
 * Node and Chromium play the same game bit for bit, for every ruleset the page has: a game of
 * 1,200 actions recorded in Node (moves, searches, disarms, rigs, doors, pickups, stairs, and the
 * refusals between them) reaches the same world in both.
 *
 * - The built site (run `npx vite build` first) opens the game from its link and replays it in
 *   its own bundle: its world hash and turn are Node's.
 * - The same replay bundled on its own and run in the browser gives Node's world hash every 100
 *   actions and the same hash of every step's events, so a difference is found where it starts.
 */
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { listRulesets } from '../../src/core/registry.ts';
import type { ReplayFile } from '../../src/share/format.ts';
import { encodeLink } from '../../src/share/link.ts';
import { launch } from './support/browser.ts';
import { type Played, playFile } from './support/determinism.ts';
import { longGame } from './support/longGame.ts';
import { serveDist, type StaticServer } from './support/server.ts';

const ACTIONS = 1200;

let server: StaticServer;
let browser: Browser;
/** determinismEntry.ts bundled for the browser (an IIFE setting `window.__determinism`). */
let bundle: string;

async function bundleEntry(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: resolve(import.meta.dirname, 'support/determinismEntry.ts'), formats: ['iife'], name: 'TrapsmithDeterminism', fileName: 'determinism' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error('vite built no script for determinismEntry.ts');
  return chunk.code;
}

beforeAll(async () => {
  [server, browser, bundle] = await Promise.all([serveDist('/trapsmith/', process.env.TRAPSMITH_DIST), launch(), bundleEntry()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const games = new Map<string, ReplayFile>();
const gameOf = (ruleset: string): ReplayFile => {
  let file = games.get(ruleset);
  if (!file) {
    file = longGame(ruleset, ACTIONS);
    games.set(ruleset, file);
  }
  return file;
};

describe('Node and Chromium play the same game', () => {
  it('the page offers exactly the rulesets tested here', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}?seed=rulesets&ruleset=cdda`);
    await page.waitForFunction(() => window.__trapsmith?.ready === true && window.__trapsmith.rulesets.length >= 5, undefined, { timeout: 30_000 });
    const offered = await page.evaluate(() => window.__trapsmith!.rulesets);
    expect([...offered].sort()).toEqual(listRulesets().map((r) => r.id).sort());
    await context.close();
  });

  for (const ruleset of listRulesets().map((r) => r.id)) {
    it(`${ruleset}: a ${ACTIONS}-action game reaches Node's world in the built site, and Node's world and events step by step in the browser`, async () => {
      const file = gameOf(ruleset);
      expect(file.actions.length).toBe(ACTIONS);
      const node = playFile(file);
      expect(node.hash).toBe(file.hash);

      // The built site: open the game's link; the page replays it and plays on from its end.
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(`${server.url}#g=${encodeLink(file)}`);
      await page.waitForFunction(() => window.__trapsmithShare?.ready === true && window.__trapsmithShare.actions() !== null, undefined, { polling: 100, timeout: 60_000 });
      const site = await page.evaluate(() => ({ hash: window.__trapsmithShare!.hash(), turn: window.__trapsmithShare!.turn(), actions: window.__trapsmithShare!.actions() }));
      expect(site).toEqual({ hash: node.hash, turn: node.turn, actions: ACTIONS });
      expect(errors).toEqual([]);

      // The same replay in the browser's engine, hashed as Node hashes it.
      const blank = await context.newPage();
      await blank.setContent('<!doctype html><title>determinism</title>');
      await blank.addScriptTag({ content: bundle });
      const inBrowser = await blank.evaluate((f) => window.__determinism!.playFile(f), file);
      expect(inBrowser.checkpoints).toEqual(node.checkpoints);
      expect(inBrowser).toEqual<Played>(node);
      await context.close();
    });
  }
});
