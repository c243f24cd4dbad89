/**
 * The trap designer in the built site: T opens it, a sample loads with the SRD's figures, a bad
 * value is named inline, the figures follow each edit, and Place puts the trap on the cell the
 * player clicks: the level as it stood becomes a scenario with the trap, and the new game on it is
 * recorded and linked like any other.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { decodeLink, payloadOf } from '../../src/share/index.ts';
import { openGame, shareReady } from './support/browser.ts';
import { cellRect, mapRows, snapshot } from './support/game.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

describe('the trap designer', () => {
  it('recomputes as you edit, loads SRD samples, names bad values and places the trap where you click', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=designer-1&ruleset=d20&s.monsters=0`);
    await page.waitForFunction(() => window.__trapsmithShare?.ready === true, undefined, { polling: 100, timeout: 60_000 });
    expect(await page.evaluate(() => window.__trapsmithShare!.link())).not.toBeNull();
    await page.keyboard.press('T');
    const panel = page.locator('.designer-panel');
    await panel.waitFor({ state: 'visible' });
    const fig = (key: string) => panel.locator(`dd[data-figure=${key}]`).textContent();

    // An SRD sample loads with its listed figures.
    await panel.locator('select[name=sample]').selectOption('Wall Scythe Trap');
    await expect(fig('cr')).resolves.toBe('4');
    await expect(fig('price')).resolves.toBe('17,200 gp');
    await expect(panel.locator('.breakdown').isVisible()).resolves.toBe(true);
    await panel.locator('select[name=sample]').selectOption('Lightning Bolt Trap (CR 4)');
    await expect(fig('xp')).resolves.toBe('600 XP');
    await expect(fig('saveDc')).resolves.toBe('14');
    // Only the magic fields are drawn now.
    await expect(panel.locator('input[name="reflex-dc"]').count()).resolves.toBe(0);

    // A mechanical pit, typed in: the figures follow every input event.
    await panel.locator('select[name=kind]').selectOption('mechanical');
    await panel.locator('input[name="reflex-dc"]').fill('20');
    await panel.locator('input[name=damage]').fill('4d6');
    await expect(fig('cr')).resolves.toBe('2');
    await expect(fig('price')).resolves.toBe('2,000 gp');
    await panel.locator('input[name="search-dc"]').fill('<b>120</b>');
    await expect(panel.locator('[data-field="search-dc"] .field-error').textContent()).resolves.toMatch(/^Search DC: expected a whole number, got "<b>120<\/b>"/);
    await expect(panel.locator('b').count()).resolves.toBe(0);
    await expect(panel.locator('button.place').isDisabled()).resolves.toBe(true);
    await panel.locator('input[name="search-dc"]').fill('25');
    await expect(fig('cr')).resolves.toBe('3');
    await panel.locator('input[name=name]').fill('my pit');

    // Place: the next click on the map says where.
    await panel.locator('button.place').click();
    await expect(panel.isVisible()).resolves.toBe(false);
    const s = await snapshot(page);
    const map = await mapRows(page);
    const spot = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1]]
      .map(([dx, dy]) => [s.player.x + dx!, s.player.y + dy!] as const)
      .find(([x, y]) => map[y]![x] === '.' && !s.knownTraps.some((t) => t.x === x && t.y === y));
    expect(spot).toBeDefined();
    const r = await cellRect(page, spot![0], spot![1]);
    await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
    // The level as it stood, with the trap, is a scenario: a new recorded game on it goes on from here.
    await expect.poll(async () => (await page.evaluate(() => window.__trapsmith!.log())).at(-1)).toMatch(/^You place the my pit on the floor\. The level as it stood, with the trap, is a scenario now/);
    const after = await snapshot(page);
    expect(after.knownTraps).toContainEqual(expect.objectContaining({ x: spot![0], y: spot![1], kind: 'designed', host: 'floor' }));
    expect([after.turn, after.player.x, after.player.y, after.seed]).toEqual([0, s.player.x, s.player.y, 'designer-1']);
    expect(new URL(page.url()).searchParams.get('scenario')).toMatch(/^seed-designer-1-depth-1-my-pit-[0-9a-f]{8}$/);
    await shareReady(page);
    const link = decodeLink(payloadOf((await page.evaluate(() => window.__trapsmithShare!.link()))!)!);
    if (!link.ok) throw new Error(link.problem.message);
    expect(link.value.settings).toMatchObject({ monsters: 0 });
    expect(link.value.scenario?.traps).toContainEqual({ kind: 'designed', x: spot![0], y: spot![1], known: true, design: { name: 'my pit', inputs: expect.objectContaining({ 'reflex-dc': 20, 'search-dc': 25, damage: '4d6' }) } });
    // The game is offered like any other: its link, a replay, its files.
    await page.locator('button.share-button').click();
    for (const b of ['.share-copy', '.share-watch', '.share-export-save', '.share-export-replay']) await expect(page.locator(b).isDisabled()).resolves.toBe(false);
    // The panel has the keys (its first working button has the focus); Escape gives them back to Share.
    await expect(page.evaluate(() => document.activeElement?.closest('.share-panel') !== null)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.evaluate(() => document.activeElement?.classList.contains('share-button'))).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a sample or another kind loaded over a bad value replaces it: no stale error, the figures shown, Place enabled', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=designer-3&ruleset=d20`);
    await page.keyboard.press('T');
    const panel = page.locator('.designer-panel');
    await panel.waitFor({ state: 'visible' });
    const fig = (key: string) => panel.locator(`dd[data-figure=${key}]`).textContent();
    // A bad value typed, the field still focused (its change event not yet fired) when the sample loads.
    await panel.locator('input[name="search-dc"]').fill('abc');
    await expect(panel.locator('.errors').textContent()).resolves.toMatch(/Search DC: expected a whole number/);
    await panel.locator('select[name=sample]').selectOption('Wall Scythe Trap');
    await expect(panel.locator('input[name="search-dc"]').inputValue()).resolves.toBe('21');
    await expect(panel.locator('.errors').textContent()).resolves.toBe('');
    await expect(panel.locator('[data-field="search-dc"] .field-error').textContent()).resolves.toBe('');
    await expect(fig('cr')).resolves.toBe('4');
    await expect(fig('price')).resolves.toBe('17,200 gp');
    await expect(panel.locator('button.place').isDisabled()).resolves.toBe(false);
    // The same with the kind: a magic trap drops the mechanical field and its bad value.
    await panel.locator('input[name="search-dc"]').fill('abc');
    await panel.locator('select[name=kind]').selectOption('device');
    await panel.locator('input[name="spell-level"]').fill('3');
    await panel.locator('input[name="caster-level"]').fill('5');
    await expect(panel.locator('.errors').textContent()).resolves.toBe('');
    await expect(fig('cr')).resolves.toBe('4');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says that placing needs a d20 game when another ruleset is running', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=designer-2&ruleset=cdda`);
    await page.locator('.designer-button').click();
    const panel = page.locator('.designer-panel');
    await panel.waitFor({ state: 'visible' });
    await expect(panel.locator('.place-note').textContent()).resolves.toMatch(/Placing needs a d20 game/);
    await expect(panel.locator('button.place').isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel.isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
