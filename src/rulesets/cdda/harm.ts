/**
 * The small vocabulary trap effects share: hurting a body part (or a whole monster), noises that
 * wake sleepers, dropping items, reading a trap's numbers from the playing ruleset's columns (so
 * lab variants take effect). Everything goes through ctx; what the player is told is messages.ts's.
 */
import { withArticle } from '../../core/words.ts';
import { type Outcome, type Prob, sample } from '../../core/prob.ts';
import type { RuleContext, Ruleset, TrapDef } from '../../core/ruleset.ts';
import { type Actor, chebyshev, type Item, type Trap } from '../../core/world.ts';
import { HP_PARTS, type HitPart, MAIN_PART } from './body.ts';
import { dice } from './checks.ts';
import { itemName } from './traps.ts';
import type { CddaTraits } from './traits.ts';
import { player } from '../../core/level.ts';

/** Draws from the trap stream: trap-side rolls (effects, monster avoidance). */
export function trapDraw<T extends Outcome>(ctx: RuleContext, p: Prob<T>): T {
  return sample(p, ctx.rng('traps'));
}

export interface TrapNumbers {
  readonly P: number | null;
  readonly V: number;
  readonly A: number;
  readonly D: number;
}

const tables = new WeakMap<readonly TrapDef[], ReadonlyMap<string, TrapNumbers>>();

function cell(def: TrapDef, column: 'V' | 'A' | 'D'): number {
  const v = def.columns[column];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`traps.${def.id}.${column}: expected a number, got ${JSON.stringify(v)}`);
  return v;
}

/**
 * P, V, A, D of every trap of a table, read from its columns (the seed's, or a variant's). Cached
 * per table; throws an Error naming a bad cell, so a variant with one is refused when it is made.
 */
export function numbersTable(traps: readonly TrapDef[]): ReadonlyMap<string, TrapNumbers> {
  let table = tables.get(traps);
  if (table) return table;
  const out = new Map<string, TrapNumbers>();
  for (const def of traps) {
    if (out.has(def.id)) continue;
    const P = def.columns.P;
    if (P !== null && (typeof P !== 'number' || !Number.isFinite(P))) throw new Error(`traps.${def.id}.P: expected a number or an empty cell, got ${JSON.stringify(P)}`);
    out.set(def.id, Object.freeze({ P, V: cell(def, 'V'), A: cell(def, 'A'), D: cell(def, 'D') }));
  }
  table = out;
  tables.set(traps, table);
  return table;
}

/**
 * P, V, A, D of a trap kind as the playing ruleset has them: the only way play reads them. Pass
 * `ctx.ruleset` (a Lab variant's own copy while a variant plays), or, in a hook that is handed only
 * the world, the ruleset the hook was made for (index.ts `makeRuleset`): never a ruleset looked up
 * by the base id, which would play the seed's numbers under a variant.
 */
export function trapNumbers(ruleset: Pick<Ruleset, 'traps'>, kind: string): TrapNumbers {
  const n = numbersTable(ruleset.traps).get(kind);
  if (!n) throw new Error(`cdda has no trap "${kind}"`);
  return n;
}

/** The cause of death a trap writes: "killed by a bear trap". */
export function killedBy(ctx: RuleContext, trap: Trap): string {
  return `killed by ${withArticle(ctx.trapName(trap))}`;
}

export interface Harm {
  trap: Trap;
  damageType?: string;
  /** Overrides "killed by a <trap>". */
  cause?: string;
}

/**
 * Damage to one body part. A hand or foot hurts its arm's or leg's HP; a part at 0 takes no more
 * (CDDA clamps part HP at 0), so the actor's HP stays the sum of its parts. Monsters have no parts:
 * they take the whole amount.
 */
export function hurtPart(ctx: RuleContext, target: Actor, part: HitPart, amount: number, harm: Harm): void {
  if (!target.alive || amount <= 0) return;
  const opts = {
    cause: harm.cause ?? killedBy(ctx, harm.trap),
    trap: harm.trap,
    killer: harm.trap.owner,
    ...(harm.damageType ? { damageType: harm.damageType } : {}),
  };
  const parts = target.parts;
  if (!parts) {
    ctx.damage(target, amount, opts);
    return;
  }
  const pool = MAIN_PART[part];
  const left = parts[pool]?.hp ?? 0;
  const dealt = Math.min(Math.round(amount), Math.max(0, left));
  if (dealt <= 0) return;
  ctx.damage(target, dealt, { ...opts, part: pool });
}

/** CDDA's hurtall: the same damage to every HP part. */
export function hurtAll(ctx: RuleContext, target: Actor, amount: number, harm: Harm): void {
  if (!target.parts) {
    hurtPart(ctx, target, 'torso', amount, harm);
    return;
  }
  for (const p of HP_PARTS) hurtPart(ctx, target, p, amount, harm);
}

/** Damage to a creature as a whole: a monster's HP, or the player's torso. */
export function hurtCreature(ctx: RuleContext, target: Actor, amount: number, harm: Harm): void {
  hurtPart(ctx, target, 'torso', amount, harm);
}

/**
 * A noise: wakes and draws monsters (the core), and wakes a sleeping player the way CDDA's sound()
 * did: heard within `volume` cells, woken when 2d20 < volume - distance.
 */
export function trapNoise(ctx: RuleContext, x: number, y: number, volume: number, description: string): void {
  ctx.noise(x, y, volume, description);
  const hero = player(ctx.world);
  if (!hero.alive || !(hero.status.asleep && hero.status.asleep > 0)) return;
  const distance = chebyshev(hero.x, hero.y, x, y);
  if (distance > volume) return;
  if (sample(dice(2, 20), ctx.rng('player')) < volume - distance) {
    ctx.emit({ type: 'actorUpdated', actor: hero.id, changes: { status: { asleep: 0 } } });
    ctx.say('You\u2019re woken up by a noise.', 'bad');
  }
}

/** Drops items (kinds, repeats counted) on a cell. */
export function dropItems(ctx: RuleContext, x: number, y: number, kinds: readonly string[]): void {
  const counts = new Map<string, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const [kind, count] of counts) ctx.placeItem({ kind, name: itemName(kind), count, x, y });
}

export function carries(a: Actor, kind: string): boolean {
  return a.inventory.some((i) => i.kind === kind && i.count > 0);
}

/** Takes one item of a kind from an actor's inventory. */
export function useOne(ctx: RuleContext, a: Actor, kind: string): void {
  const inventory: Item[] = [];
  let taken = false;
  for (const i of a.inventory) {
    if (!taken && i.kind === kind && i.count > 0) {
      taken = true;
      if (i.count > 1) inventory.push({ ...i, count: i.count - 1 });
      continue;
    }
    inventory.push({ ...i });
  }
  if (taken) ctx.emit({ type: 'actorUpdated', actor: a.id, changes: { inventory } });
}

/** Sets or clears statuses (0 clears). */
export function setStatus(ctx: RuleContext, a: Actor, status: Record<string, number>): void {
  ctx.emit({ type: 'actorUpdated', actor: a.id, changes: { status } });
}

export function setTraits(ctx: RuleContext, a: Actor, traits: CddaTraits): void {
  ctx.emit({ type: 'actorUpdated', actor: a.id, changes: { traits } });
}
