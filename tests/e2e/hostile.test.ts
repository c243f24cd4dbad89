/**
 * Hostile files in the built site (#39; `npm run build` first): a link carrying a scenario whose
 * trap file nests 10,000 deep, and the same scenario as a file, are refused naming the field, the
 * running game and the saved games as they were; a file a Windows editor wrote (a UTF-8
 * byte-order mark first) reads in the page as it reads without one; a scenario whose player has a
 * trait its ruleset does not declare is refused naming the field, nothing lost.
 */
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { WORLD_VERSION } from '../../src/core/world.ts';
import { replayToText } from '../../src/share/index.ts';
import { playRandomGame } from '../share/randomGame.ts';
import { builtSite } from './support/site.ts';
import { pageWithErrors, shareReady } from './support/browser.ts';

const site = builtSite();
const DEEP = 10_000;

/** pit-corridor.json carrying net.json, its first kind's effect nested `n` deep, as text (JSON.stringify runs out of stack on it). */
function deepScenario(n: number): string {
  const file = JSON.parse(readFileSync('examples/traps/net.json', 'utf8')) as { traps: Array<{ effect: unknown }> };
  file.traps[0]!.effect = '@effect@';
  const s = JSON.parse(readFileSync('examples/scenarios/pit-corridor.json', 'utf8')) as Record<string, unknown>;
  s.trapFile = '@file@';
  const effect = `${'{"do":"all","effects":['.repeat(n)}{"do":"spent"}${']}'.repeat(n)}`;
  return JSON.stringify(s).replace('"@file@"', JSON.stringify(file).replace('"@effect@"', effect));
}

const shareHash = (page: Page) => page.evaluate(() => window.__trapsmithShare!.hash());
const notices = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.notices .notice')].map((n) => n.textContent ?? '').join('\n'));
/** Everything the page keeps (the saved games among it), but when each game was last written: resuming one writes it again. */
const kept = (page: Page) => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()).replace(/\\"when\\":\d+/g, ''));

async function open(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await pageWithErrors(context);
  await page.goto(url);
  await shareReady(page);
  return { page, errors };
}

let context: BrowserContext;
beforeAll(async () => {
  context = await site.browser.newContext({ viewport: { width: 1200, height: 760 } });
});
afterAll(async () => {
  await context?.close();
});

