/**
 * d20's traps are data: a designer's trap file holding a JSON copy of every built-in kind plays
 * and reads exactly like the ruleset itself; the example file's crossbow (the vocabulary's attack
 * through the d20 dialect) plays what it says, and its exact step reading is both a hand
 * computation and what the engine does; bad kinds are refused naming their fields.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { player, trapAt } from '../../../src/core/level.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { stepOdds } from '../../../src/core/stepOdds.ts';
import type { TrapFile, TrapKind } from '../../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../../src/core/traps/files.ts';
import { parseTrapFile } from '../../../src/core/traps/schema.ts';
import { trapDefs } from '../../../src/rulesets/d20/traps.ts';
import { runOdds } from '../../../src/sim/odds.ts';
import { runBatch, type SimSpec } from '../../../src/sim/runner.ts';
import { columnReport } from '../../../src/sim/report.ts';
import { scenario } from '../../support/scenario.ts';

function example(name: string): TrapFile {
  return parseTrapFile(readFileSync(new URL(`../../../examples/traps/${name}.json`, import.meta.url), 'utf8'), name);
}

const BUILT_IN: TrapKind[] = trapDefs().map((d) => d.kind!);

/** Every built-in kind, copied through JSON text as a designer would save it. */
const COPY: TrapFile = parseTrapFile(JSON.stringify({ format: 'trapsmith-traps', version: 1, ruleset: 'd20', name: 'copy of the srd', traps: BUILT_IN }), 'copy');

function file(name: string, traps: unknown[]): TrapFile {
  return { format: 'trapsmith-traps', version: 1, ruleset: 'd20', name, traps: traps as TrapKind[] };
}

/** The step check's outcomes, or its refusal. */
function oddsOrRefusal(id: string, inputs: Record<string, string | number | boolean>): unknown {
  try {
    return runOdds(id, 'step', inputs).outcomes;
  } catch (e) {
    return (e as Error).message.replace(id, '<r>');
  }
}

describe('d20: a JSON copy of the built-in traps', () => {
  const copyId = applyTrapFile(COPY, 'copy');

  it('has the same table and gives identical odds for every check of every kind', () => {
    const base = getRuleset('d20');
    const copy = getRuleset(copyId);
    expect(copy.traps.map((t) => [t.id, t.columns])).toEqual(base.traps.map((t) => [t.id, t.columns]));
    expect(Object.keys(copy.checks)).toEqual(Object.keys(base.checks));
    let read = 0;
    for (const trap of base.traps.map((t) => t.id).filter((t) => t !== 'designed')) {
      const cases: Array<Record<string, string | number | boolean>> = [
        { trap, hp: 7, ac: 14, ref: 3, fort: 2 },
        { trap, hp: 30, ac: 20, ref: 8, fort: 6, score: 14, hd: 5 },
        { trap, hp: 2, ac: 8, flying: true, 'move-silently': 5 },
      ];
      for (const inputs of cases) {
        expect(oddsOrRefusal(copyId, inputs)).toEqual(oddsOrRefusal('d20', inputs));
        read++;
      }
    }
    expect(read).toBe(66);
    const dmg = { dice: '2d6', str: 2 };
    expect(runOdds(copyId, 'damage', dmg).outcomes).toEqual(runOdds('d20', 'damage', dmg).outcomes);
  });

  it('gives identical sim output on the same seeds', async () => {
    for (const bot of ['careful', 'reckless']) {
      const specs: SimSpec[] = [
        { ruleset: 'd20', bot, depth: 3, levels: 2 },
        { ruleset: 'd20', traps: COPY, bot, depth: 3, levels: 2 },
      ];
      const result = await runBatch({ columns: specs, runs: 12, seedStart: 100 });
      const [a, b] = result.columns.map((s, i) => columnReport(specs[i]!, s));
      expect(b!.id).toBe(copyId);
      const { id: _a, traps: _ta, ...plain } = a!;
      const { id: _b, traps: _tb, ...copied } = b!;
      expect(copied).toEqual(plain);
      expect(a!.run.runs).toBe(12);
    }
  });
});

