/**
 * A game on a designer's trap file in the built page (run `npm run build` first): a Cēaptūn game
 * on examples/traps/net.json, started from the New game panel and played with real keys, replays
 * from its share link and from its exported replay file, in fresh browser profiles, to the world
 * hash the engine reaches in Node (core alone: applyTrapFile, newGame, step); a reload resumes it.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import type { Action } from '../../src/core/actions.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { applyTrapFile } from '../../src/core/traps/files.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import { type Traits, worldHash } from '../../src/core/world.ts';
import { decodeLink, parseReplayText, payloadOf } from '../../src/share/index.ts';
import { openRecordedGame, shareReady } from './support/browser.ts';
import { snapshot } from './support/game.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

const NET_TEXT = readFileSync(new URL('../../examples/traps/net.json', import.meta.url), 'utf8');

/** The engine's own world for a header and its actions: the file applied in core, no share code. */
function nodeHash(h: { seed: string; settings: Traits; width: number; height: number; style: 'rooms' | 'caves' }, actions: readonly Action[]): string {
  const ruleset = applyTrapFile(parseTrapFile(NET_TEXT, 'net.json'), 'net.json');
  const world = newGame({ seed: h.seed, ruleset, settings: h.settings, width: h.width, height: h.height, style: h.style });
  for (const a of actions) step(world, a);
  return worldHash(world);
}

const shareHash = (page: Page) => page.evaluate(() => window.__trapsmithShare!.hash());

async function openShare(page: Page): Promise<void> {
  if (await page.locator('.share-panel').isHidden()) await page.click('.share-button');
}

const fresh = (url: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => openRecordedGame(site.browser, url);

describe('a game on a trap file', () => {
  it('started from the New game panel with net.json and played with keys, replays from its link and its replay file to Node’s hash', async () => {
    const { page, context, errors } = await fresh(`${site.server.url}?seed=before&ruleset=ceaptun`);
    await page.keyboard.press('N');
    const panel = page.locator('.new-game-panel');
    const traps = panel.locator('fieldset.traps');
    await panel.locator('input[name=seed]').fill('net-e2e');
    await panel.locator('select[name=ruleset]').selectOption('ceaptun');
    await traps.locator('select[name=trapFile]').selectOption('example:net.json');
    const summary = traps.locator('.trap-file-summary');
    await expect(summary.locator('.trap-file-name').textContent()).resolves.toBe('Net trap (net.json, shipped)');
    await expect(summary.locator('.trap-file-description').textContent()).resolves.toMatch(/^A weighted net drops on whoever steps on the plate/);
    await expect(summary.locator('.trap-kinds li').allTextContents()).resolves.toEqual(['net trap (net): floor, weight 2, goes off once']);

    // A bad file says what is wrong, naming the field, and changes nothing.
    const bad = JSON.parse(NET_TEXT);
    bad.traps[0].effect.turns = 'lots';
    await traps.locator('input.trap-file-input').setInputFiles({ name: 'bad net.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await expect.poll(() => traps.locator('.trap-file-error').textContent()).toBe('bad net.json: traps[0].effect.turns: expected dice like "2d6", got "lots". Nothing was changed.');
    await expect(traps.locator('select[name=trapFile]').inputValue()).resolves.toBe('example:net.json');
    await expect(summary.locator('.trap-file-name').textContent()).resolves.toBe('Net trap (net.json, shipped)');
    // Every ruleset plays trap files; the section offers each one's own shipped examples.
    await panel.locator('select[name=ruleset]').selectOption('omega');
    await expect(traps.isVisible()).resolves.toBe(true);
    const omegaFiles = await traps.locator('select[name=trapFile] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(omegaFiles).toContain('example:omega-pendulum.json');
    expect(omegaFiles).not.toContain('example:net.json');
    await panel.locator('select[name=ruleset]').selectOption('ceaptun');
    await expect(traps.isVisible()).resolves.toBe(true);
    await traps.locator('select[name=trapFile]').selectOption('example:net.json');
    await panel.locator('button.start').click();
    await expect(panel.isVisible()).resolves.toBe(false);
    const started = await snapshot(page);
    expect(started).toMatchObject({ ruleset: 'ceaptun+net-trap', seed: 'net-e2e', turn: 0 });
    await expect(page.locator('.hud').textContent()).resolves.toContain('Cēaptūn + Net trap');

    // Real keys: moves, a search and a wait; Escape answers any question with no.
    for (const key of ['l', 'l', 'j', 'j', 'h', 's', 'k', 'k', 'y', '.', 'b', 'n', 'u', 'l']) {
      await page.keyboard.press(key);
      await page.keyboard.press('Escape');
    }
    const hash = await shareHash(page);
    const turn = (await snapshot(page)).turn;
    expect(turn).toBeGreaterThan(3);

    // The link: it carries the file whole, and its moves reach the browser's world in Node.
    await openShare(page);
    await page.click('.share-copy');
    const link = await page.inputValue('.share-link');
    const fromLink = decodeLink(payloadOf(link)!);
    if (!fromLink.ok) throw new Error(fromLink.problem.message);
    expect(fromLink.value.ruleset).toBe('ceaptun+net-trap');
    expect(fromLink.value.trapFile).toEqual(parseTrapFile(NET_TEXT, 'net.json'));
    expect(fromLink.value.hash).toBe(hash);
    expect(nodeHash(fromLink.value, fromLink.value.actions)).toBe(hash);

    // The replay file: the same game, the same hash in Node.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.share-export-replay')]);
    expect(download.suggestedFilename()).toMatch(/^trapsmith-ceaptun\+net-trap-net-e2e-turn\d+\.replay\.json$/);
    const replayText = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    const fromFile = parseReplayText(replayText);
    if (!fromFile.ok) throw new Error(fromFile.problem.message);
    expect(fromFile.value.trapFile).toEqual(fromLink.value.trapFile);
    expect(fromFile.value.actions).toEqual(fromLink.value.actions);
    expect(nodeHash(fromFile.value, fromFile.value.actions)).toBe(hash);

    // A reload resumes the game: the address names its ruleset, the kept game brings the file.
    await page.reload();
    await shareReady(page);
    expect(await shareHash(page)).toBe(hash);
    expect(errors).toEqual([]);
    await context.close();

    // A fresh profile that never saw the file opens the link at the same world.
    const linked = await fresh(link);
    expect(await shareHash(linked.page)).toBe(hash);
    expect((await snapshot(linked.page)).ruleset).toBe('ceaptun+net-trap');
    expect(linked.errors).toEqual([]);
    await linked.context.close();

    // And another plays the replay file in the viewer to the same world.
    const viewer = await fresh(`${site.server.url}?seed=elsewhere&ruleset=cdda`);
    const own = await shareHash(viewer.page);
    await openShare(viewer.page);
    await viewer.page.setInputFiles('.share-file', { name: 'net.replay.json', mimeType: 'application/json', buffer: Buffer.from(replayText) });
    await viewer.page.waitForFunction(() => window.__trapsmithShare!.viewer() !== null);
    await viewer.page.keyboard.press('End');
    await expect.poll(() => viewer.page.evaluate(() => window.__trapsmithShare!.viewer())).toMatchObject({ hash, turn, atEnd: true });
    await viewer.page.keyboard.press('Escape');
    expect(await shareHash(viewer.page)).toBe(own);
    expect(viewer.errors).toEqual([]);
    await viewer.context.close();
  });
});
