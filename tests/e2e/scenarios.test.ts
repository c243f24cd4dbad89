/**
 * A game on a scenario (a hand-made level) in the built page (run `npm run build` first): chosen
 * in the New game panel's Scenarios section and played with real keys, it replays from its share
 * link to the world hash the engine reaches in Node (core alone: scenarioWorld, step), and a
 * reload resumes it; an address naming a shipped scenario plays it in a fresh profile; a bad
 * scenario file or an unknown name is told and changes nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import type { Action } from '../../src/core/actions.ts';
import { step } from '../../src/core/engine.ts';
import { parseScenario, scenarioWorld } from '../../src/core/scenario.ts';
import { type Traits, worldHash } from '../../src/core/world.ts';
import { openRecordedGame, playScenarioFile, shareReady } from './support/browser.ts';
import { mapRows, snapshot } from './support/game.ts';
import { copiedLink } from './support/share.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();
const PITS = parseScenario(readFileSync(new URL('../../examples/scenarios/pit-corridor.json', import.meta.url), 'utf8'), 'pit-corridor.json');

function nodeHash(seed: string, settings: Traits, actions: readonly Action[]): string {
  const world = scenarioWorld(PITS, 'ceaptun', seed, settings);
  for (const a of actions) step(world, a);
  return worldHash(world);
}

const fresh = (url: string) => openRecordedGame(site.browser, url);

describe('a game on a scenario', () => {
  it('chosen in the New game panel and played with keys, replays from its link to Node’s hash; a reload resumes it', async () => {
    const { page, context, errors } = await fresh(`${site.server.url}?seed=before&ruleset=ceaptun`);
    await page.keyboard.press('N');
    const panel = page.locator('.new-game-panel');
    const section = panel.locator('details.scenarios');
    await section.locator('summary').click();
    const listed = await section.locator('li.scenario').evaluateAll((ls) => ls.map((l) => (l as HTMLElement).dataset.scenario));
    expect(listed).toEqual(['fireball-hall', 'first-steps', 'lure-room', 'pit-corridor', 'vault-door']);

    // A bad file: told, naming the field; the panel stays and the game is the one it was.
    const bad = { ...PITS, map: PITS.map.map((r) => r.replace('>', '.')) };
    await section.locator('input.scenario-file-input').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await expect.poll(() => section.locator('.scenario-error').textContent()).toBe('bad.json: map: expected one > (the stairs down), found 0. Nothing was changed.');
    expect((await snapshot(page)).seed).toBe('before');
    expect(await panel.isVisible()).toBe(true);

    await panel.locator('input[name=seed]').fill('scen-e2e');
    await section.locator('li[data-scenario=pit-corridor] button.play-scenario').click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    const started = await snapshot(page);
    expect(started).toMatchObject({ ruleset: 'ceaptun', seed: 'scen-e2e', turn: 0, player: { x: 3, y: 2 } });
    const rows = await mapRows(page);
    expect([rows[0]!.length, rows.length]).toEqual([18, 6]);
    expect(new URL(page.url()).searchParams.get('scenario')).toMatch(/^a-corridor-of-pits-[0-9a-f]{8}$/);

    for (const key of ['l', 'l', 's', 'l', 'l', 's', 'l', 'l']) {
      await page.keyboard.press(key);
      await page.keyboard.press('Escape');
    }
    const hash = await page.evaluate(() => window.__trapsmithShare!.hash());
    const copied = await copiedLink(page);
    expect(copied.scenario).toEqual(PITS);
    expect(copied.actions.length).toBeGreaterThan(3);
    expect(nodeHash(copied.seed, copied.settings, copied.actions)).toBe(hash);

    await page.reload();
    await shareReady(page);
    expect(await page.evaluate(() => window.__trapsmithShare!.hash())).toBe(hash);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a link to a game on a scenario of one’s own opens in a fresh profile with no false alarm, its log starting with the scenario', async () => {
    const mine = { ...PITS, name: 'My own pits' };
    const { page, context, errors } = await fresh(`${site.server.url}?seed=link-own&ruleset=ceaptun`);
    await playScenarioFile(page, mine, 'mine.json');
    for (const key of ['l', 'l', 's']) {
      await page.keyboard.press(key);
      await page.keyboard.press('Escape');
    }
    const hash = await page.evaluate(() => window.__trapsmithShare!.hash());
    await copiedLink(page);
    const link = await page.inputValue('.share-link');
    expect(new URL(link).searchParams.get('scenario')).toMatch(/^my-own-pits-/);
    await context.close();

    const other = await fresh(link);
    await expect.poll(() => other.page.evaluate(() => window.__trapsmithShare!.hash())).toBe(hash);
    await expect(other.page.locator('.notices').textContent()).resolves.toContain('Opened a game link');
    expect(await other.page.locator('.notices [role=alert]').count()).toBe(0);
    const log = await other.page.evaluate(() => window.__trapsmithShare!.log());
    expect(log[0]).toBe(`Scenario "My own pits": ${PITS.description}`);
    expect(log[1]).toMatch(/^Its stairs down lead on/);
    expect(log.length).toBeGreaterThan(2);
    expect([...errors, ...other.errors]).toEqual([]);
    await other.context.close();
  });

  it('an address naming a shipped scenario plays it in a fresh profile; an unknown name is told and a generated level plays', async () => {
    const named = await fresh(`${site.server.url}?scenario=pit-corridor&seed=addr-1`);
    expect(await snapshot(named.page)).toMatchObject({ ruleset: 'ceaptun', seed: 'addr-1', player: { x: 3, y: 2 } });
    expect((await mapRows(named.page)).length).toBe(6);
    expect(await named.page.evaluate(() => window.__trapsmithShare!.hash())).toBe(nodeHash('addr-1', {}, []));
    expect(named.errors).toEqual([]);
    await named.context.close();

    const unknown = await fresh(`${site.server.url}?scenario=constructor&seed=addr-2`);
    await expect(unknown.page.locator('.notices').textContent()).resolves.toContain('names the scenario "constructor", which is not one of the shipped scenarios');
    expect((await mapRows(unknown.page)).length).toBe(40);
    expect(unknown.errors).toEqual([]);
    await unknown.context.close();
  });
});
