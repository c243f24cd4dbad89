/**
 * The omega odds checks against the seed's worked example and against independent brute-force
 * enumerations written here with plain loops over random_range's faces.
 */
import { environmentById } from '../../../src/rulesets/omega/environments.ts';
import { describe, expect, it } from 'vitest';
import { exact, mean, type Outcome, type Prob, probabilityOf, sample } from '../../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import type { CheckInputs } from '../../../src/core/ruleset.ts';
import { Stream } from '../../../src/core/rng.ts';
import type { Traits } from '../../../src/core/world.ts';

const omega = () => getRuleset('omega');
const ideal: Traits = { emulateRandomRange: false };
const literal: Traits = { emulateRandomRange: true };

function run(check: string, inputs: CheckInputs, settings: Traits = ideal): Prob<Outcome> {
  const c = omega().checks[check];
  if (!c) throw new Error(`no check ${check}`);
  const why = c.validate?.(inputs) ?? null;
  if (why) throw new Error(why);
  return c.program(inputs, settings);
}

/** The exact probability of an outcome as [num, den]. */
function p(prog: Prob<Outcome>, outcome: Outcome): [bigint, bigint] {
  const o = probabilityOf(prog, outcome);
  if (!o.exact) throw new Error('expected an exact probability');
  return [o.exact.num, o.exact.den];
}

/** a/b == c/d, compared as integers. */
function same([a, b]: [bigint, bigint], c: number | bigint, d: number | bigint): boolean {
  return a * BigInt(d) === BigInt(c) * b;
}

/** Counts of (component, disarmed, failed, accident) over every face of the three ideal dice. */
function bruteDisarm(dex: number, level: number, rank: number, D: number, component: boolean): { counts: number[]; total: number } {
  const n = 50 + 5 * D;
  const m = 10 + 2 * D;
  const counts = [0, 0, 0, 0];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < 100; c++)
      for (let a = 0; a < m; a++) {
        if (r < 2 * dex + 3 * level + 10 * rank) {
          if (component && c < dex + 10 * rank) counts[0]!++;
          else counts[1]!++;
        } else if (a > dex) counts[3]!++;
        else counts[2]!++;
      }
  return { counts, total: n * 100 * m };
}

describe('omega disarm check', () => {
  it("reproduces the seed's worked example: 27/65 to disarm, then 12% components, 3/16 accidents", () => {
    // A level-1 nonmember with Dexterity 12 in Rampart (D = 3).
    const prog = run('disarm', { dex: 12, level: 1, rank: 0, difficulty: 3 });
    const component = p(prog, 'component');
    const disarmed = p(prog, 'disarmed');
    const failed = p(prog, 'failed');
    const accident = p(prog, 'accident');
    // P(success) = P(component) + P(disarmed) = 27/65.
    const success: [bigint, bigint] = [component[0] * disarmed[1] + disarmed[0] * component[1], component[1] * disarmed[1]];
    expect(same(success, 27, 65)).toBe(true);
    // P(component | success) = 12/100.
    expect(component[0] * success[1] * 100n).toBe(12n * success[0] * component[1]);
    // P(accident | failure) = 3/16, and failure = 38/65.
    const failure: [bigint, bigint] = [failed[0] * accident[1] + accident[0] * failed[1], failed[1] * accident[1]];
    expect(same(failure, 38, 65)).toBe(true);
    expect(accident[0] * failure[1] * 16n).toBe(3n * failure[0] * accident[1]);
  });

  it('matches a brute-force enumeration for other inputs', () => {
    const cases = [
      { dex: 12, level: 1, rank: 0, difficulty: 3 },
      { dex: 18, level: 5, rank: 2, difficulty: 7 },
      { dex: 8, level: 3, rank: 0, difficulty: 10 },
      { dex: 25, level: 12, rank: 5, difficulty: 1 },
      { dex: 3, level: 0, rank: 0, difficulty: 9 },
    ];
    for (const c of cases) {
      const prog = run('disarm', c);
      const { counts, total } = bruteDisarm(c.dex, c.level, c.rank, c.difficulty, true);
      ['component', 'disarmed', 'failed', 'accident'].forEach((o, i) => {
        expect(same(p(prog, o), counts[i]!, total), `${JSON.stringify(c)} ${o}`).toBe(true);
      });
    }
  });

  it('gives no component for pit, trapdoor, blade and siren', () => {
    for (const trap of ['pit', 'trapdoor', 'blade', 'siren']) {
      const prog = run('disarm', { dex: 18, level: 5, rank: 2, difficulty: 7, trap });
      expect(p(prog, 'component')[0]).toBe(0n);
      const { counts, total } = bruteDisarm(18, 5, 2, 7, false);
      expect(same(p(prog, 'disarmed'), counts[1]!, total)).toBe(true);
    }
    for (const trap of ['dart', 'acid', 'snare', 'fire', 'teleport', 'sleepgas', 'disintegrate', 'abyss', 'manadrain']) {
      const prog = run('disarm', { dex: 18, level: 5, rank: 2, difficulty: 7, trap });
      const { counts, total } = bruteDisarm(18, 5, 2, 7, true);
      expect(same(p(prog, 'component'), counts[0]!, total), trap).toBe(true);
    }
  });

  it('clamps to certainty (a skilled thief never fails at D 1)', () => {
    const prog = run('disarm', { dex: 30, level: 10, rank: 5, difficulty: 1 });
    expect(p(prog, 'failed')[0] + p(prog, 'accident')[0]).toBe(0n);
    // Dex 100 + 10R >= 100: every success yields a component.
    const sure = run('disarm', { dex: 100, level: 0, rank: 0, difficulty: 1 });
    expect(same(p(sure, 'component'), 1, 1)).toBe(true);
  });

  it("reads random_range literally when asked: 27/65 becomes 4154/10000 (RULES.md)", () => {
    const prog = run('disarm', { dex: 12, level: 1, rank: 0, difficulty: 3 }, literal);
    const [cn, cd] = p(prog, 'component');
    const [dn, dd] = p(prog, 'disarmed');
    expect((cn * dd + dn * cd) * 10000n).toBe(4154n * cd * dd);
    // Independently: #{u in 0..9999 : floor(u * 65 / 10000) < 27}.
    let hits = 0;
    for (let u = 0; u < 10000; u++) if (Math.floor((u * 65) / 10000) < 27) hits++;
    expect(hits).toBe(4154);
  });

  it('declares the exact CLI names: params dex, level, rank, difficulty, trap; the four outcomes', () => {
    const c = omega().checks.disarm!;
    expect(c.params.map((x) => x.name)).toEqual(['dex', 'level', 'rank', 'difficulty', 'trap']);
    expect(c.outcomes).toEqual(['component', 'disarmed', 'failed', 'accident']);
  });
});

