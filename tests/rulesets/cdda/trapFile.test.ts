/**
 * CDDA's traps are data: a designer's trap file holding a JSON copy of every built-in kind plays
 * and reads exactly like the ruleset itself; the example file's new kind plays what its
 * definition says (a spike to the torso, a nail board half the time, three charges), and its exact
 * step reading is an independent computation from the avoidance dice and the spike's 2d8.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { trapAt } from '../../../src/core/level.ts';
import { exact } from '../../../src/core/prob.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { stepOdds } from '../../../src/core/stepOdds.ts';
import type { TrapFile, TrapKind } from '../../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../../src/core/traps/files.ts';
import { parseTrapFile } from '../../../src/core/traps/schema.ts';
import { detectCheck } from '../../../src/rulesets/cdda/checks.ts';
import { detectInputs as cddaDetectInputs, spotReading } from '../../../src/rulesets/cdda/detection.ts';
import { TRAP_DEFS } from '../../../src/rulesets/cdda/traps.ts';
import { runOdds } from '../../../src/sim/odds.ts';
import { columnReport } from '../../../src/sim/report.ts';
import { runBatch, type SimSpec } from '../../../src/sim/runner.ts';
import type { Traits, World } from '../../../src/core/world.ts';
import { scenario } from '../../support/scenario.ts';
import { damageTo, diceCounts, hero, NEVER_AVOIDS, pAtLeast, reduced, stepEast, texts } from './helpers.ts';

/** helpers.ts `corridor` under a file's ruleset: the survivor with the trap to the east. */
function corridor(ruleset: string, kind: string, seed: string, traits: Traits, charges?: number): World {
  return scenario({
    ruleset,
    seed,
    map: ['#########', '#..@^...#', '#########'],
    traps: [{ kind, ...(charges !== undefined ? { charges } : {}) }],
    player: { traits },
  });
}

function example(name: string): TrapFile {
  return parseTrapFile(readFileSync(new URL(`../../../examples/traps/${name}.json`, import.meta.url), 'utf8'), name);
}

/** Every built-in kind, copied through JSON text as a designer would save it. */
const COPY: TrapFile = parseTrapFile(
  JSON.stringify({ format: 'trapsmith-traps', version: 1, ruleset: 'cdda', name: 'copy of the seed', traps: TRAP_DEFS.map((d) => d.kind) }),
  'copy',
);

function file(name: string, traps: readonly unknown[]): TrapFile {
  return { format: 'trapsmith-traps', version: 1, ruleset: 'cdda', name, traps: traps as TrapKind[] };
}

/** A plain kind a designer might write, to break one field of at a time. */
const PLAIN: TrapKind = {
  id: 'glass',
  name: 'broken glass',
  colour: '#a0e0ff',
  hosts: ['floor'],
  placement: { weight: 1 },
  charges: -1,
  numbers: { V: 3, A: 5, D: 0 },
  effect: { do: 'damage', damage: '1d4' },
};

function outcomeOr(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    return (e as Error).message;
  }
}

describe('cdda: a JSON copy of the built-in traps', () => {
  const copyId = applyTrapFile(COPY, 'copy');

  it('gives the same table, and identical odds for every check of every kind', () => {
    const base = getRuleset('cdda');
    const copy = getRuleset(copyId);
    expect(copy.traps.map((t) => t.id)).toEqual(base.traps.map((t) => t.id));
    expect(copy.traps.map((t) => t.columns)).toEqual(base.traps.map((t) => t.columns));
    expect(Object.keys(copy.checks)).toEqual(Object.keys(base.checks));
    let read = 0;
    for (const trap of base.traps.map((t) => t.id)) {
      for (const inputs of [
        { trap, head: 84, torso: 84 },
        { trap, head: 12, torso: 9, 'broken-legs': 1, dex: 12, dodge: 3, known: true },
        { trap, head: 3, torso: 40, 'broken-legs': 2, dex: 4, 'light-step': true, clumsy: true },
        ...(trap === 'shotgun' ? [{ trap, head: 50, torso: 50, 'last-charge': true }] : []),
      ]) {
        const a = outcomeOr(() => runOdds('cdda', 'step', inputs));
        const b = outcomeOr(() => runOdds(copyId, 'step', inputs));
        expect(typeof b === 'string' ? b : { ...(b as object), ruleset: 'cdda' }, `${trap} ${JSON.stringify(inputs)}`).toEqual(a);
        read++;
      }
    }
    expect(read).toBe(3 * base.traps.length + 1);
    for (const [check, inputs] of [
      ['detect', { visibility: 4, per: 10, distance: 2 }],
      ['avoid', { avoidance: 7, dex: 9, aware: true }],
      ['monster-avoid', { avoidance: 4, dodge: 2 }],
      ['disarm', { skill: 2, difficulty: 5 }],
      ['teleport', { 'empty-squares': 300, 'blocked-squares': 200 }],
    ] as const)
      expect({ ...runOdds(copyId, check, inputs), ruleset: 'cdda' }).toEqual(runOdds('cdda', check, inputs));
  });

  it('gives identical sim output on the same seeds (the careful and the reckless bot)', async () => {
    for (const bot of ['careful', 'reckless']) {
      const specs: SimSpec[] = [
        { ruleset: 'cdda', bot, depth: 3, levels: 1 },
        { ruleset: 'cdda', traps: COPY, bot, depth: 3, levels: 1 },
      ];
      const result = await runBatch({ columns: specs, runs: 12, seedStart: 100 });
      const [a, b] = result.columns.map((s, i) => columnReport(specs[i]!, s));
      expect(b!.id).toBe(copyId);
      const { id: _a, traps: _ta, ...plain } = a!;
      const { id: _b, traps: _tb, ...copied } = b!;
      expect(copied).toEqual(plain);
      expect(a!.run.runs).toBe(12);
    }
  }, 120_000);
});

