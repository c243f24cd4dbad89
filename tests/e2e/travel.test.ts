/**
 * Trap-aware movement and the message history in the built page (run `npm run build` first), with
 * real key presses: auto-explore walks a hand-made Cēaptūn level and stops before the known spear
 * trap in the only way, asking with its odds; Stay back keeps the hero where it stopped; Ctrl+P
 * opens the history and its search finds the line; after a reload, the log is what it was.
 */
import { describe, expect, it } from 'vitest';
import { nextFrames, openRecordedGame, playScenarioFile, shareReady } from './support/browser.ts';
import { cellRect, snapshot } from './support/game.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

/** A hall, a known spear trap, a closed door: what lies beyond the door is unseen, so explore heads for it. */
const HALL = {
  format: 'trapsmith-scenario',
  version: 1,
  name: 'Explore hall',
  ruleset: 'ceaptun',
  map: ['############', '############', '#@.....+..>#', '############', '############'],
  traps: [{ kind: 'spear', x: 6, y: 2, known: true }],
  monsters: [],
};

describe('explore, travel and the message history', () => {
  it('z stops before the known trap and asks with its odds; Ctrl+P finds a message; the log survives a reload', async () => {
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=explore-e2e&ruleset=ceaptun`);
    await playScenarioFile(page, HALL, 'hall.json');
    expect((await snapshot(page)).player).toMatchObject({ x: 1, y: 2 });

    await page.keyboard.press('z');
    await nextFrames(page);
    const confirm = page.locator('.overlay.confirm .dialog');
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.locator('p').first().textContent()).toBe('Really step onto the spear trap?');
    expect(await confirm.locator('p.odds').textContent()).toMatch(/\d+%/);
    const stopped = await snapshot(page);
    expect(stopped.player).toMatchObject({ x: 5, y: 2 });
    expect(stopped.turn).toBe(4);
    await page.keyboard.press('n');
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect((await snapshot(page)).player).toMatchObject({ x: 5, y: 2 });

    // Rest with nothing wrong says so; the history finds that line among the others.
    await page.keyboard.press('Shift+Z');
    await expect.poll(() => page.locator('.log').textContent()).toMatch(/You are not hurt\./);
    await page.keyboard.press('Control+p');
    const history = page.locator('.dialog.history');
    await expect.poll(() => history.isVisible()).toBe(true);
    const all = await history.locator('.history-lines li').count();
    expect(all).toBeGreaterThan(1);
    await page.keyboard.type('not hurt');
    await expect.poll(() => history.locator('.history-lines li').count()).toBe(1);
    expect(await history.locator('.history-lines li').textContent()).toMatch(/You are not hurt\./);
    expect(await history.locator('.history-count').textContent()).toBe(`1 of ${all} lines`);
    await page.keyboard.press('Escape');
    await expect.poll(() => history.isVisible()).toBe(false);

    const before = await page.locator('.log li').allTextContents();
    await page.reload();
    await shareReady(page);
    expect((await snapshot(page)).player).toMatchObject({ x: 5, y: 2 });
    expect(await page.locator('.log li').allTextContents()).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('+ makes the map cells bigger, - smaller, and the size survives a reload', async () => {
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=zoom-e2e&ruleset=ceaptun`);
    const width = async () => (await cellRect(page, 1, 1)).w;
    const first = await width();
    await page.keyboard.press('+');
    await nextFrames(page);
    await expect.poll(width).toBeGreaterThan(first);
    const bigger = await width();
    await page.reload();
    await shareReady(page);
    expect(await width()).toBe(bigger);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await nextFrames(page);
    await expect.poll(width).toBeLessThan(first);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a click on the map travels there, and stops before the known trap to ask; a right-click only looks', async () => {
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=click-e2e&ruleset=ceaptun`);
    await playScenarioFile(page, HALL, 'hall.json');
    const centre = async (x: number, y: number) => {
      const r = await cellRect(page, x, y);
      return [r.x + r.w / 2, r.y + r.h / 2] as const;
    };
    // A right-click looks and takes no turn.
    const [lx, ly] = await centre(4, 2);
    await page.mouse.click(lx, ly, { button: 'right' });
    expect((await snapshot(page)).mode).toBe('look');
    expect((await snapshot(page)).turn).toBe(0);
    await page.keyboard.press('Escape');
    // A click three cells on walks there.
    await page.mouse.click(lx, ly);
    await expect.poll(async () => (await snapshot(page)).player).toMatchObject({ x: 4, y: 2 });
    expect((await snapshot(page)).turn).toBe(3);
    // A click on the door past the known spear trap (the only way): the walk stops beside the trap and asks.
    const [fx, fy] = await centre(7, 2);
    await page.mouse.click(fx, fy);
    const confirm = page.locator('.overlay.confirm .dialog');
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.locator('p').first().textContent()).toBe('Really step onto the spear trap?');
    expect((await snapshot(page)).player).toMatchObject({ x: 5, y: 2 });
    await page.keyboard.press('n');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('q quaffs a potion of healing in Omega, asking first at full health: one fewer in the pack, and the log says so', async () => {
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=quaff-e2e&ruleset=omega&s.monsters=0`);
    const log = page.locator('.log');
    await page.keyboard.press('i');
    await expect.poll(() => log.textContent()).toMatch(/2 × potion of healing/);
    await page.keyboard.press('q');
    // Unhurt and not poisoned, the potion would do nothing: the game asks; Keep it has the focus.
    const confirm = page.locator('.overlay.confirm .dialog');
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.locator('p').first().textContent()).toBe('You are not hurt or poisoned: it would do nothing. Quaff the potion of healing anyway?');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it (n)');
    expect((await snapshot(page)).turn).toBe(0);
    await page.keyboard.press('y');
    await expect.poll(() => log.textContent()).toMatch(/You quaff the potion of healing\./);
    expect(await log.textContent()).toMatch(/You feel better\./);
    expect((await snapshot(page)).turn).toBe(1);
    await page.keyboard.press('i');
    await expect.poll(async () => (await log.locator('li').last().textContent()) ?? '').toMatch(/You carry: .*potion of healing/);
    expect(await log.locator('li').last().textContent()).not.toMatch(/2 × potion of healing/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("travel's route is the same with and without a trap the player has not found, up to where it is found", async () => {
    /** A room with the stairs at the east end; `hidden`: a pit there that the player does not know of. */
    const room = (hidden: { x: number; y: number } | null) => ({
      format: 'trapsmith-scenario',
      version: 1,
      name: hidden ? 'Room with a hidden pit' : 'Room',
      ruleset: 'ceaptun',
      map: ['###########', '#.........#', '#@.......>#', '#.........#', '###########'],
      traps: hidden ? [{ kind: 'pit', ...hidden }] : [],
      monsters: [],
    });
    const travelEast = async (hidden: { x: number; y: number } | null): Promise<{ played: string; at: { x: number; y: number }; found: boolean }> => {
      const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=route-e2e&ruleset=ceaptun`);
      await playScenarioFile(page, room(hidden), 'room.json');
      // _ then the cursor seven cells east, then Enter: walk to the cell before the stairs.
      await page.keyboard.press('_');
      for (let i = 0; i < 7; i++) await page.keyboard.press('l');
      await page.keyboard.press('Enter');
      // The walk ends at the target, or where the pit stopped it.
      await expect.poll(async () => (await snapshot(page)).mode, { timeout: 20_000 }).toBe('play');
      let last = '';
      await expect
        .poll(async () => {
          const now = await page.evaluate(() => window.__trapsmith!.played());
          const same = now === last;
          last = now;
          return same && now.length > 0;
        }, { interval: 300 })
        .toBe(true);
      const end = await snapshot(page);
      const found = hidden !== null && end.knownTraps.some((t) => t.x === hidden.x && t.y === hidden.y);
      expect(errors).toEqual([]);
      await context.close();
      return { played: last, at: { x: end.player.x, y: end.player.y }, found };
    };
    const plain = await travelEast(null);
    expect(plain.played).toMatch(/^[1-9]{7}$/);
    expect(plain.at).toEqual({ x: 8, y: 2 });
    // The hidden pit goes on the fourth cell of that route (numpad digits: 9 is north-east).
    const DIGIT_STEP: Record<string, [number, number]> = { '1': [-1, 1], '2': [0, 1], '3': [1, 1], '4': [-1, 0], '6': [1, 0], '7': [-1, -1], '8': [0, -1], '9': [1, -1] };
    const cell = { x: 1, y: 2 };
    for (const d of plain.played.slice(0, 4)) {
      cell.x += DIGIT_STEP[d]![0];
      cell.y += DIGIT_STEP[d]![1];
    }
    const withPit = await travelEast(cell);
    // The same steps, up to the pit's cell or until the hero noticed the pit (a new trap in view
    // stops the walk): until then the route never knew of it.
    expect(withPit.played.length).toBeGreaterThan(0);
    expect(plain.played.startsWith(withPit.played)).toBe(true);
    expect(withPit.found || (withPit.at.x === cell.x && withPit.at.y === cell.y)).toBe(true);
  });
});
