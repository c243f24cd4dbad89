/**
 * Effect animations as data: an `effect` event (flash, blast, line, projectile, teleport) becomes a
 * timeline that says, at time t, which cells show what. The renderer only paints the pieces; the
 * timing and shapes are pure and tested in Node.
 */
import type { GameEvent } from '../core/events.ts';
import { parseColour } from './palette.ts';

export type EffectEvent = Extract<GameEvent, { type: 'effect' }>;

/** One painted cell of an effect frame. `ch` null means a solid block of colour. */
export interface Piece {
  x: number;
  y: number;
  ch: string | null;
  colour: number;
  alpha: number;
}

export interface Animation {
  kind: EffectEvent['effect'];
  /** Milliseconds the animation lasts. */
  duration: number;
  frame(t: number): Piece[];
}

export const FLASH_MS = 320;
export const BLAST_MS = 480;
/** Per cell of flight: an arrow crosses 10 cells in about a third of a second. */
export const PROJECTILE_CELL_MS = 32;
export const LINE_CELL_MS = 14;
export const TELEPORT_MS = 520;

const fade = (t: number, d: number) => Math.max(0, 1 - t / d);

/** The glyph of something flying from a to b: - | / \ by direction. */
export function flightGlyph(dx: number, dy: number): string {
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  if (sy === 0) return '-';
  if (sx === 0) return '|';
  return sx === sy ? '\\' : '/';
}

export function planEffect(ev: EffectEvent): Animation {
  const colour = parseColour(ev.colour);
  const cells = ev.cells;
  switch (ev.effect) {
    case 'blast':
      // The whole area burns at once, then dies down.
      return {
        kind: 'blast',
        duration: BLAST_MS,
        frame: (t) => cells.map(([x, y]) => ({ x, y, ch: null, colour, alpha: 0.8 * fade(t, BLAST_MS) })),
      };
    case 'line': {
      // Lightning runs out along its line, every struck cell lit until the bolt fades.
      const duration = cells.length * LINE_CELL_MS + FLASH_MS;
      return {
        kind: 'line',
        duration,
        frame: (t) => {
          const reached = Math.min(cells.length, Math.floor(t / LINE_CELL_MS) + 1);
          const a = 0.9 * fade(t - reached * LINE_CELL_MS, FLASH_MS);
          return cells.slice(0, reached).map(([x, y]) => ({ x, y, ch: null, colour, alpha: a }));
        },
      };
    }
    case 'projectile': {
      // One glyph in flight, one cell per step, pointing along its way.
      const duration = cells.length * PROJECTILE_CELL_MS;
      return {
        kind: 'projectile',
        duration,
        frame: (t) => {
          if (cells.length === 0 || t >= duration) return [];
          const k = Math.min(cells.length - 1, Math.floor(t / PROJECTILE_CELL_MS));
          const [x, y] = cells[k]!;
          const [ax, ay] = cells[0]!;
          const [bx, by] = cells[cells.length - 1]!;
          return [{ x, y, ch: flightGlyph(bx - ax, by - ay), colour, alpha: 1 }];
        },
      };
    }
    case 'teleport':
      // Both ends shimmer: where the actor vanished and where it appeared.
      return {
        kind: 'teleport',
        duration: TELEPORT_MS,
        frame: (t) => {
          const pulse = 0.5 + 0.5 * Math.cos((t / TELEPORT_MS) * Math.PI * 4);
          const a = 0.85 * fade(t, TELEPORT_MS) * (0.4 + 0.6 * pulse);
          return cells.slice(0, 2).map(([x, y]) => ({ x, y, ch: null, colour, alpha: a }));
        },
      };
    default:
      // flash: the trap's tile lights up in the trap's colour and fades.
      return {
        kind: 'flash',
        duration: FLASH_MS,
        frame: (t) => cells.map(([x, y]) => ({ x, y, ch: null, colour, alpha: 0.9 * fade(t, FLASH_MS) })),
      };
  }
}

/** How long after one effect starts the next one in the same turn starts: a flash, then its blast. */
export const EFFECT_STAGGER_MS = 160;

/** A turn's effects as one timeline: each starts a little after the previous one. */
export function planTurn(events: readonly GameEvent[]): Array<{ start: number; anim: Animation }> {
  const out: Array<{ start: number; anim: Animation }> = [];
  let at = 0;
  for (const e of events) {
    if (e.type !== 'effect') continue;
    const anim = planEffect(e);
    out.push({ start: at, anim });
    at += Math.min(EFFECT_STAGGER_MS, anim.duration);
  }
  return out;
}