describe('a trap file nested 10,000 deep', () => {
  it('in a link’s scenario: a clear message naming the field; the running game and the saved games survive', async () => {
    const own = await open(context, `${site.server.url}?seed=keep-me&ruleset=ceaptun`);
    for (const key of ['6', '2', '4', 's']) await own.page.keyboard.press(key);
    const hash = await shareHash(own.page);
    const before = await kept(own.page);
    expect(before).toMatch(/trapsmith\.saves/);
    await own.page.close();

    const payload = LZString.compressToEncodedURIComponent(`{"v":${WORLD_VERSION},"s":"1","r":"ceaptun","o":{},"w":18,"h":6,"y":"rooms","a":"","m":${deepScenario(DEEP)}}`);
    const { page, errors } = await open(context, `${site.server.url}#g=${payload}`);
    expect(await notices(page)).toMatch(/The game link was not opened: This link's game cannot be read: scenario\.trapFile\.traps\[0\]\.effect\.effects…: nested more than 64 deep/);
    expect(await notices(page)).not.toMatch(/saved games could not be read/);
    // The saved game is the running game again; the saves are as they were.
    expect(await shareHash(page)).toBe(hash);
    expect(await kept(page)).toBe(before);
    expect(errors).toEqual([]);

    // The same scenario as a file (New game, Scenarios): told, naming the field; nothing changed.
    await page.keyboard.press('N');
    const section = page.locator('.new-game-panel details.scenarios');
    await section.locator('summary').click();
    await section.locator('input.scenario-file-input').setInputFiles({ name: 'deep.json', mimeType: 'application/json', buffer: Buffer.from(deepScenario(DEEP)) });
    await expect.poll(() => section.locator('.scenario-error').textContent()).toMatch(/^deep\.json: trapFile\.traps\[0\]\.effect\.effects\[0\]…: nested more than 64 deep/);
    expect(await shareHash(page)).toBe(hash);
    expect(await kept(page)).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** pit-corridor.json with `traits` as its player's, as text. */
function traitScenario(traits: Record<string, unknown>): string {
  const s = JSON.parse(readFileSync('examples/scenarios/pit-corridor.json', 'utf8')) as Record<string, unknown>;
  return JSON.stringify({ ...s, player: { traits } });
}

describe('a scenario whose player has a trait its ruleset does not know', () => {
  it('in a link and as a file: a clear message naming the field and the known ones; the running game and the saved games survive', async () => {
    const own = await open(context, `${site.server.url}?seed=keep-traits&ruleset=ceaptun`);
    for (const key of ['6', '2', '4', 's']) await own.page.keyboard.press(key);
    const hash = await shareHash(own.page);
    const before = await kept(own.page);
    await own.page.close();

    const payload = LZString.compressToEncodedURIComponent(`{"v":${WORLD_VERSION},"s":"1","r":"ceaptun","o":{},"w":18,"h":6,"y":"rooms","a":"","m":${traitScenario({ nope: 1 })}}`);
    const { page, errors } = await open(context, `${site.server.url}#g=${payload}`);
    expect(await notices(page)).toMatch(/player\.traits\.nope: ceaptun has no trait "nope" \(its traits: [^)]*\bdisableDevice\b/);
    expect(await shareHash(page)).toBe(hash);
    expect(await kept(page)).toBe(before);
    expect(errors).toEqual([]);

    await page.keyboard.press('N');
    const section = page.locator('.new-game-panel details.scenarios');
    await section.locator('summary').click();
    for (const name of ['nope', 'constructor']) {
      await section.locator('input.scenario-file-input').setInputFiles({ name: `${name}.json`, mimeType: 'application/json', buffer: Buffer.from(traitScenario({ [name]: 1 })) });
      await expect.poll(() => section.locator('.scenario-error').textContent()).toMatch(new RegExp(`^${name}\\.json: player\\.traits\\.${name}: ceaptun has no trait "${name}" \\(its traits: `));
    }
    expect(await shareHash(page)).toBe(hash);
    expect(await kept(page)).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a file with a byte-order mark', () => {
  it('reads in the page as without one: a replay through Share’s file input, a trap file pasted in the Lab’s trap editor', async () => {
    const { page, errors } = await open(context, `${site.server.url}?seed=bom&ruleset=ceaptun`);
    // The browser's File.text() drops the mark itself (the Encoding standard's UTF-8 decode); this holds the page's path to it.
    const file = playRandomGame({ seed: 'bom-replay', ruleset: 'ceaptun' }, 200, 21).file();
    if (await page.locator('.share-panel').isHidden()) await page.click('.share-button');
    await page.setInputFiles('.share-file', { name: 'windows.replay.json', mimeType: 'application/json', buffer: Buffer.from(`\uFEFF${replayToText(file)}`) });
    await page.waitForFunction(() => window.__trapsmithShare!.viewer() !== null);
    await page.keyboard.press('End');
    expect(await page.evaluate(() => window.__trapsmithShare!.viewer())).toMatchObject({ hash: file.hash, turn: file.turn });
    await page.keyboard.press('Escape');

    // Text keeps the mark where it is pasted: the trap editor's JSON box reads it as the file.
    await page.click('#tab-lab');
    const editor = '.lab-trap-editor';
    await page.waitForSelector(`${editor} summary`, { timeout: 30_000 });
    await page.click(`${editor} summary`);
    const net = readFileSync('examples/traps/net.json', 'utf8');
    await page.$eval(
      `${editor} textarea[name=trap-json]`,
      (t, text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        t.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        (t as HTMLTextAreaElement).value = text;
        t.dispatchEvent(new Event('input', { bubbles: true }));
      },
      `\uFEFF${net}`,
    );
    // Read: its kind's odds row is drawn and no problem is listed.
    await page.waitForSelector(`${editor} tr[data-kind=net]`, { timeout: 10_000 });
    expect((await page.textContent(`${editor} .lab-trap-problems`))?.trim() ?? '').toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });
});
