/**
 * d20's dying rules (setting `dying`, default `srd`: the SRD 3.5's "Injury and Death"). The chain
 * against an independent enumeration of the SRD's rules (not the code's); play against the rules,
 * deterministically (dead at −10, a strenuous action at 0 costs 1 hp, moving does not), and a
 * thousand heroes left at −3 alone against the chain's exact chance of death.
 */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { step } from '../../../src/core/engine.ts';
import { player } from '../../../src/core/level.ts';
import { exact } from '../../../src/core/prob.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import type { Random, StreamName } from '../../../src/core/rng.ts';
import { hudOf } from '../../../src/ui/store.ts';
import type { Traits, World } from '../../../src/core/world.ts';
import { deathChance, downRoll } from '../../../src/rulesets/d20/dying.ts';
import { scenario } from '../../support/scenario.ts';

// ---------------------------------------------------------------- the chain, by brute force

type F = { n: bigint; d: bigint };
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const norm = (f: F): F => {
  const g = gcd(f.n, f.d) || 1n;
  return { n: f.n / g, d: f.d / g };
};
const add = (a: F, b: F): F => norm({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const mul = (a: F, b: F): F => norm({ n: a.n * b.n, d: a.d * b.d });
const TENTH: F = { n: 1n, d: 10n };
const NINE_TENTHS: F = { n: 9n, d: 10n };

/**
 * The SRD's rules for a hero alone, enumerated: each roll 10% moves on (dying -> stable ->
 * conscious -> recovering, who lives), else 1 hit point lost; dead at −10.
 */
function dies(phase: 'dying' | 'stable' | 'conscious', hp: number): F {
  if (hp <= -10) return { n: 1n, d: 1n };
  const next = phase === 'dying' ? 'stable' : phase === 'stable' ? 'conscious' : null;
  const movesOn: F = next ? dies(next, hp) : { n: 0n, d: 1n };
  return add(mul(TENTH, movesOn), mul(NINE_TENTHS, dies(phase, hp - 1)));
}

describe('d20 dying rules: the chain', () => {
  it('from each of −1..−9 the chance to die alone is the enumeration of the SRD rules', () => {
    for (let hp = -1; hp >= -9; hp--) {
      const want = dies('dying', hp);
      const got = deathChance(hp);
      expect({ n: got.num, d: got.den }, `hp ${hp}`).toEqual(want);
    }
  });

  it('at 0 (disabled) nobody dies doing nothing; at −10 or below he is dead', () => {
    expect(deathChance(0).num).toBe(0n);
    expect(deathChance(-10)).toEqual({ num: 1n, den: 1n });
    expect(deathChance(-14)).toEqual({ num: 1n, den: 1n });
  });

  it('from −9, dying: the next roll kills 9/10, stabilises 1/10', () => {
    const next = exact(downRoll({ phase: 'dying', hp: -9 })!);
    expect(next.map((o) => [o.value, o.exact])).toEqual([
      [{ phase: 'stable', hp: -9 }, { num: 1n, den: 10n }],
      [{ phase: 'dead', hp: -10 }, { num: 9n, den: 10n }],
    ]);
  });
});

// ---------------------------------------------------------------- play

/** A Random whose uniforms are scripted: the dying rules' d% (a Bernoulli of 1/10) draws one each. */
class Uniforms implements Random {
  constructor(readonly values: number[]) {}
  uniform(): number {
    const v = this.values.shift();
    if (v === undefined) throw new Error('scripted uniforms ran out');
    return v;
  }
  int(): number {
    throw new Error('not expected');
  }
  normal(): number {
    throw new Error('not expected');
  }
}

class ScriptedPlayer extends StepContext {
  constructor(
    world: World,
    readonly dice: Uniforms,
  ) {
    super(world);
  }
  override rng(name: StreamName): Random {
    return name === 'player' ? this.dice : super.rng(name);
  }
}

const ALONE = ['#######', '#.@...#', '#######'];

function hero(settings: Traits, hp: number, map = ALONE, seed = 'dying-0'): World {
  return scenario({ ruleset: 'd20', seed, map, settings: { restTurnsPerHour: 1, ...settings }, player: { hp, maxHp: 27 } });
}

describe('d20 dying rules in play', () => {
  it('a blow to −3 leaves the hero dying, unconscious, and the HUD says so; under dead-at-0 it kills', () => {
    const w = hero({}, 5);
    const ctx = new StepContext(w);
    ctx.damage(player(w), 8, { cause: 'killed by a test' });
    const h = player(w);
    expect(h.alive).toBe(true);
    expect(h.hp).toBe(-3);
    expect(getRuleset('d20').down!.helpless(w, h)).toBe(true);
    expect(hudOf(w, getRuleset('d20')).stats[0]).toEqual({ label: 'Condition', value: 'Dying (\u22123 hp)' });

    const old = hero({ dying: 'dead-at-0' }, 5);
    new StepContext(old).damage(player(old), 8, { cause: 'killed by a test' });
    expect(player(old).alive).toBe(false);
  });

  it('dying at −9, a failed d% takes him to −10: dead, of what brought him down; a made one leaves him stable', () => {
    const w = hero({}, 1);
    const ctx = new ScriptedPlayer(w, new Uniforms([0.5]));
    ctx.damage(player(w), 10, { cause: 'killed by a test trap', trap: { id: 77, kind: 'spear' } });
    expect(player(w).hp).toBe(-9);
    getRuleset('d20').down!.pass(ctx, player(w));
    expect(player(w).hp).toBe(-10);
    expect(player(w).alive).toBe(false);
    expect(ctx.events.find((e) => e.type === 'died')).toMatchObject({ cause: 'killed by a test trap', trap: 77, trapKind: 'spear' });

    const s = hero({}, 1);
    const sc = new ScriptedPlayer(s, new Uniforms([0.05]));
    sc.damage(player(s), 10, { cause: 'killed by a test' });
    getRuleset('d20').down!.pass(sc, player(s));
    expect(player(s).hp).toBe(-9);
    expect(player(s).alive).toBe(true);
    expect(hudOf(s, getRuleset('d20')).stats[0]!.value).toBe('Stable, unconscious (\u22129 hp)');
  });

  it('healing of 1 hp stops the dying (stable, no roll); healed to 1 or more he is up', () => {
    const w = hero({}, 1);
    const ctx = new ScriptedPlayer(w, new Uniforms([]));
    ctx.damage(player(w), 6, { cause: 'killed by a test' });
    expect(player(w).hp).toBe(-5);
    // A heal of 1 (the SRD: "any sort of healing"), then his turn: no d% is drawn (the script has none).
    ctx.emit({ type: 'actorUpdated', actor: w.playerId, changes: { hp: -4 } });
    getRuleset('d20').down!.pass(ctx, player(w));
    expect(hudOf(w, getRuleset('d20')).stats[0]!.value).toBe('Stable, unconscious (\u22124 hp)');
    ctx.emit({ type: 'actorUpdated', actor: w.playerId, changes: { hp: 2 } });
    getRuleset('d20').onWorldTurn!(ctx);
    expect(getRuleset('d20').down!.helpless(w, player(w))).toBe(false);
    expect(hudOf(w, getRuleset('d20')).stats[0]!.label).not.toBe('Condition');
    expect(player(w).status.down).toBeUndefined();
  });

  it('disabled at 0: moving costs nothing; attacking costs 1 hp after it, and he is dying', () => {
    const w = hero({}, 3);
    new StepContext(w).damage(player(w), 3, { cause: 'killed by a test' });
    expect(player(w).hp).toBe(0);
    expect(hudOf(w, getRuleset('d20')).stats[0]!.value).toBe('Disabled (0 hp)');
    const moved = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(moved.refused).toBeUndefined();
    expect(player(w).hp).toBe(0);
    expect(moved.events.some((e) => e.type === 'damaged')).toBe(false);

    const f = scenario({ ruleset: 'd20', seed: 'dying-fight', map: ['#######', '#.@r..#', '#######'], sleepingMonsters: true, player: { hp: 3, maxHp: 27 } });
    new StepContext(f).damage(player(f), 3, { cause: 'killed by a test' });
    const r = step(f, { type: 'move', dx: 1, dy: 0 });
    const id = f.playerId;
    expect(r.events.some((e) => e.type === 'attacked' && e.attacker === id)).toBe(true);
    const strain = r.events.findIndex((e) => e.type === 'damaged' && e.actor === id && e.amount === 1 && e.damageType === 'strain');
    expect(strain).toBeGreaterThan(r.events.findIndex((e) => e.type === 'attacked' && e.attacker === id));
    expect(r.events.some((e) => e.type === 'actorUpdated' && e.actor === id && e.changes.status?.down === 1)).toBe(true);
  });

  it('the page is never asked while he is helpless: one step passes every unconscious turn, within the turn limit', () => {
    const w = hero({ turnLimit: 40, restTurnsPerHour: 600 }, 5);
    const ctx = new ScriptedPlayer(w, new Uniforms([0.05]));
    ctx.damage(player(w), 6, { cause: 'killed by a test' });
    getRuleset('d20').down!.pass(ctx, player(w));
    // Stable at −1: his hourly roll is 600 turns away; the game's limit of 40 turns ends it first.
    const r = step(w, { type: 'wait' });
    expect(r.refused).toBeUndefined();
    expect(w.over?.cause).toBe('Ran out of time');
    expect(w.turn).toBeLessThanOrEqual(40);
  });

  it('a thousand heroes left at −3 alone die as often as the chain says', () => {
    const n = 1000;
    let dead = 0;
    for (let i = 0; i < n; i++) {
      const w = hero({ turnLimit: 100_000 }, 1, ALONE, `bleed-${i}`);
      new StepContext(w).damage(player(w), 4, { cause: 'killed by a test' });
      // Waits until he dies, or recovers (the daily roll) or is up again: then he lives.
      for (let k = 0; k < 5000 && !w.over; k++) {
        const h = player(w);
        if (h.hp >= 0 && h.status.down !== 2 && h.status.down !== 1) break;
        if (h.status.down === 4) break;
        step(w, { type: 'wait' });
      }
      expect(w.over?.cause === 'Ran out of time').toBe(false);
      if (!player(w).alive) dead++;
    }
    // The SRD's chance from −3 (n = 7 losses): (9/10)^7 (1 + 7/10 + 56/200) = 0.9470..., by enumeration.
    const f = dies('dying', -3);
    const p = Number(f.n) / Number(f.d);
    const se = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(dead / n - p), `${dead} of ${n} dead, the chain says ${p}`).toBeLessThanOrEqual(4.5 * se);
  }, 120_000);
});
