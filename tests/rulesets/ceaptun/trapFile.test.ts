/**
 * Cēaptūn's traps are data: a designer's trap file holding a JSON copy of every built-in kind
 * plays and reads exactly like the ruleset itself; the example files' new kinds play what their
 * definitions say (held, asleep, a ring of fire), and their exact step reading is what the engine
 * does when stepped on.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { player, trapAt } from '../../../src/core/level.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { stepOdds } from '../../../src/core/stepOdds.ts';
import type { TrapFile } from '../../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../../src/core/traps/files.ts';
import { parseTrapFile } from '../../../src/core/traps/schema.ts';
import type { World } from '../../../src/core/world.ts';
import { TRAP_DEFS } from '../../../src/rulesets/ceaptun/traps.ts';
import { runOdds } from '../../../src/sim/odds.ts';
import { runBatch, type SimSpec } from '../../../src/sim/runner.ts';
import { columnReport } from '../../../src/sim/report.ts';
import { scenario } from '../../support/scenario.ts';
import { messages } from './helpers.ts';

function example(name: string): TrapFile {
  return parseTrapFile(readFileSync(new URL(`../../../examples/traps/${name}.json`, import.meta.url), 'utf8'), name);
}

/** Every built-in kind, copied through JSON text as a designer would save it. */
const COPY: TrapFile = parseTrapFile(
  JSON.stringify({ format: 'trapsmith-traps', version: 1, ruleset: 'ceaptun', name: 'copy of the seed', traps: TRAP_DEFS.map((d) => d.kind) }),
  'copy',
);

describe('ceaptun: a JSON copy of the built-in traps', () => {
  const copyId = applyTrapFile(COPY, 'copy');

  it('gives identical odds for every check of every kind', () => {
    const base = getRuleset('ceaptun');
    const copy = getRuleset(copyId);
    expect(copy.traps.map((t) => t.id)).toEqual(base.traps.map((t) => t.id));
    expect(copy.traps.map((t) => t.columns)).toEqual(base.traps.map((t) => t.columns));
    let read = 0;
    for (const trap of base.traps.map((t) => t.id)) {
      for (const inputs of [
        { trap, hp: 7, danger: 12, dodge: 1, armour: 2, known: true },
        { trap, hp: 30, danger: 0, dodge: 4, armour: 0, 'trap-sense': true, ward: 10, 'light-step': true },
        { trap, hp: 3, danger: 30 },
      ]) {
        expect(runOdds(copyId, 'step', inputs).outcomes).toEqual(runOdds('ceaptun', 'step', inputs).outcomes);
        read++;
        if (getRuleset('ceaptun').traps.find((t) => t.id === trap)!.columns['0–2'] !== null) {
          const d = { trap, danger: inputs.danger, hard: true };
          expect(runOdds(copyId, 'damage', d)).toEqual({ ...runOdds('ceaptun', 'damage', d), ruleset: copyId });
        }
      }
    }
    expect(read).toBe(33);
    for (const name of Object.keys(base.checks)) expect(Object.keys(copy.checks)).toContain(name);
  });

  it('gives identical sim output on the same seeds (the careful and the reckless bot)', async () => {
    for (const bot of ['careful', 'reckless']) {
      const specs: SimSpec[] = [
        { ruleset: 'ceaptun', bot, depth: 3, levels: 2 },
        { ruleset: 'ceaptun', traps: COPY, bot, depth: 3, levels: 2 },
      ];
      const result = await runBatch({ columns: specs, runs: 20, seedStart: 100 });
      const [a, b] = result.columns.map((s, i) => columnReport(specs[i]!, s));
      expect(b!.id).toBe(copyId);
      const { id: _a, traps: _ta, ...plain } = a!;
      const { id: _b, traps: _tb, ...copied } = b!;
      expect(copied).toEqual(plain);
      expect(a!.run.runs).toBe(20);
    }
  });
});

/** The hero (dodge exactly its Dex modifier, +1; no talents) beside a known trap of `kind`, with the kind's charges. */
function fixture(rulesetId: string, kind: string, seed: string, extra: Partial<Parameters<typeof scenario>[0]> = {}): World {
  const charges = getRuleset(rulesetId).traps.find((t) => t.id === kind)!.kind!.charges;
  return scenario({
    ruleset: rulesetId,
    seed,
    map: ['#######', '#.@^..#', '#.....#', '#######'],
    traps: [{ kind, known: true, charges }],
    level: { danger: 6 },
    player: { hp: 9, maxHp: 40, traits: { dex: 12, tumble: 0, dodgeBonus: 0, maxDexBonus: 99, trapSense: false, ward: 0, lightStep: false } },
    ...extra,
  });
}

