/** Reading the game through `window.__trapsmith` and driving it with keys, for the browser tests. */
import type { Page } from 'playwright-core';
import type { DebugHook } from '../../../src/ui/debug.ts';
import { nextFrames } from './browser.ts';
import { decodePng, type Image } from './png.ts';
import { route, type Step, viKey } from './path.ts';

type Snapshot = {
  player: NonNullable<DebugHook['player']>;
  turn: number;
  seed: string;
  ruleset: string;
  depth: number;
  mode: string;
  over: DebugHook['over'];
  knownTraps: DebugHook['knownTraps'];
  effects: string[];
};

export async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const t = window.__trapsmith!;
    return {
      player: t.player!,
      turn: t.turn!,
      seed: t.seed!,
      ruleset: t.ruleset!,
      depth: t.depth!,
      mode: t.mode,
      over: t.over,
      knownTraps: t.knownTraps,
      effects: t.effects,
    };
  });
}

export async function mapRows(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__trapsmith!.map());
}

export async function cellRect(page: Page, x: number, y: number): Promise<{ x: number; y: number; w: number; h: number }> {
  const r = await page.evaluate(([cx, cy]) => window.__trapsmith!.cellRect(cx!, cy!), [x, y]);
  if (!r) throw new Error('no camera yet');
  return r;
}

/** A screenshot of the whole page as pixels, one per CSS pixel whatever the device pixel ratio. */
export async function pixels(page: Page): Promise<Image> {
  await nextFrames(page);
  return decodePng(await page.screenshot({ scale: 'css' }));
}

/**
 * Walks along `steps` with vi-keys. A closed door on the way takes two presses (the first opens
 * it); the walk checks every step landed.
 */
export async function walk(page: Page, steps: readonly Step[]): Promise<void> {
  for (const s of steps) {
    const before = (await snapshot(page)).player;
    for (let tries = 0; tries < 3; tries++) {
      await page.keyboard.press(viKey(s));
      const now = (await snapshot(page)).player;
      if (now.x === before.x + s[0] && now.y === before.y + s[1]) break;
      if (tries === 2) throw new Error(`could not step ${s} from ${before.x},${before.y}`);
    }
  }
}

/**
 * Finds a known floor trap the player can walk next to without crossing another known trap, and
 * the route there. Null when this level has none.
 */
export async function routeToTrap(page: Page): Promise<{ trap: Snapshot['knownTraps'][number]; steps: Step[]; last: Step } | null> {
  const s = await snapshot(page);
  const map = await mapRows(page);
  const blocked = new Set(s.knownTraps.map((t) => `${t.x},${t.y}`));
  const floorTraps = s.knownTraps.filter((t) => t.host === 'floor' && map[t.y]![t.x] === '.');
  let best: { trap: Snapshot['knownTraps'][number]; steps: Step[]; last: Step } | null = null;
  for (const trap of floorTraps) {
    const steps = route(map, [s.player.x, s.player.y], (x, y) => Math.max(Math.abs(x - trap.x), Math.abs(y - trap.y)) === 1 && map[y]![x] === '.', blocked);
    if (!steps) continue;
    let x = s.player.x;
    let y = s.player.y;
    for (const [dx, dy] of steps) {
      x += dx;
      y += dy;
    }
    const last: Step = [trap.x - x, trap.y - y];
    if (!best || steps.length < best.steps.length) best = { trap, steps, last };
  }
  return best;
}
