/**
 * The level editor in the built page (run `npm run build` first), used as a designer would: a
 * blank level, a wall dragged across it (the check names the broken path), a door painted in it,
 * a trap and a monster clicked into place, undo and redo by keys, saved as a file; then, after a
 * reload, the file opened from the New game panel and played onto the trap with real keys. The
 * game replays from its link to the world hash the engine reaches in Node on the saved file.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { step } from '../../src/core/engine.ts';
import { parseScenario, scenarioWorld } from '../../src/core/scenario.ts';
import { worldHash } from '../../src/core/world.ts';
import { decodeLink, payloadOf } from '../../src/share/index.ts';
import { nextFrames, openRecordedGame, shareReady } from './support/browser.ts';
import { cellRect, snapshot } from './support/game.ts';
import { copiedLink } from './support/share.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

/** The middle of map cell (x, y) in page pixels, to click or drag on. */
async function cellCentre(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const r = await cellRect(page, x, y);
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}

describe('the level editor', () => {
  it('draws a level that saves, reopens after a reload and plays onto its trap to Node’s world hash', async () => {
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=before-edit&ruleset=ceaptun`);
    // Opened from the New game panel's Scenarios section, on the level on screen.
    await page.keyboard.press('N');
    await page.locator('.new-game-panel details.scenarios summary').click();
    await page.locator('.new-game-panel button.open-editor').click();
    const editor = page.locator('.editor-panel');
    await expect.poll(() => editor.isVisible()).toBe(true);
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 80×40/);

    // A blank 12 x 5 level: walls around, the start at (1, 2), the stairs at (10, 2).
    await editor.locator('details.editor-other summary').click();
    await editor.locator('select[name=blank-ruleset]').selectOption('ceaptun');
    await editor.locator('input[name=blank-width]').fill('12');
    await editor.locator('input[name=blank-height]').fill('5');
    await editor.locator('button.editor-blank').click();
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 12×5, 0 traps, 0 monsters/);
    await editor.locator('input[name=scenario-name]').fill('E2E hall');
    await editor.locator('input[name=scenario-name]').press('Tab');

    // A wall dragged down column 6 cuts the hall: the check says so.
    await editor.locator('button[data-brush="#"]').click();
    const top = await cellCentre(page, 6, 1);
    const bottom = await cellCentre(page, 6, 3);
    await page.mouse.move(top.x, top.y);
    await page.mouse.down();
    await page.mouse.move(bottom.x, (top.y + bottom.y) / 2, { steps: 3 });
    await page.mouse.move(bottom.x, bottom.y, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/Not playable yet:.*no path from the @ to the >/);
    // One drag, one stroke: Ctrl+Z takes the whole wall back, Ctrl+Y puts it again.
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play/);
    await page.keyboard.press('Control+y');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/no path/);

    // A door in the wall, from the keyboard: the cursor is where the drag ended, (6, 3).
    await editor.locator('button[data-brush="+"]').click();
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.locator('.editor-cell').textContent()).toBe('(6, 2) door');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 12×5, 0 traps/);

    // A hidden pit three steps east of the start, and a sleeping kobold beyond the door.
    await editor.locator('select[name=trap-kind]').selectOption('pit');
    const pit = await cellCentre(page, 4, 2);
    await page.mouse.click(pit.x, pit.y);
    await editor.locator('select[name=monster-kind]').selectOption('kobold');
    await editor.locator('input[name=monster-asleep]').check();
    const den = await cellCentre(page, 9, 1);
    await page.mouse.click(den.x, den.y);
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 12×5, 1 traps, 1 monsters/);
    await expect.poll(() => editor.locator('.editor-cell').textContent()).toBe('(9, 1) floor · kobold (asleep)');

    const download = page.waitForEvent('download');
    await editor.locator('button.editor-save').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('e2e-hall.json');
    const saved = readFileSync((await file.path())!, 'utf8');
    const scenario = parseScenario(saved, 'the saved file');
    expect(scenario).toMatchObject({
      name: 'E2E hall',
      ruleset: 'ceaptun',
      map: ['############', '#.....#....#', '#@....+...>#', '#.....#....#', '############'],
      traps: [{ kind: 'pit', x: 4, y: 2 }],
      monsters: [{ kind: 'kobold', x: 9, y: 1, asleep: true }],
    });
    // Esc closes the editor; the game on screen is the one it was.
    await page.keyboard.press('Escape');
    await expect.poll(() => editor.isVisible()).toBe(false);
    expect((await snapshot(page)).seed).toBe('before-edit');

    // After a reload, the saved file opened from the New game panel plays.
    await page.reload();
    await shareReady(page);
    await page.keyboard.press('N');
    const panel = page.locator('.new-game-panel');
    await panel.locator('details.scenarios summary').click();
    await panel.locator('input[name=seed]').fill('edit-e2e');
    await panel.locator('input.scenario-file-input').setInputFiles({ name: 'e2e-hall.json', mimeType: 'application/json', buffer: Buffer.from(saved) });
    await expect.poll(() => panel.isVisible()).toBe(false);
    await shareReady(page);
    expect(await snapshot(page)).toMatchObject({ ruleset: 'ceaptun', seed: 'edit-e2e', turn: 0, player: { x: 1, y: 2 } });
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('l');
      await nextFrames(page);
    }
    const after = await snapshot(page);
    expect(after.player.x).toBe(4);
    const log = await page.locator('.log').textContent();
    expect(log).toMatch(/pit/i);

    const hash = await page.evaluate(() => window.__trapsmithShare!.hash());
    const copied = await copiedLink(page);
    expect(copied.scenario).toEqual(scenario);
    const world = scenarioWorld(scenario, 'ceaptun', copied.seed, copied.settings);
    for (const a of copied.actions) step(world, a);
    expect(worldHash(world)).toBe(hash);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a scenario game on its scenario, and Run in the Lab plays every run on the drawn level', async () => {
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?scenario=pit-corridor&seed=lab-e2e`);
    await page.keyboard.press('E');
    const editor = page.locator('.editor-panel');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toBe('Ready to play: 18×6, 4 traps, 1 monsters, Cēaptūn.');
    expect(await editor.locator('input[name=scenario-name]').inputValue()).toBe('A corridor of pits');
    // One more pit, then Run in the Lab: the runs play the level as drawn now.
    await editor.locator('select[name=trap-kind]').selectOption('pit');
    await editor.locator('button.trap').click();
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('l');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/5 traps/);
    // Move: the kobold dragged from its cell to another; Erase takes it; Ctrl+Z gives it back.
    await editor.locator('button.move').click();
    const from = await cellCentre(page, 15, 1);
    const to = await cellCentre(page, 16, 3);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => editor.locator('.editor-cell').textContent()).toBe('(16, 3) floor · kobold (asleep)');
    await editor.locator('button.erase').click();
    await page.mouse.click(to.x, to.y);
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/5 traps, 0 monsters/);
    await page.keyboard.press('Control+z');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/5 traps, 1 monsters/);
    await editor.locator('button.editor-lab').click();
    await expect.poll(() => page.locator('.lab-pane').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.lab-form .lab-status').textContent(), { timeout: 60_000 }).toMatch(/^Done: 200 runs\.$/);
    expect(await page.locator('select[name=level-from]').inputValue()).toBe('scenario');
    expect(await page.locator('.lab-live-level').textContent()).toBe('(the scenario "A corridor of pits", 18×6, ceaptun)');
    expect(await page.locator('.lab-results-box').textContent()).toContain('the scenario "A corridor of pits"');
    // The game is the one it was: the editor closed without touching it.
    expect(await snapshot(page)).toMatchObject({ seed: 'lab-e2e', turn: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a scenario file that brings its own trap kinds: they are in the brush; a bad file is refused and the drawing kept', async () => {
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=files-e2e&ruleset=ceaptun`);
    await page.keyboard.press('E');
    const editor = page.locator('.editor-panel');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 80×40/);
    // Another panel over the map closes the editor; E opens it again.
    await page.click('.new-button');
    await expect.poll(() => editor.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await page.keyboard.press('E');
    await expect.poll(() => editor.isVisible()).toBe(true);
    const net = JSON.parse(readFileSync(new URL('../../examples/traps/net.json', import.meta.url), 'utf8'));
    const pits = JSON.parse(readFileSync(new URL('../../examples/scenarios/pit-corridor.json', import.meta.url), 'utf8'));
    const netted = { ...pits, name: 'Netted corridor', trapFile: net, traps: [...pits.traps, { kind: 'net', x: 16, y: 1 }] };
    await editor.locator('details.editor-other summary').click();
    const input = editor.locator('input.editor-file-input');
    await input.setInputFiles({ name: 'netted.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(netted)) });
    await expect.poll(() => editor.locator('input[name=scenario-name]').inputValue()).toBe('Netted corridor');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toBe('Ready to play: 18×6, 5 traps, 1 monsters, Cēaptūn.');
    const kinds = await editor.locator('select[name=trap-kind] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(kinds).toContain('net');
    expect(kinds).toContain('pit');
    // A bad file (a trap on a wall, a __proto__ key): the reader names each field; the drawing stays.
    const bad = `{"format":"trapsmith-scenario","version":1,"name":"bad","ruleset":"ceaptun","map":${JSON.stringify(pits.map)},"traps":[{"kind":"pit","x":0,"y":0}],"__proto__":{"x":1}}`;
    await input.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    await expect.poll(() => editor.locator('.editor-message').textContent()).toMatch(/^bad\.json: .*Nothing was changed\.$/);
    expect(await editor.locator('.editor-message').textContent()).toMatch(/traps\[0\]|__proto__/);
    expect(await editor.locator('input[name=scenario-name]').inputValue()).toBe('Netted corridor');
    // A net, one of the file's kinds, placed by the keyboard two cells east of the start; then Play.
    await editor.locator('select[name=trap-kind]').selectOption('net');
    await editor.locator('button.trap').click();
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('l');
    await page.keyboard.press('l');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.locator('.editor-cell').textContent()).toBe('(5, 2) floor · net trap (hidden)');
    await editor.locator('button.editor-play').click();
    await expect.poll(() => editor.isVisible()).toBe(false);
    await shareReady(page);
    const s = await snapshot(page);
    expect(s.ruleset).toBe('ceaptun+net-trap');
    expect(s.player).toMatchObject({ x: 3, y: 2 });
    const link = decodeLink(payloadOf((await page.evaluate(() => window.__trapsmithShare!.link()))!)!);
    if (!link.ok) throw new Error(link.problem.message);
    expect(link.value.scenario?.traps).toContainEqual({ kind: 'net', x: 5, y: 2 });
    expect(link.value.scenario?.trapFile?.name).toBe('Net trap');
    expect(errors).toEqual([]);
    await context.close();
  });
  it("keeps the game's trap file on a blank level, and attaches a trap file: a bad one is refused by field and nothing is lost (issue #39)", async () => {
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=attach-e2e&ruleset=ceaptun`);
    // A game on the net example, from the New game panel.
    await page.keyboard.press('N');
    const panel = page.locator('.new-game-panel');
    await panel.locator('select[name=ruleset]').selectOption('ceaptun');
    await panel.locator('fieldset.traps select[name=trapFile]').selectOption('example:net.json');
    await panel.locator('button.start').click();
    await shareReady(page);
    expect((await snapshot(page)).ruleset).toBe('ceaptun+net-trap');
    await page.keyboard.press('E');
    const editor = page.locator('.editor-panel');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 80×40/);
    const kinds = () => editor.locator('select[name=trap-kind] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    // A blank level of the game's ruleset keeps the game's file: a net is still a brush.
    await editor.locator('details.editor-other summary').click();
    await editor.locator('select[name=blank-ruleset]').selectOption('ceaptun');
    await editor.locator('input[name=blank-width]').fill('12');
    await editor.locator('input[name=blank-height]').fill('5');
    await editor.locator('button.editor-blank').click();
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 12×5, 0 traps/);
    expect(await kinds()).toContain('net');
    await expect.poll(() => editor.locator('.editor-trap-file').textContent()).toBe('Trap file: Net trap (one kind)');
    await editor.locator('select[name=trap-kind]').selectOption('net');
    await editor.locator('button.trap').click();
    const at = await cellCentre(page, 4, 2);
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 12×5, 1 traps/);

    // Attach: a bad file is refused by field; the level, its file and its net stay.
    const attach = editor.locator('input.editor-trap-file-input');
    const bad = { format: 'trapsmith-traps', version: 1, ruleset: 'ceaptun', name: 'Bad', traps: [{ id: 'thorns', name: 'thorns', hosts: ['floor'], placement: { weight: 1 }, charges: 1, numbers: { difficulty: 'hard' }, effect: { do: 'damage', damage: 'lots' } }] };
    await attach.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await expect.poll(() => editor.locator('.editor-message').textContent()).toMatch(/^bad\.json: .*traps\[0\]\.(numbers\.difficulty|effect\.damage).*Nothing was changed\.$/);
    expect(await kinds()).toContain('net');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 12×5, 1 traps/);
    // A file of another ruleset is refused naming its ruleset.
    const cdda = readFileSync(new URL('../../examples/traps/cdda-spring-spike.json', import.meta.url), 'utf8');
    await attach.setInputFiles({ name: 'spike.json', mimeType: 'application/json', buffer: Buffer.from(cdda) });
    await expect.poll(() => editor.locator('.editor-message').textContent()).toMatch(/^spike\.json: ruleset: .*Nothing was changed\.$/);
    // A good file: its kinds join the brush; the net of the old file is named by the check, not lost; Ctrl+Z gives the old file back.
    const rune = readFileSync(new URL('../../examples/traps/fire-rune.json', import.meta.url), 'utf8');
    await attach.setInputFiles({ name: 'fire-rune.json', mimeType: 'application/json', buffer: Buffer.from(rune) });
    await expect.poll(() => kinds()).toContain('fire_rune');
    expect(await kinds()).not.toContain('net');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/Not playable yet:.*net/);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => kinds()).toContain('net');
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 12×5, 1 traps/);
    await page.keyboard.press('Control+y');
    await expect.poll(() => kinds()).toContain('fire_rune');
    // Played, the level carries the attached file.
    await editor.locator('select[name=trap-kind]').selectOption('fire_rune');
    await editor.locator('button.trap').click();
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => editor.locator('.editor-check').textContent()).toMatch(/^Ready to play: 12×5, 1 traps/);
    await editor.locator('button.editor-play').click();
    await expect.poll(() => editor.isVisible()).toBe(false);
    await shareReady(page);
    const link = decodeLink(payloadOf((await page.evaluate(() => window.__trapsmithShare!.link()))!)!);
    if (!link.ok) throw new Error(link.problem.message);
    expect(link.value.scenario?.trapFile?.name).toBe(JSON.parse(rune).name);
    expect(link.value.scenario?.traps).toContainEqual({ kind: 'fire_rune', x: 4, y: 2 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