describe('cdda: the example trap file (spring spike)', () => {
  const id = applyTrapFile(example('cdda-spring-spike'), 'spring spike');

  it('a spike springs into the torso for 2d8, a nail board half the time, and a charge is spent', () => {
    let boards = 0;
    const n = 200;
    for (let i = 0; i < n; i++) {
      const w = corridor(id, 'spring_spike', `spike-${i}`, NEVER_AVOIDS, 3);
      const events = stepEast(w);
      const said = texts(events);
      expect(said).toContain('A spike springs up into your torso!');
      const hits = damageTo(events, w.playerId);
      expect(hits[0]!.part).toBe('torso');
      expect(hits[0]!.amount).toBeGreaterThanOrEqual(2);
      expect(hits[0]!.amount).toBeLessThanOrEqual(16);
      if (said.includes('You step on a spiked board!')) {
        boards++;
        expect(hits.slice(1).map((h) => h.part)).toEqual(['leg_l', 'leg_r']);
      } else expect(hits).toHaveLength(1);
      expect(events.some((e) => e.type === 'noise' && e.volume === 6)).toBe(true);
      expect(trapAt(w, 4, 1)?.charges).toBe(2);
    }
    expect(Math.abs(boards / n - 0.5)).toBeLessThan(4.5 * Math.sqrt(0.25 / n));
  });

  it('its exact step reading is the avoidance dice, then 2d8 against the torso', () => {
    // Dex 8, Dodge 0, unaware: 3d8 against 6d6 (its A 6), ties avoid; then 2d8 kills at a torso of 10 on 10 or more: 28 of 64.
    const [an, ad] = pAtLeast(diceCounts(3, 1, 8), diceCounts(6, 1, 6));
    const avoided = reduced([an, ad]);
    const death = reduced([(ad - an) * 28n, ad * 64n]);
    const hurt = reduced([(ad - an) * 36n, ad * 64n]);
    const r = runOdds(id, 'step', { trap: 'spring_spike', head: 40, torso: 10 });
    expect(r.outcomes.avoided!.exact).toBe(avoided);
    expect(r.outcomes.death!.exact).toBe(death);
    expect(r.outcomes.hurt!.exact).toBe(hurt);
    expect(r.outcomes.unhurt!.exact).toBe('0/1');
    // The live reading of the survivor beside it (the hover's) is this reading of its body now.
    const w = corridor(id, 'spring_spike', 'live', { dex: 8, dodge: 0, clumsy: false, lightStep: false });
    const me = hero(w);
    const trap = trapAt(w, 4, 1)!;
    const inputs = getRuleset(id).stepInputs!(w, me, trap)!;
    expect(inputs).toMatchObject({ trap: 'spring_spike', head: me.parts!.head!.hp, torso: me.parts!.torso!.hp, dex: 8, dodge: 0 });
    const live = stepOdds(w, me, trap)!;
    const read = runOdds(id, 'step', inputs).outcomes;
    for (const o of ['avoided', 'unhurt', 'hurt', 'death']) expect(`${live[o]!.exact!.num}/${live[o]!.exact!.den}`).toBe(read[o]!.exact);
  });
});