describe('omega dodge check', () => {
  /** P(avoided) by plain enumeration of random_range(k). */
  function bruteAvoid(trap: string, agility: number, dex: number, level: number): [number, number] {
    let avoided = 0;
    const k = trap === 'blade' ? 30 : trap === 'fire' ? 50 : 100;
    for (let r = 0; r < k; r++) {
      if (trap === 'blade' || trap === 'fire') avoided += r < agility + level ? 1 : 0;
      else if (trap === 'acid') avoided += agility + level < r ? 0 : 1;
      else if (trap === 'abyss') avoided += dex + level < r ? 0 : 1;
      else avoided += r < agility ? 1 : 0;
    }
    return [avoided, k];
  }

  it('matches enumeration for every trap and several players', () => {
    for (const trap of ['blade', 'fire', 'acid', 'snare', 'trapdoor', 'abyss'])
      for (const [agility, dex, level] of [
        [12, 12, 1],
        [5, 20, 3],
        [18, 9, 8],
        [40, 40, 30],
        [0, 0, 0],
      ] as const) {
        const prog = run('dodge', { trap, agility, dex, level });
        const [a, k] = bruteAvoid(trap, agility, dex, level);
        expect(same(p(prog, 'avoided'), a, k), `${trap} ${agility}/${dex}/${level}`).toBe(true);
        expect(same(p(prog, 'hit'), k - a, k), `${trap} ${agility}/${dex}/${level}`).toBe(true);
      }
  });

  it('states the seed values: blade (Agi+level)/30 capped, snare Agi/100, abyss falls (99-Dex-level)/100', () => {
    expect(same(p(run('dodge', { trap: 'blade', agility: 12, dex: 0, level: 1 }), 'avoided'), 13, 30)).toBe(true);
    expect(same(p(run('dodge', { trap: 'blade', agility: 29, dex: 0, level: 5 }), 'avoided'), 1, 1)).toBe(true);
    expect(same(p(run('dodge', { trap: 'fire', agility: 12, dex: 0, level: 1 }), 'avoided'), 13, 50)).toBe(true);
    expect(same(p(run('dodge', { trap: 'snare', agility: 12, dex: 0, level: 9 }), 'avoided'), 12, 100)).toBe(true);
    expect(same(p(run('dodge', { trap: 'abyss', agility: 0, dex: 12, level: 1 }), 'hit'), 86, 100)).toBe(true);
    expect(same(p(run('dodge', { trap: 'acid', agility: 12, dex: 0, level: 1 }), 'hit'), 86, 100)).toBe(true);
  });
});

