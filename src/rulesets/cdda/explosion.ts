/**
 * Explosions of land mines and booby traps, as CDDA's game::explosion of the seed's era did them:
 * a square of radius floor(sqrt(power / 4)); 3 x power at the centre and 3 x power / distance
 * around it; a monster takes rng(dam/2, dam x 1.5) (power 10: 15-45 at the centre, the seed's
 * figure; power 18: 27-81), a player rng(dam/2, dam x 1.5) to the torso and rng(dam/3, dam) to the
 * head, each arm and each leg. Then each shrapnel charge flies toward a random square up to
 * `range` away (the seed: 12 for a mine, 40 for a booby trap), hitting every creature on its line
 * for 20-60 (a player on a random body part) until a wall stops it. Noise 10 x power.
 */
import type { RuleContext } from '../../core/ruleset.ts';
import { type Actor, inBounds, isTransparent, terrainAt, type Trap } from '../../core/world.ts';
import { isPlayer } from './actors.ts';
import { PART_NAME, randomHitPart } from './body.ts';
import { rng } from './checks.ts';
import { hurtCreature, hurtPart, trapDraw, trapNoise } from './harm.ts';
import { actorAt } from '../../core/level.ts';

export interface Blast {
  power: number;
  shrapnel: number;
  /** How far a shrapnel charge may fly (its target is up to this many squares away on each axis). */
  range: number;
}

export const LANDMINE_BLAST: Blast = { power: 10, shrapnel: 8, range: 12 };
export const BOOBYTRAP_BLAST: Blast = { power: 18, shrapnel: 12, range: 40 };

export function blastRadius(power: number): number {
  return Math.floor(Math.sqrt(Math.floor(power / 4)));
}

/** Blast damage at Chebyshev distance d from the centre. */
export function blastDamage(power: number, d: number): number {
  return d === 0 ? 3 * power : Math.floor((3 * power) / d);
}

/** The cells of a line from (x0, y0) to (x1, y1), the start left out (Bresenham). */
export function lineFrom(x0: number, y0: number, x1: number, y1: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  let x = x0;
  let y = y0;
  while (x !== x1 || y !== y1) {
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
    out.push([x, y]);
  }
  return out;
}

/** The parts a blast hurts on a player after the torso, in the order it hurts them. */
export const BLAST_LIMBS = ['head', 'leg_l', 'leg_r', 'arm_l', 'arm_r'] as const;

/** rng(dam / 2, dam x 1.5): a monster's whole damage, and a player's torso. */
export function blastTorsoRange(dam: number): [number, number] {
  return [Math.floor(dam / 2), Math.trunc(dam * 1.5)];
}

/** rng(dam / 3, dam): a player's head, arms and legs. */
export function blastLimbRange(dam: number): [number, number] {
  return [Math.floor(dam / 3), dam];
}

function blastCreature(ctx: RuleContext, target: Actor, dam: number, trap: Trap): void {
  const harm = { trap, damageType: 'bash' };
  if (!isPlayer(ctx.world, target)) {
    hurtCreature(ctx, target, trapDraw(ctx, rng(...blastTorsoRange(dam))), harm);
    return;
  }
  ctx.say('You\u2019re caught in the explosion!', 'danger');
  hurtPart(ctx, target, 'torso', trapDraw(ctx, rng(...blastTorsoRange(dam))), harm);
  for (const part of BLAST_LIMBS) hurtPart(ctx, target, part, trapDraw(ctx, rng(...blastLimbRange(dam))), harm);
}

export function explode(ctx: RuleContext, x: number, y: number, blast: Blast, trap: Trap): void {
  trapNoise(ctx, x, y, blast.power * 10, blast.power >= 30 ? 'a huge explosion!' : 'an explosion!');
  const radius = blastRadius(blast.power);
  const cells: Array<[number, number]> = [];
  for (let j = y - radius; j <= y + radius; j++)
    for (let i = x - radius; i <= x + radius; i++) if (inBounds(ctx.world, i, j)) cells.push([i, j]);
  ctx.emit({ type: 'effect', effect: 'blast', cells, colour: '#ff8000', source: trap.kind });
  for (const [i, j] of cells) {
    const target = actorAt(ctx.world, i, j);
    if (target) blastCreature(ctx, target, blastDamage(blast.power, Math.max(Math.abs(i - x), Math.abs(j - y))), trap);
  }
  for (let s = 0; s < blast.shrapnel; s++) {
    const tx = x + trapDraw(ctx, rng(-blast.range, blast.range));
    const ty = y + trapDraw(ctx, rng(-blast.range, blast.range));
    const dam = trapDraw(ctx, rng(20, 60));
    const path: Array<[number, number]> = [];
    for (const [i, j] of lineFrom(x, y, tx, ty)) {
      if (!inBounds(ctx.world, i, j) || !isTransparent(terrainAt(ctx.world, i, j))) break;
      path.push([i, j]);
      const target = actorAt(ctx.world, i, j);
      if (!target) continue;
      const harm = { trap, damageType: 'cut' };
      if (isPlayer(ctx.world, target)) {
        const part = trapDraw(ctx, randomHitPart());
        ctx.say(`Shrapnel hits your ${PART_NAME[part]}!`, 'danger');
        hurtPart(ctx, target, part, dam, harm);
      } else hurtCreature(ctx, target, dam, harm);
    }
    if (path.length > 0) ctx.emit({ type: 'effect', effect: 'projectile', cells: path, colour: '#c0c0c0', source: trap.kind });
  }
}