describe('cdda: a designer kind CDDA cannot play is refused, naming the field', () => {
  const refused = (traps: readonly unknown[]) => outcomeOr(() => applyTrapFile(file(`bad ${JSON.stringify(traps).length}-${Math.random()}`, traps), 'bad.json'));

  it('its numbers', () => {
    expect(refused([{ ...PLAIN, numbers: { V: 'hard', A: 5, D: 0 } }])).toMatch(/^bad\.json: traps\[0\]\.numbers\.V: expected visibility, a whole number 0 to 99 .*got "hard"$/);
    expect(refused([{ ...PLAIN, numbers: { A: 5, D: 0 } }])).toMatch(/traps\[0\]\.numbers\.V: expected visibility/);
    expect(refused([{ ...PLAIN, numbers: { V: 1, A: 5, D: 100 } }])).toMatch(/traps\[0\]\.numbers\.D: expected difficulty to disarm/);
    expect(refused([{ ...PLAIN, numbers: { V: 1, A: 5, D: 0, difficulty: 3 } }])).toMatch(/traps\[0\]\.numbers\.difficulty: cdda reads no such number/);
  });

  it('its effect, hosts and settings', () => {
    expect(refused([PLAIN, { ...PLAIN, id: 'dart', effect: { do: 'attack', noun: 'dart', damage: '1d4' } }])).toMatch(/traps\[1\]\.effect: CDDA rolls no attack for a trap/);
    expect(refused([{ ...PLAIN, hosts: ['door'] }])).toMatch(/traps\[0\]\.hosts: CDDA's traps lie on the ground/);
    expect(refused([{ ...PLAIN, effect: { do: 'damage', damage: '$nope' } }])).toMatch(/traps\[0\]\.effect\.damage: "\$nope" is not a whole-number setting of cdda/);
    expect(refused([{ ...PLAIN, effect: { do: 'all', effects: [{ do: 'custom', name: 'telepad' }] } }])).toMatch(/traps\[0\]\.effect\.effects\[0\]\.name: cdda's "telepad" plays in its own kinds only/);
    expect(refused([{ ...PLAIN, effect: { do: 'custom', name: 'quicksand' } }])).toMatch(/traps\[0\]\.effect\.name: cdda has no custom effect "quicksand"/);
  });

  it('__proto__ and constructor as names', () => {
    expect(refused([{ ...PLAIN, effect: { do: 'custom', name: 'constructor' } }])).toMatch(/traps\[0\]\.effect\.name: cdda has no custom effect "constructor"/);
    expect(outcomeOr(() => parseTrapFile('{"format":"trapsmith-traps","version":1,"ruleset":"cdda","name":"p","traps":[{"__proto__":{}}]}', 'p.json'))).toMatch(/"__proto__" cannot be a name here/);
    expect(outcomeOr(() => runOdds('cdda', 'step', { trap: 'constructor', head: 9, torso: 9 }))).toMatch(/constructor/);
    expect(outcomeOr(() => runOdds('cdda', 'step', { trap: '__proto__', head: 9, torso: 9 }))).toMatch(/__proto__/);
    // A kind may be called constructor, and leave "constructor" items: plain words, no lookups of the prototype.
    const id = applyTrapFile(file('constructor kinds', [{ ...PLAIN, id: 'constructor', numbers: { V: 1, A: 2, D: 0, returns: 'constructor' } }]), 'c.json');
    expect(getRuleset(id).traps.at(-1)!.columns.returns).toBe('constructor');
    expect(runOdds(id, 'step', { trap: 'constructor', head: 9, torso: 9 }).outcomes.death!.exact).toBe('0/1');
  });
});

describe('cdda: spotting read exactly (detection.ts spotReading)', () => {
  it("a search and the look in passing are one turn's detection roll, beside the trap and from where you stand", () => {
    const w = scenario({ ruleset: 'cdda', map: ['#######', '#@..^.#', '#######'], traps: [{ kind: 'beartrap' }] });
    const me = hero(w);
    const trap = trapAt(w, 4, 1)!;
    const r = spotReading(getRuleset('cdda'), w, me, trap)!;
    const ctx = new StepContext(w);
    const here = cddaDetectInputs(ctx, me, trap);
    expect(here.distance).toBe(3);
    // A normal distribution: floats, not fractions.
    const seen = (inputs: typeof here) => exact(detectCheck(inputs)).find((o) => o.value === 'seen')!.p;
    expect(runOdds('cdda', r.passing.check, r.passing.inputs).outcomes.seen!.p).toBe(seen(here));
    expect(runOdds('cdda', r.search.check, r.search.inputs).outcomes.seen!.p).toBe(seen({ ...here, distance: 1 }));
    expect(seen({ ...here, distance: 1 })).toBeGreaterThan(seen(here));
    expect(r.search.found).toEqual(['seen']);
  });
});