describe('d20: the example trap file', () => {
  const id = applyTrapFile(example('d20-crossbow-gallery'), 'crossbow gallery');

  it('lists its kinds with the CR, DCs and attack the designer gives them', () => {
    const t = getRuleset(id).traps;
    const bow = t.find((x) => x.id === 'crossbow')!;
    expect(bow.columns).toMatchObject({ cr: 1, search: 22, disable: 20, 'attack/save': '+12', damage: '1d10', price: 1800 });
    expect(t.find((x) => x.id === 'deep_spiked_pit')!.columns).toMatchObject({ 'attack/save': 'DC 18 Reflex', damage: '30 ft. (3d6), spikes', effect: 'pit' });
  });

  it("the crossbow's exact step reading is a hand computation and what the engine does (2,000 steps)", () => {
    const fixture = (seed: string) => scenario({ ruleset: id, seed, map: ['#######', '#.@^..#', '#.....#', '#######'], settings: { dying: 'dead-at-0' }, traps: [{ kind: 'crossbow' }], player: { hp: 8, maxHp: 20 } });
    const first = fixture('bow-0');
    const inputs = getRuleset(id).stepInputs!(first, player(first), trapAt(first, 3, 1)!)!;
    const ac = Number(inputs.ac);
    const hp = Number(inputs.hp);
    // By hand: d20 + 12 vs AC, 1 misses and 20 hits; 19-20 threaten, confirmed by a hit; 1d10, x2 (2d10) on a critical.
    const hits = (n: number) => n !== 1 && (n === 20 || n + 12 >= ac);
    const pHit = Array.from({ length: 20 }, (_, i) => i + 1).filter(hits).length / 20;
    const pThreat = [19, 20].filter(hits).length / 20;
    const one = (k: number) => Array.from({ length: 10 }, (_, i) => i + 1).filter((d) => d >= k).length / 10;
    let two = 0;
    for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a + b >= hp) two += 1 / 100;
    const death = (pHit - pThreat) * one(hp) + pThreat * (pHit * two + (1 - pHit) * one(hp));
    const odds = stepOdds(first, player(first), trapAt(first, 3, 1)!)!;
    expect(odds.death!.p).toBeCloseTo(death, 12);
    expect(odds.unhurt!.p).toBeCloseTo(1 - pHit, 12);
    const seen: Record<string, number> = { avoided: 0, unhurt: 0, hurt: 0, down: 0, death: 0 };
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const w = fixture(`bow-${i}`);
      const hero = w.playerId;
      const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
      const said = r.events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
      expect(said).toContain('A crossbow bolt snaps out of a slit in the wall!');
      if (r.events.some((e) => e.type === 'died' && e.actor === hero)) seen.death!++;
      else if (r.events.some((e) => e.type === 'damaged' && e.actor === hero && e.trap !== undefined)) seen.hurt!++;
      else {
        seen.unhurt!++;
        expect(said).toContain('The crossbow bolt misses you.');
      }
    }
    for (const [name, o] of Object.entries(odds)) {
      const se = Math.sqrt((o.p * (1 - o.p)) / n);
      expect(Math.abs(seen[name]! / n - o.p), `${name}: ${seen[name]} of ${n}, read ${o.p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
    }
  });

  it("the deep pit plays the SRD pit and is read by the pit's own reading", () => {
    const r = runOdds(id, 'step', { trap: 'deep_spiked_pit', hp: 12, ac: 14, ref: 3 });
    // Reflex +3 vs DC 18: made on 15 or more (natural 20 always), 6 in 20.
    expect(r.outcomes.unhurt!.exact).toBe('3/10');
  });
});

describe('d20: kinds refused', () => {
  const bow = example('d20-crossbow-gallery').traps[0]!;

  it('names each field it cannot play', () => {
    expect(() => applyTrapFile(file('bad numbers', [{ ...bow, id: 'bad_bow', numbers: { ...bow.numbers, 'search-dc': 'hard', visibility: 3 } }]), 'bad.json')).toThrow(
      /bad\.json: traps\[0\]\.numbers\.search-dc: expected a whole number, got "hard".*traps\[0\]\.numbers\.visibility: d20 reads no number "visibility"/,
    );
    expect(() => applyTrapFile(file('no attack', [{ ...bow, id: 'no_bonus', numbers: { trigger: 'location', reset: 'manual', damage: '1d6' } }]), 'a.json')).toThrow(/traps\[0\]\.numbers\.attack: an attack rolls d20/);
    expect(() => applyTrapFile(file('bad custom', [{ ...bow, id: 'sink', effect: { do: 'custom', name: 'sinkhole' } }]), 'c.json')).toThrow(/traps\[0\]\.effect\.name: d20 has no custom effect "sinkhole"/);
    expect(() => applyTrapFile(file('designed', [{ ...bow, id: 'mine', effect: { do: 'custom', name: 'designed' } }]), 'd.json')).toThrow(/traps\[0\]\.effect\.name: d20's "designed" plays in its own kinds only/);
    expect(() => applyTrapFile(file('ability', [{ ...bow, id: 'greasy', numbers: { ...bow.numbers, poison: 'greenblood_oil' }, effect: { do: 'custom', name: 'srd_attack' } }]), 'p.json')).toThrow(/traps\[0\]\.numbers\.poison: the greenblood oil damages an ability/);
    expect(() => applyTrapFile(file('charges', [{ ...bow, id: 'once', charges: 1 }]), 'f.json')).toThrow(/traps\[0\]\.charges: a d20 trap goes off as its reset says/);
  });

  it('a file changes a built-in kind under its own id, in its own ruleset only; two files may change it two ways', () => {
    const arrow = BUILT_IN.find((k) => k.id === 'arrow')!;
    const sharper = applyTrapFile(file('sharper arrows', [{ ...arrow, name: 'sharper arrow trap', numbers: { ...arrow.numbers, attack: 20 } }]), 'e.json');
    const blunter = applyTrapFile(file('blunter arrows', [{ ...arrow, name: 'blunter arrow trap', numbers: { ...arrow.numbers, attack: 15 } }]), 'g.json');
    const name = (id: string) => getRuleset(id).traps.find((t) => t.id === 'arrow')!.name;
    expect([name(sharper), name(blunter), name('d20')]).toEqual(['sharper arrow trap', 'blunter arrow trap', arrow.name]);
    // Each table rolls its own attack bonus: the three readings of one step differ.
    const hit = (id: string) => runOdds(id, 'step', { trap: 'arrow', hp: 100, ac: 30 }).outcomes;
    expect(hit(sharper)).not.toEqual(hit(blunter));
    expect(hit('d20')).not.toEqual(hit(sharper));
  });

  it('refuses __proto__ and constructor as names of numbers and of custom effects', () => {
    const text = JSON.stringify(file('proto', [bow])).replace('"trigger":', '"__proto__": 1, "trigger":');
    expect(() => parseTrapFile(text, 'proto.json')).toThrow(/"__proto__" cannot be a name here/);
    expect(() => applyTrapFile(file('ctor', [{ ...bow, id: 'ctor', numbers: { ...bow.numbers, constructor: 1 } }]), 'ctor.json')).toThrow(/traps\[0\]\.numbers\.constructor: d20 reads no number "constructor"/);
    for (const name of ['constructor', '__proto__', 'toString'])
      expect(() => applyTrapFile(file(`custom ${name}`, [{ ...bow, id: 'odd', effect: { do: 'custom', name } }]), 'odd.json')).toThrow(new RegExp(`traps\\[0\\]\\.effect\\.name: d20 has no custom effect "${name}"`));
  });
});

describe('d20: spotting read from the check the search rolls', () => {
  it("one search beside a trap is d20 + Search vs its Search DC; a magic trap without trapfinding can't be found", () => {
    const w = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear' }] });
    const hero = player(w);
    const r = getRuleset('d20').spotInputs!(w, hero, trapAt(w, 2, 1)!)!;
    expect(r.passing).toBeNull();
    expect(r.search!.inputs).toMatchObject({ dc: 20, kind: 'skill' });
    const bonus = Number(r.search!.inputs.bonus);
    const p = runOdds('d20', 'check', r.search!.inputs).outcomes.success!.p;
    expect(p).toBeCloseTo(Math.min(20, Math.max(0, 21 + bonus - 20)) / 20, 12);
  });
});