describe('ceaptun: the example trap files', () => {
  it('a net holds whoever steps on it 1d4+1 turns, and is spent', () => {
    const id = applyTrapFile(example('net'), 'net');
    const counts = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const w = fixture(id, 'net', `net-${i}`);
      const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
      if (r.events.some((e) => e.type === 'trapAvoided')) continue;
      const held = player(w).status.held ?? 0;
      counts.set(held, (counts.get(held) ?? 0) + 1);
      expect(messages(r.events)).toContain('A net drops over you! You are held fast.');
      expect(trapAt(w, 3, 1)).toBeUndefined();
      // Held: the next move is refused by the core's hold, which counts down.
      const before = player(w).x;
      step(w, { type: 'move', dx: 1, dy: 0 });
      expect(player(w).x).toBe(before);
    }
    // 1d4+1: 2..5, each about a quarter of the times it went off.
    expect([...counts.keys()].sort()).toEqual([2, 3, 4, 5]);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    for (const n of counts.values()) expect(Math.abs(n / total - 0.25)).toBeLessThan(0.08);
  });

  it('a gas vent puts its victim to sleep two times in three, and says so', () => {
    const id = applyTrapFile(example('gas-vent'), 'gas vent');
    let asleep = 0;
    let n = 0;
    // 1,500 steps onto it; those it goes off under (about a third: the step past comes first) count.
    for (let seed = 0; seed < 1500; seed++) {
      const w = fixture(id, 'gas_vent', `gas-${seed}`, { depth: 2 });
      const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
      if (r.events.some((e) => e.type === 'trapAvoided')) continue;
      n++;
      const text = messages(r.events);
      expect(text).toContain('Gas hisses up from a vent in the floor!');
      if (text.includes('You fall asleep!')) {
        asleep++;
        expect(r.events.some((e) => e.type === 'actorUpdated' && e.actor === w.playerId && (e.changes.status?.asleep ?? 0) >= 2)).toBe(true);
      } else expect(text).toContain('You hold your breath in time.');
      // Three charges: still there after one.
      expect(trapAt(w, 3, 1)?.charges).toBe(2);
    }
    expect(n).toBeGreaterThan(300);
    expect(Math.abs(asleep / n - 0.67)).toBeLessThan(4.5 * Math.sqrt((0.67 * 0.33) / n));
  });

  it("a fire rune's exact step reading is what the engine does (2,000 steps)", () => {
    const id = applyTrapFile(example('fire-rune'), 'fire rune');
    const first = fixture(id, 'fire_rune', 'rune-0');
    const odds = stepOdds(first, player(first), trapAt(first, 3, 1)!)!;
    // Danger 6 is tier 2: 2d6 at 9 HP kills on 9 or more, 10/36; stepping past first at dodge 1: 65%.
    const text = (f: { num: bigint; den: bigint } | null | undefined) => (f ? `${f.num}/${f.den}` : null);
    expect(text(odds.death!.exact)).toBe('7/72');
    expect(text(odds.avoided!.exact)).toBe('13/20');
    const seen: Record<string, number> = { avoided: 0, unhurt: 0, hurt: 0, death: 0 };
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const w = fixture(id, 'fire_rune', `rune-${i}`);
      const hero = w.playerId;
      const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
      if (r.events.some((e) => e.type === 'trapAvoided' && e.actor === hero)) seen.avoided!++;
      else if (r.events.some((e) => e.type === 'died' && e.actor === hero)) seen.death!++;
      else if (r.events.some((e) => e.type === 'damaged' && e.actor === hero && e.trap !== undefined)) seen.hurt!++;
      else seen.unhurt!++;
    }
    for (const [name, o] of Object.entries(odds)) {
      const se = Math.sqrt((o.p * (1 - o.p)) / n);
      expect(Math.abs(seen[name]! / n - o.p), `${name}: ${seen[name]} of ${n}, read ${o.p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
    }
  });

  it("a file's kind replaces the built-in of its id, and a bad kind is refused naming its field", () => {
    const pit = TRAP_DEFS.find((d) => d.id === 'pit')!.kind!;
    const deeper = applyTrapFile({ format: 'trapsmith-traps', version: 1, ruleset: 'ceaptun', name: 'deep pits', traps: [{ ...pit, effect: { ...pit.effect, damage: '10d6' } as typeof pit.effect }] });
    expect(getRuleset(deeper).traps.find((t) => t.id === 'pit')!.columns['0–2']).toBe('10d6');
    expect(runOdds(deeper, 'step', { trap: 'pit', hp: 10 }).outcomes.death!.exact).not.toBe(runOdds('ceaptun', 'step', { trap: 'pit', hp: 10 }).outcomes.death!.exact);
    expect(() =>
      applyTrapFile({ format: 'trapsmith-traps', version: 1, ruleset: 'ceaptun', name: 'bad', traps: [{ ...pit, id: 'hard_pit', numbers: { difficulty: 'hard' } }] }, 'bad.json'),
    ).toThrow('bad.json: traps[0].numbers.difficulty: expected a whole number from 0 to 100 (to find and to disarm it), got "hard"');
    // A Cēaptūn kind given to another ruleset is refused by that ruleset, naming the fields it cannot play.
    expect(() => applyTrapFile({ format: 'trapsmith-traps', version: 1, ruleset: 'omega', name: 'x', traps: [pit] }, 'o.json')).toThrow(/^o\.json: traps\[0\]\..*traps\[0\]\.numbers\.difficulty: /);
    expect(() => applyTrapFile({ format: 'trapsmith-traps', version: 1, ruleset: 'constructor', name: 'x', traps: [pit] }, 'c.json')).toThrow(/c\.json: ruleset: "constructor" is not a ruleset/);
  });
});
