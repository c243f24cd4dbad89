/**
 * The built game in headless Chromium: it loads cleanly, draws, moves on keys, keeps its fog,
 * asks before a known trap, looks, helps. Serves `dist/` under a sub-path (/trapsmith/).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { nextFrames, openGame } from './support/browser.ts';
import { cellRect, mapRows, pixels, routeToTrap, snapshot, walk } from './support/game.ts';
import { brightest } from './support/png.ts';
import { route, viKey } from './support/path.ts';
import { builtSite } from './support/site.ts';

const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts');
// Screenshots land here; a fresh clone has no such folder yet.
mkdirSync(ARTIFACTS, { recursive: true });
const RULESET = 'cdda';

const site = builtSite();

/** Opens a level with every trap known and no monsters, with a known floor trap reachable. */
async function openWithReachableTrap(extra = '') {
  for (let k = 0; k < 12; k++) {
    const opened = await openGame(site.browser, `${site.server.url}?seed=trap${k}&ruleset=${RULESET}&reveal=1&s.monsters=0${extra}`);
    const plan = await routeToTrap(opened.page);
    if (plan) return { ...opened, plan };
    await opened.context.close();
  }
  throw new Error('no seed among trap0..trap11 has a reachable known floor trap');
}

describe('the built page', () => {
  it('loads with no console errors and draws the map (the canvas is not blank)', async () => {
    const { page, errors, context } = await openGame(site.browser, `${site.server.url}?seed=e2e-load&ruleset=${RULESET}`);
    const img = await pixels(page);
    writeFileSync(resolve(ARTIFACTS, 'game.png'), await page.screenshot());
    const box = (await page.locator('canvas').boundingBox())!;
    let lit = 0;
    for (let y = Math.ceil(box.y); y < box.y + box.height; y++)
      for (let x = Math.ceil(box.x); x < box.x + box.width; x++) {
        const o = (y * img.width + x) * 4;
        if (Math.max(img.data[o]!, img.data[o + 1]!, img.data[o + 2]!) > 60) lit++;
      }
    expect(lit).toBeGreaterThan(200);
    // The player's cell holds the white @.
    const s = await snapshot(page);
    const r = await cellRect(page, s.player.x, s.player.y);
    const at = brightest(img, r.x, r.y, r.w, r.h);
    expect(at.rgb.every((c) => c > 200)).toBe(true);
    // The log greets, the HUD shows the turn.
    await expect(page.locator('.log li').first().textContent()).resolves.toMatch(/Press \? for help/);
    await expect(page.locator('.hud').textContent()).resolves.toMatch(/Turn\s*0/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('arrows, numpad and vi-keys move the player; the turn counter follows', async () => {
    const { page, errors, context } = await openGame(site.browser, `${site.server.url}?seed=e2e-keys&ruleset=${RULESET}&s.monsters=0&reveal=1`);
    const families: Array<[string, number, number]> = [
      ['ArrowRight', 1, 0],
      ['ArrowLeft', -1, 0],
      ['ArrowDown', 0, 1],
      ['ArrowUp', 0, -1],
      ['l', 1, 0],
      ['h', -1, 0],
      ['j', 0, 1],
      ['k', 0, -1],
      ['Numpad6', 1, 0],
      ['Numpad4', -1, 0],
      ['Numpad2', 0, 1],
      ['Numpad8', 0, -1],
    ];
    let moved = 0;
    for (const [key, dx, dy] of families) {
      const before = await snapshot(page);
      const map = await mapRows(page);
      const tx = before.player.x + dx;
      const ty = before.player.y + dy;
      if (map[ty]![tx] !== '.' || before.knownTraps.some((t) => t.x === tx && t.y === ty)) continue;
      await page.keyboard.press(key);
      const after = await snapshot(page);
      expect(after.player, key).toEqual({ ...before.player, x: tx, y: ty });
      expect(after.turn, key).toBe(before.turn + 1);
      moved++;
    }
    // The level start is a room: most of these steps have floor to go to.
    expect(moved).toBeGreaterThanOrEqual(8);
    // `.` waits a turn in place.
    const w = await snapshot(page);
    await page.keyboard.press('.');
    const w2 = await snapshot(page);
    expect(w2.player).toEqual(w.player);
    expect(w2.turn).toBe(w.turn + 1);
    await expect(page.locator('.hud').textContent()).resolves.toContain(`Turn${w2.turn}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('walking into a wall again and again is one log line, counted', async () => {
    const { page, errors, context } = await openGame(site.browser, `${site.server.url}?seed=e2e-wall&ruleset=${RULESET}&s.monsters=0`);
    // Up against a wall: walk one way until the player stops.
    let last = await snapshot(page);
    for (let k = 0; k < 60; k++) {
      await page.keyboard.press('h');
      const now = await snapshot(page);
      if (now.player.x === last.player.x) break;
      last = now;
    }
    await page.keyboard.press('h');
    await page.keyboard.press('h');
    const lines = await page.locator('.log-lines li').allTextContents();
    expect(lines.at(-1)).toMatch(/ in the way\. \(×3\)$/);
    expect(lines.filter((l) => / in the way\./.test(l))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fog: never-seen cells black, remembered cells dimmer than lit ones', async () => {
    const { page, context } = await openGame(site.browser, `${site.server.url}?seed=e2e-fog&ruleset=${RULESET}&s.monsters=0&s.lightRadius=2&reveal=1`);
    // Walk to the nearest floor cell 5 steps from the start, so the start falls out of the light.
    const start = (await snapshot(page)).player;
    const map = await mapRows(page);
    // With every trap known (reveal=1) the walk goes round them all.
    const traps = new Set((await snapshot(page)).knownTraps.map((t) => `${t.x},${t.y}`));
    const steps = route(map, [start.x, start.y], (x, y) => Math.max(Math.abs(x - start.x), Math.abs(y - start.y)) >= 5 && map[y]![x] === '.', traps);
    expect(steps, 'a floor cell 5 steps away').not.toBeNull();
    await walk(page, steps!);
    const img = await pixels(page);
    const fogs = await page.evaluate(() => {
      const t = window.__trapsmith!;
      const rows = t.map();
      return rows.map((row, y) => [...row].map((_, x) => t.fog(x, y)));
    });
    const now = (await snapshot(page)).player;
    // The start (4+ cells behind, past a light radius of 2) is remembered.
    expect(fogs[start.y]![start.x]).toBe('remembered');
    // Compare like with like: a floor cell in sight and a remembered floor cell, near the player.
    const near = (want: string): [number, number] | null => {
      for (let d = 1; d < 12; d++)
        for (let y = now.y - d; y <= now.y + d; y++)
          for (let x = now.x - d; x <= now.x + d; x++)
            if (map[y]?.[x] === '.' && fogs[y]?.[x] === want && !(x === now.x && y === now.y)) return [x, y];
      return null;
    };
    const bright = async (c: [number, number]) => {
      const r = await cellRect(page, c[0], c[1]);
      return brightest(img, r.x, r.y, r.w, r.h).value;
    };
    const lit = near('visible');
    const remembered = near('remembered');
    const unseen = near('unseen');
    expect([lit, remembered, unseen].map((c) => c !== null), 'lit, remembered and never-seen floor near the player').toEqual([true, true, true]);
    const litValue = await bright(lit!);
    const rememberedValue = await bright(remembered!);
    expect(litValue).toBeGreaterThan(60);
    expect(rememberedValue).toBeGreaterThan(10);
    expect(rememberedValue).toBeLessThan(litValue * 0.7);
    // Never seen: black on screen, though it is floor.
    expect(await bright(unseen!)).toBe(0);
    await context.close();
  });

  it('a known trap is a ^ in its colour; walking onto it asks, n or Esc stays, holding the key stops short, y steps on', async () => {
    const { page, errors, context, plan } = await openWithReachableTrap();
    await walk(page, plan.steps);
    const trapDef = getRuleset(RULESET).traps.find((d) => d.id === plan.trap.kind)!;

    // Drawn as ^ in the table's colour, above the floor.
    const img = await pixels(page);
    const r = await cellRect(page, plan.trap.x, plan.trap.y);
    const glyph = brightest(img, r.x, r.y, r.w, r.h);
    const hex = Number.parseInt(trapDef.colour.replace('#', '').padEnd(6, '0'), 16);
    const want = [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
    if (/^#[0-9a-f]{6}$/i.test(trapDef.colour)) for (let c = 0; c < 3; c++) expect(Math.abs(glyph.rgb[c]! - want[c]!)).toBeLessThanOrEqual(24);

    const before = await snapshot(page);
    const key = viKey(plan.last);
    const dialog = page.locator('.overlay.confirm');

    await page.keyboard.press(key);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect(dialog.textContent()).resolves.toContain(`Really step onto the ${trapDef.name}?`);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Stay back (n)');
    await page.screenshot({ path: resolve(ARTIFACTS, 'confirm.png') });
    await page.keyboard.press('n');
    await expect(dialog.isVisible()).resolves.toBe(false);
    let after = await snapshot(page);
    expect(after.player).toEqual(before.player);
    expect(after.turn).toBe(before.turn);

    await page.keyboard.press(key);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(false);
    after = await snapshot(page);
    expect(after.player).toEqual(before.player);

    // Holding the key down from one cell further back: the first press steps next to the trap,
    // the browser's auto-repeat then stops short instead of asking.
    await page.keyboard.press(viKey([-plan.last[0], -plan.last[1]]));
    const back = await snapshot(page);
    expect(back.player).not.toEqual(before.player);
    await page.keyboard.down(key);
    await page.keyboard.down(key);
    await page.keyboard.down(key);
    await page.keyboard.up(key);
    await expect(dialog.isVisible()).resolves.toBe(false);
    // Each repeat that stops short says so; said again straight after, the line is counted.
    const stopped = (await page.locator('.log li').last().textContent()) ?? '';
    expect(stopped.replace(/ \(×\d+\)$/, '')).toBe(`You stop short of the ${trapDef.name}.`);
    after = await snapshot(page);
    expect(after.player).toEqual(before.player);
    expect(after.turn).toBe(back.turn + 1);

    await page.keyboard.press(key);
    await page.keyboard.press('y');
    await expect(dialog.isVisible()).resolves.toBe(false);
    after = await snapshot(page);
    expect(after.turn).toBe(before.turn + 3);
    // The trap goes off (its tile flashes) unless the ruleset let the player avoid it: step off and
    // on again until it does, or the game ends.
    for (let tries = 0; tries < 10 && !after.effects.includes('flash') && !after.over; tries++) {
      await page.keyboard.press(viKey([-plan.last[0], -plan.last[1]]));
      await page.keyboard.press(key);
      if (await dialog.isVisible()) await page.keyboard.press('y');
      after = await snapshot(page);
    }
    expect(after.effects).toContain('flash');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('look mode names what is under the cursor; a Shift+click looks at a cell', async () => {
    const { page, context, plan } = await openWithReachableTrap();
    const trapDef = getRuleset(RULESET).traps.find((d) => d.id === plan.trap.kind)!;
    const status = page.locator('.status-line');
    await page.keyboard.press('x');
    await expect(status.textContent()).resolves.toMatch(/^You \(unhurt\), on /);
    const s = await snapshot(page);
    expect(s.mode).toBe('look');
    await page.keyboard.press('Escape');
    await expect(status.getAttribute('data-kind')).resolves.toBe('idle');
    await expect(status.textContent()).resolves.not.toMatch(/^You/);
    // Walk next to the trap, then click it.
    await walk(page, plan.steps);
    const turn = (await snapshot(page)).turn;
    const r = await cellRect(page, plan.trap.x, plan.trap.y);
    await page.keyboard.down('Shift');
    await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
    await page.keyboard.up('Shift');
    // "A tripwire, on stone floor." (a ruleset may add details after the name).
    const art = /^[aeiou]/i.test(trapDef.name) ? 'An' : 'A';
    await expect(status.textContent()).resolves.toMatch(new RegExp(`^${art} ${trapDef.name}\\b.*, on .*\\.$`));
    // Looking took no turns.
    expect((await snapshot(page)).turn).toBe(turn);
    await context.close();
  });

  it('? shows every binding', async () => {
    const { page, context } = await openGame(site.browser, `${site.server.url}?seed=e2e-help&ruleset=${RULESET}`);
    await page.keyboard.press('?');
    const help = page.locator('.help-overlay');
    await expect(help.isVisible()).resolves.toBe(true);
    const text = (await help.textContent())!;
    for (const phrase of ['move or attack north', 'wait a turn', 'search', 'disarm a trap', 'rig or set a trap', 'open a door', 'close a door', 'kick', 'go down the stairs', 'look around', 'stay back', 'stops short', 'Replay viewer', 'play or pause'])
      expect(text).toContain(phrase);
    for (const key of ['h', 'j', 'k', 'l', 'y', 'u', 'b', 'n', 'D', 'R', 'K', 'PgUp', 'Home', '↑'])
      expect(text).toContain(key);
    await page.keyboard.press('Escape');
    await expect(help.isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('saves a screenshot of a game in progress', async () => {
    // Every trap known, then a walk towards the nearest monster (round the traps) and a search.
    const { page, context } = await openGame(site.browser, `${site.server.url}?seed=shot2&ruleset=d20&w=90&h=40&reveal=1`, { width: 1280, height: 800 });
    const s = await snapshot(page);
    const map = await mapRows(page);
    const monsters = await page.evaluate(() => window.__trapsmith!.monsters);
    const blocked = new Set([...s.knownTraps, ...monsters].map((t) => `${t.x},${t.y}`));
    const steps = route(map, [s.player.x, s.player.y], (x, y) => monsters.some((m) => Math.max(Math.abs(m.x - x), Math.abs(m.y - y)) === 3), blocked);
    try {
      if (steps) await walk(page, steps);
    } catch {
      // A monster on the move may block the last steps; the picture is taken wherever the walk ended.
    }
    await page.keyboard.press('s');
    await nextFrames(page);
    const png = await page.screenshot();
    writeFileSync(resolve(ARTIFACTS, 'playing.png'), png);
    // The README's picture is refreshed on request only (it is committed).
    if (process.env.UPDATE_README_SCREENSHOT === '1') writeFileSync(resolve(import.meta.dirname, '../../assets/screenshot.png'), png);
    expect(png.length).toBeGreaterThan(10_000);
    await context.close();
  });
});