describe('omega teleport check', () => {
  it('is dangerous with (D^2 + 1)/10000, capped at certainty', () => {
    for (const D of [0, 1, 3, 7, 10, 50, 99, 100, 150]) {
      const prog = run('teleport', { difficulty: D });
      let dangerous = 0;
      for (let r = 0; r < 10000; r++) if (!(r > D * D)) dangerous++;
      expect(same(p(prog, 'dangerous'), dangerous, 10000), `D ${D}`).toBe(true);
      expect(same(p(prog, 'dangerous'), Math.min(D * D + 1, 10000), 10000), `D ${D}`).toBe(true);
    }
  });
});

/** RULES.md section 2's table, written out independently. */
const EXPECTED_D: Record<string, (depth: number) => number> = {
  countryside: () => 7,
  city: () => 3,
  village: () => 1,
  'tactical-map': () => 7,
  sewers: (d) => Math.floor(d / 6) + 3,
  castle: (d) => Math.floor(d / 4) + 4,
  caves: (d) => Math.floor(d / 3) + 1,
  volcano: (d) => Math.floor(d / 4) + 5,
  astral: () => 8,
  arena: () => 5,
  hovel: () => 3,
  mansion: () => 7,
  house: () => 5,
  'dragon-lair': () => 9,
  abyss: () => 10,
  'star-peak': () => 9,
  circle: () => 8,
  'magic-isle': () => 8,
  temple: () => 8,
  court: () => 3,
  palace: () => 3,
};

describe('omega location difficulty D', () => {
  it('covers every environment of the setting, and the difficulty check and levelInfo give RULES.md values', () => {
    const spec = omega().settings.find((s) => s.name === 'environment')!;
    expect([...(spec.values ?? [])].sort()).toEqual(Object.keys(EXPECTED_D).sort());
    for (const [env, f] of Object.entries(EXPECTED_D))
      for (let depth = 1; depth <= 24; depth++) {
        const m = mean(run('difficulty', { environment: env, depth }) as Prob<number>);
        expect(m.p, `${env} depth ${depth}`).toBe(f(depth));
        const info = omega().levelInfo(depth, resolveSettings(omega(), { environment: env }), 'rooms');
        expect(info.D, `${env} depth ${depth}`).toBe(f(depth));
        expect(info.location).toBe(environmentById(env).name);
      }
  });

  it('spot-checks the dungeon formulas: caves 12 -> 5, sewers 6 -> 4, castle 3 -> 4, volcano 8 -> 7', () => {
    const d = (environment: string, depth: number) => mean(run('difficulty', { environment, depth }) as Prob<number>).p;
    expect(d('caves', 12)).toBe(5);
    expect(d('caves', 2)).toBe(1);
    expect(d('sewers', 6)).toBe(4);
    expect(d('sewers', 5)).toBe(3);
    expect(d('castle', 3)).toBe(4);
    expect(d('volcano', 8)).toBe(7);
    expect(omega().checks.difficulty!.numeric).toBe(true);
  });
});

describe('omega search and sleep checks', () => {
  it('finds with 2/3, surely while alert', () => {
    expect(same(p(run('search', { alert: false }), 'found'), 2, 3)).toBe(true);
    expect(same(p(run('search', { alert: true }), 'found'), 1, 1)).toBe(true);
  });

  it('puts the player to sleep for 2 to 2s+1 counts, s = D/5 + 1', () => {
    for (const D of [1, 3, 5, 9, 10, 14]) {
      const s = Math.floor(D / 5) + 1;
      const dist = exact(run('sleep', { difficulty: D }) as Prob<number>);
      expect(dist.map((o) => o.value)).toEqual(Array.from({ length: 2 * s }, (_, i) => i + 2));
      for (const o of dist) expect(same([o.exact!.num, o.exact!.den], 1, 2 * s)).toBe(true);
    }
  });

  it('samples what it reads: play draws outcomes the exact table allows', () => {
    const rng = Stream.fromSeed(7);
    const prog = run('disarm', { dex: 12, level: 1, rank: 0, difficulty: 3 });
    const seen = new Set<Outcome>();
    for (let i = 0; i < 400; i++) seen.add(sample(prog, rng));
    expect([...seen].sort()).toEqual(['accident', 'component', 'disarmed', 'failed']);
  });
});
