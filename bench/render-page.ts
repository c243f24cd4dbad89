/**
 * The render benchmark's page (built by bench/render.ts, run in headless Chromium).
 *
 * One 200x200 level with fog (half the map remembered, the rest never seen, the player's view
 * lit), drawn two ways with the same glyphs and colours:
 * - our MapView (PixiJS, WebGL, chunked ParticleContainers, dirty cells only on a turn);
 * - rot.js's canvas `Display`, drawing every cell of the same view.
 * Every timing includes waiting for the pixels (a one-pixel read-back from the canvas), so
 * deferred GPU or canvas work is counted, not hidden.
 */
import '../src/rulesets/index.ts';
import { Display } from 'rot-js';
import { newGame, step } from '../src/core/engine.ts';
import { getRuleset } from '../src/core/registry.ts';
import type { GameEvent } from '../src/core/events.ts';
import { computeView } from '../src/core/fov.ts';
import type { World } from '../src/core/world.ts';
import { toCss } from '../src/render/palette.ts';
import { MapView } from '../src/render/renderer.ts';
import { actorMarks, itemMarks, terrainLook, trapMarks } from '../src/render/view.ts';
import { player } from '../src/core/level.ts';

export interface BenchResult {
  view: string;
  cells: number;
  pixiFullMs: number;
  pixiTurnMs: number;
  rotFullMs: number;
  rotDirtyMs: number;
  pixiTurnMeanMs: number;
  examinedPerTurn: number;
  changedPerTurn: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function makeWorld(): World {
  const world = newGame({ seed: 'render-bench', ruleset: 'cdda', width: 200, height: 200, settings: { monsters: 0 } });
  // Fog as after a long exploration: the left half remembered, the right half never seen.
  for (let y = 0; y < world.height; y++) for (let x = 0; x < world.width / 2; x++) world.memory[y * world.width + x] = world.terrain[y * world.width + x]! + 1;
  computeView(world);
  return world;
}

/** The glyph and colours of every cell, as the map shows it (top layer wins). */
function glyphsOf(world: World): { ch: string[]; fg: string[] } {
  const n = world.width * world.height;
  const ch = new Array<string>(n);
  const fg = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const g = terrainLook(world, i);
    ch[i] = g.ch;
    fg[i] = toCss(g.colour);
  }
  for (const m of [...itemMarks(world), ...trapMarks(world, getRuleset(world.ruleset)), ...actorMarks(world)]) {
    ch[m.y * world.width + m.x] = m.ch;
    fg[m.y * world.width + m.x] = toCss(m.colour);
  }
  return { ch, fg };
}

/** A move the player can make back and forth. */
function shuttle(world: World): Array<{ type: 'move'; dx: number; dy: number }> {
  for (const [dx, dy] of [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ] as const) {
    const probe = structuredClone(world);
    const { x, y } = player(probe);
    const r = step(probe, { type: 'move', dx, dy, confirm: true });
    if (!r.refused && (player(probe).x !== x || player(probe).y !== y)) return [{ type: 'move', dx, dy }, { type: 'move', dx: -dx, dy: -dy }];
  }
  throw new Error('the player cannot move');
}

async function run(cols: number, rows: number, reps: number, label: string): Promise<BenchResult> {
  const world = makeWorld();
  const cell = { w: 12, h: 18 };
  const pixiHost = document.getElementById('pixi')!;
  pixiHost.style.width = `${cols * cell.w}px`;
  pixiHost.style.height = `${rows * cell.h}px`;
  const view = await MapView.create(pixiHost, { cell, resolution: 1 });
  view.setWorld(world, getRuleset(world.ruleset));
  view.renderNow();
  view.finishGpu();

  // Full redraw: every cell set again, every chunk re-uploaded, one frame drawn.
  const full: number[] = [];
  for (let k = 0; k < reps; k++) {
    const t0 = performance.now();
    view.redrawAll();
    view.renderNow();
    view.finishGpu();
    full.push(performance.now() - t0);
  }

  // One turn: the player steps (the core's step is not timed), then the view catches up.
  const moves = shuttle(world);
  const turn: number[] = [];
  let examined = 0;
  let changed = 0;
  const dirtyCells: number[][] = [];
  for (let k = 0; k < reps * 2; k++) {
    const before = glyphsOf(world);
    const r = step(world, { ...moves[k % 2]!, confirm: true });
    const events: readonly GameEvent[] = r.events;
    const t0 = performance.now();
    const u = view.update(world, events);
    view.renderNow();
    view.finishGpu();
    turn.push(performance.now() - t0);
    examined += u.examined;
    changed += u.changed;
    const after = glyphsOf(world);
    const dirty: number[] = [];
    for (let i = 0; i < after.ch.length; i++) if (after.ch[i] !== before.ch[i] || after.fg[i] !== before.fg[i]) dirty.push(i);
    dirtyCells.push(dirty);
  }
  view.destroy();

  // rot.js Display: the same view, the same glyphs, its own canvas backend.
  const rotHost = document.getElementById('rot')!;
  const display = new Display({ width: cols, height: rows, fontSize: 14, fontFamily: '"DejaVu Sans Mono", monospace', fontStyle: 'bold', bg: '#000', spacing: 18 / 14 });
  const canvas = display.getContainer() as HTMLCanvasElement;
  rotHost.replaceChildren(canvas);
  const ctx = canvas.getContext('2d')!;
  const tick = () => (display as unknown as { _tick(): void })._tick();
  const { ch, fg } = glyphsOf(world);
  const hero = player(world);
  const x0 = Math.max(0, Math.min(world.width - cols, hero.x - Math.floor(cols / 2)));
  const y0 = Math.max(0, Math.min(world.height - rows, hero.y - Math.floor(rows / 2)));
  const rotFull: number[] = [];
  for (let k = 0; k < reps; k++) {
    const t0 = performance.now();
    for (let y = 0; y < rows; y++)
      for (let x = 0; x < cols; x++) {
        const i = (y0 + y) * world.width + (x0 + x);
        display.draw(x, y, ch[i]!, fg[i]!, '#000');
      }
    tick();
    ctx.getImageData(0, 0, 1, 1);
    rotFull.push(performance.now() - t0);
  }
  // rot.js drawing only the cells a turn changed (its own dirty-cell path), for reference. One
  // such draw is below the browser's 0.1 ms clock grain, so the whole run is timed and divided.
  const d0 = performance.now();
  for (const dirty of dirtyCells) {
    for (const i of dirty) {
      const x = (i % world.width) - x0;
      const y = Math.floor(i / world.width) - y0;
      if (x >= 0 && y >= 0 && x < cols && y < rows) display.draw(x, y, ch[i]!, fg[i]!, '#000');
    }
    tick();
    ctx.getImageData(0, 0, 1, 1);
  }
  const rotDirtyMean = (performance.now() - d0) / dirtyCells.length;
  rotHost.replaceChildren();

  return {
    view: label,
    cells: cols * rows,
    pixiFullMs: median(full),
    pixiTurnMs: median(turn),
    rotFullMs: median(rotFull),
    rotDirtyMs: rotDirtyMean,
    pixiTurnMeanMs: turn.reduce((a, b) => a + b, 0) / turn.length,
    examinedPerTurn: Math.round(examined / turn.length),
    changedPerTurn: Math.round(changed / turn.length),
  };
}

declare global {
  interface Window {
    __renderBench?: () => Promise<BenchResult[]>;
  }
}

window.__renderBench = async () => [await run(100, 40, 15, 'window 100x40 cells (1200x720 px)'), await run(200, 200, 7, 'whole map 200x200 cells (2400x3600 px)')];
