/** Shared helpers for the cdda tests: scenario worlds, stepping, reading events, independent maths. */
import { StepContext } from '../../../src/core/context.ts';
import { step } from '../../../src/core/engine.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import type { Actor, Traits, World } from '../../../src/core/world.ts';
import { type ScenarioOptions, scenario } from '../../support/scenario.ts';
import { actorById, edit, player } from '../../../src/core/level.ts';

export type CddaScenario = Omit<ScenarioOptions, 'ruleset'>;

export function cddaWorld(opts: CddaScenario): World {
  return scenario({ ruleset: 'cdda', ...opts });
}

/**
 * A survivor who never avoids a trap: 3d[0] rolls 0-3 and Clumsy takes 2d6 (2-12) off, so the
 * victim's roll is at most 1, below any 3 dice of a trap with avoidance >= 1 (at least 3).
 */
export const NEVER_AVOIDS: Traits = { dex: 0, dodge: 0, clumsy: true, lightStep: false };

/** A corridor: the player with one trap to the east. */
export function corridor(kind: string, opts: Omit<CddaScenario, 'map' | 'traps'> & { trapData?: Traits; known?: boolean; charges?: number } = {}): World {
  const { trapData, known, charges, ...rest } = opts;
  return cddaWorld({
    map: ['#########', '#..@^...#', '#########'],
    traps: [{ kind, ...(trapData ? { data: trapData } : {}), ...(known ? { known } : {}), ...(charges !== undefined ? { charges } : {}) }],
    ...rest,
    player: { ...(rest.player ?? {}), traits: { ...NEVER_AVOIDS, ...(rest.player?.traits ?? {}) } },
  });
}

/**
 * A room with the player in a corner and a monster standing on a trap ('k' kobold, 'o' orc,
 * 'O' ogre, 'r' rat, ...). Scenario maps cannot draw both on one cell, so the monster is put on
 * the trap's cell while the world is built.
 */
export function monsterOn(kind: string, glyph: string, opts: Omit<CddaScenario, 'map' | 'traps'> = {}): World {
  const w = cddaWorld({
    map: ['##########', '#@.......#', `#...${glyph}^...#`, '#........#', '##########'],
    traps: [{ kind }],
    sleepingMonsters: true,
    ...opts,
  });
  edit(w, (p) => {
    const m = p.actors.find((a) => a.id !== p.playerId)!;
    m.x = 5;
  });
  return w;
}

/** The player steps east (confirming a known trap). */
export function stepEast(w: World): GameEvent[] {
  return step(w, { type: 'move', dx: 1, dy: 0, confirm: true }).events;
}

/** Sets a trap off at an actor through ctx.trigger, in a step context of its own; returns the events. */
export function fire(w: World, trapKind: string, actor: Actor): GameEvent[] {
  const ctx = new StepContext(w);
  const trap = w.traps.find((t) => t.kind === trapKind);
  if (!trap) throw new Error(`no ${trapKind}`);
  ctx.trigger(trap, actor, 'step');
  ctx.emit({ type: 'rng', states: ctx.streams.snapshot() });
  return ctx.events;
}

/** Moves an actor onto (x, y) through the core's arrival path (what walking in does), in its own step context. */
export function arrive(w: World, actor: Actor, x: number, y: number): StepContext {
  const ctx = new StepContext(w);
  ctx.moveActor(actor, x, y, 'walk');
  return ctx;
}

export function texts(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
}

export function damageTo(events: readonly GameEvent[], actor: number): Array<{ amount: number; part?: string }> {
  return events.flatMap((e) => (e.type === 'damaged' && e.actor === actor ? [{ amount: e.amount, ...(e.part ? { part: e.part } : {}) }] : []));
}

export function totalDamage(events: readonly GameEvent[], actor: number): number {
  return damageTo(events, actor).reduce((s, d) => s + d.amount, 0);
}

export function noises(events: readonly GameEvent[]): number[] {
  return events.flatMap((e) => (e.type === 'noise' ? [e.volume] : []));
}

export function hero(w: World): Actor {
  return player(w);
}

/** The first monster, through the level's lookup (a read-only view while the write guard is on). */
export function monster(w: World): Actor {
  const m = w.actors.find((a) => a.id !== w.playerId);
  if (!m) throw new Error('no monster');
  return actorById(w, m.id)!;
}

export function partHp(w: World, part: string): number {
  return hero(w).parts![part]!.hp;
}

/** Runs `f` on fresh worlds for seeds s0, s1, ... and returns the results. */
export function overSeeds<T>(n: number, make: (seed: string) => World, f: (w: World) => T): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(f(make(`s${i}`)));
  return out;
}

// ---------------------------------------------------------------- independent maths

/** Counts of the sums of n dice with faces lo..hi, by plain convolution loops (index = sum - n*lo). */
export function diceCounts(n: number, lo: number, hi: number): { min: number; counts: bigint[] } {
  let counts: bigint[] = [1n];
  for (let d = 0; d < n; d++) {
    const next: bigint[] = new Array(counts.length + hi - lo).fill(0n);
    for (let i = 0; i < counts.length; i++) for (let f = lo; f <= hi; f++) next[i + f - lo]! += counts[i]!;
    counts = next;
  }
  return { min: n * lo, counts };
}

/** P(a >= b) for independent count tables, as an exact [num, den]. */
export function pAtLeast(a: { min: number; counts: bigint[] }, b: { min: number; counts: bigint[] }): [bigint, bigint] {
  let num = 0n;
  let totA = 0n;
  let totB = 0n;
  for (const c of a.counts) totA += c;
  for (const c of b.counts) totB += c;
  for (let i = 0; i < a.counts.length; i++)
    for (let j = 0; j < b.counts.length; j++) if (a.min + i >= b.min + j) num += a.counts[i]! * b.counts[j]!;
  return [num, totA * totB];
}

/** Adds (sign +1) or subtracts (sign -1) a table to a table. */
export function combine(a: { min: number; counts: bigint[] }, b: { min: number; counts: bigint[] }, sign: 1 | -1): { min: number; counts: bigint[] } {
  const out = new Map<number, bigint>();
  for (let i = 0; i < a.counts.length; i++)
    for (let j = 0; j < b.counts.length; j++) {
      const v = a.min + i + sign * (b.min + j);
      out.set(v, (out.get(v) ?? 0n) + a.counts[i]! * b.counts[j]!);
    }
  const min = Math.min(...out.keys());
  const max = Math.max(...out.keys());
  const counts: bigint[] = [];
  for (let v = min; v <= max; v++) counts.push(out.get(v) ?? 0n);
  return { min, counts };
}

export function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

export function reduced([n, d]: [bigint, bigint]): string {
  const g = gcd(n, d) || 1n;
  return `${n / g}/${d / g}`;
}

/** The standard normal upper tail P(Z >= z) by Simpson's rule on the density (independent of the code's erfc). */
export function upperTail(z: number): number {
  const f = (x: number) => Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
  const a = z;
  const b = Math.max(z, 0) + 16;
  const n = 40_000;
  const h = (b - a) / n;
  let s = f(a) + f(b);
  for (let i = 1; i < n; i++) s += f(a + i * h) * (i % 2 === 1 ? 4 : 2);
  return (s * h) / 3;
}
