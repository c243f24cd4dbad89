/**
 * Omega's traps are data: a designer's trap file holding a JSON copy of every built-in kind plays
 * and reads exactly like the ruleset itself; the example file's kinds play what their definitions
 * say (a pendulum dodged as a blade trap is, a flame jet firing Omega's fire trap half the time),
 * and their exact step reading is the hand computation; kinds Omega cannot play are refused with
 * the field named.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { trapAt } from '../../../src/core/level.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import type { TrapFile, TrapKind } from '../../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../../src/core/traps/files.ts';
import { parseTrapFile } from '../../../src/core/traps/schema.ts';
import type { Traits, World } from '../../../src/core/world.ts';
import { OMEGA_DIALECT } from '../../../src/rulesets/omega/dialect.ts';
import { spotReading } from '../../../src/rulesets/omega/finding.ts';
import { TRAP_IDS, TRAPS } from '../../../src/rulesets/omega/traps.ts';
import { runOdds } from '../../../src/sim/odds.ts';
import { columnReport } from '../../../src/sim/report.ts';
import { runBatch, type SimSpec } from '../../../src/sim/runner.ts';
import { scenario } from '../../support/scenario.ts';
import { arrive, corridor, damageTo, hero, stepEast, texts } from './helpers.ts';

function example(name: string): TrapFile {
  return parseTrapFile(readFileSync(new URL(`../../../examples/traps/${name}.json`, import.meta.url), 'utf8'), name);
}

/** Every built-in kind, copied through JSON text as a designer would save it. */
const COPY: TrapFile = parseTrapFile(
  JSON.stringify({ format: 'trapsmith-traps', version: 1, ruleset: 'omega', name: 'copy of the thirteen', traps: TRAPS.map((d) => d.kind) }),
  'copy',
);

function file(name: string, traps: readonly TrapKind[]): TrapFile {
  return { format: 'trapsmith-traps', version: 1, ruleset: 'omega', name, traps };
}

const BLADE: TrapKind = TRAPS.find((t) => t.id === 'blade')!.kind!;

describe('omega: the built-in traps are data', () => {
  it('every kind is a named custom effect of the dialect, with a reading', () => {
    expect(TRAPS.map((t) => t.id)).toEqual([...TRAP_IDS]);
    for (const t of TRAPS) {
      expect(t.kind!.effect).toEqual({ do: 'custom', name: t.id });
      expect(OMEGA_DIALECT.custom![t.id]!.read).toBeTypeOf('function');
    }
  });
});

describe('omega: a JSON copy of the built-in traps', () => {
  const copyId = applyTrapFile(COPY, 'copy');

  it('gives the same table and identical odds for every check of every kind', () => {
    const base = getRuleset('omega');
    const copy = getRuleset(copyId);
    expect(copy.traps.map((t) => [t.id, t.name, t.glyph, t.colour, t.columns])).toEqual(base.traps.map((t) => [t.id, t.name, t.glyph, t.colour, t.columns]));
    expect(Object.keys(copy.checks)).toEqual(Object.keys(base.checks));
    let read = 0;
    for (const trap of TRAP_IDS) {
      for (const inputs of [
        { trap, hp: 12, depth: 12, level: 3, absorption: 2, 'open-squares': 1200 },
        { trap, hp: 20, depth: 3, riding: true, load: 900, 'open-squares': 10 },
        { trap, hp: 4, environment: 'city', agility: 30, cloak: true, 'open-squares': 3000 },
        { trap, hp: 30, difficulty: 9, shadowform: true, immunities: 'flame', 'open-squares': 0 },
      ]) {
        for (const settings of [{}, { emulateRandomRange: true }] as Traits[]) {
          const a = runOdds('omega', 'step', inputs, settings);
          const b = runOdds(copyId, 'step', inputs, settings);
          expect(b.outcomes, `${trap} ${JSON.stringify(inputs)}`).toEqual(a.outcomes);
          expect(b.leavesOut).toEqual(a.leavesOut);
          read++;
        }
      }
      const d = { dex: 14, level: 3, rank: 1, difficulty: 4, trap };
      expect(runOdds(copyId, 'disarm', d).outcomes).toEqual(runOdds('omega', 'disarm', d).outcomes);
    }
    expect(read).toBe(13 * 8);
    for (const [check, inputs] of [
      ['dodge', { trap: 'abyss', dex: 9, level: 4 }],
      ['teleport', { difficulty: 20 }],
      ['search', { alert: false }],
      ['sleep', { difficulty: 12 }],
      ['difficulty', { environment: 'caves', depth: 40 }],
    ] as const) expect(runOdds(copyId, check, inputs).outcomes).toEqual(runOdds('omega', check, inputs).outcomes);
    // The built-ins' hazards read as before: persistent fire, an open abyss.
    for (const inputs of [
      { trap: 'fire', hp: 40, hazard: 'fire' },
      { trap: 'abyss', hp: 30, depth: 2, hazard: 'abyss' },
    ])
      expect(runOdds(copyId, 'step', inputs).outcomes).toEqual(runOdds('omega', 'step', inputs).outcomes);
  });

  it('gives identical sim output on the same seeds (the careful and the reckless bot)', async () => {
    for (const bot of ['careful', 'reckless']) {
      const specs: SimSpec[] = [
        { ruleset: 'omega', bot, depth: 6, levels: 2 },
        { ruleset: 'omega', traps: COPY, bot, depth: 6, levels: 2 },
      ];
      const result = await runBatch({ columns: specs, runs: 10, seedStart: 300 });
      const [a, b] = result.columns.map((s, i) => columnReport(specs[i]!, s));
      expect(b!.id).toBe(copyId);
      const { id: _a, traps: _ta, ...plain } = a!;
      const { id: _b, traps: _tb, ...copied } = b!;
      expect(copied).toEqual(plain);
      expect(a!.run.runs).toBe(10);
    }
  });
});

/** The player (Agility 12, level 1, no absorption) beside a pendulum or flame jet in the caves at D 3, with `hp` HP. */
function fixture(id: string, kind: string, seed: string, hp = 8): World {
  return corridor(kind, { ruleset: id, seed, level: { D: 3 }, player: { hp, maxHp: 40, traits: { agility: 12, dex: 12, level: 1, absorption: 0 } } } as Parameters<typeof corridor>[1]);
}

describe('omega: the example trap file', () => {
  const id = applyTrapFile(example('omega-pendulum'), 'omega-pendulum.json');

  it("a pendulum's exact step reading is the hand computation", () => {
    // Dodged iff random_range(30) < Agi + level = 13: 13/30. Else D 3 is the table's 2d6 (less no
    // absorption, at least 1): at 8 HP, 15/36 of the hits kill.
    const o = runOdds(id, 'step', { trap: 'pendulum', hp: 8, difficulty: 3 }).outcomes;
    expect(o.unhurt!.exact).toBe('13/30');
    expect(o.death!.exact).toBe(`${(17 * 15) / 15}/${(30 * 36) / 15}`);
    expect(o.hurt!.exact).toBe('119/360');
    // Immune to normal damage: a hit does nothing.
    expect(runOdds(id, 'step', { trap: 'pendulum', hp: 8, difficulty: 3, immunities: 'normal' }).outcomes.unhurt!.exact).toBe('1/1');
    // The flame jet: half the time Omega's fire trap, as the built-in reads it.
    const fire = runOdds('omega', 'step', { trap: 'fire', hp: 8, environment: 'city' }).outcomes;
    const jet = runOdds(id, 'step', { trap: 'flame_jet', hp: 8, environment: 'city' }).outcomes;
    expect(jet.death!.p).toBeCloseTo(fire.death!.p / 2, 12);
    expect(jet.hurt!.p).toBeCloseTo(fire.hurt!.p / 2, 12);
  });

  it('a pendulum plays what it says: dodged as a blade, else 2d6 at D 3 (600 steps, against the reading)', () => {
    const seen = { unhurt: 0, hurt: 0, death: 0 };
    const n = 600;
    for (let i = 0; i < n; i++) {
      const w = fixture(id, 'pendulum', `p${i}`);
      const events = stepEast(w);
      const said = texts(events);
      expect(said).toContain('A pendulum blade swings down from the ceiling!');
      const dmg = damageTo(events, w.playerId);
      if (said.includes('You dodge a pendulum blade!')) {
        expect(dmg).toEqual([]);
        seen.unhurt++;
      } else {
        expect(said).toContain('You were hit by a pendulum blade!');
        expect(dmg.length).toBe(1);
        expect(dmg[0]).toBeGreaterThanOrEqual(2);
        expect(dmg[0]).toBeLessThanOrEqual(12);
        if (hero(w).alive) seen.hurt++;
        else seen.death++;
      }
      // Its square shows TRAP now; Omega's traps stay.
      expect(trapAt(w, 3, 1)?.data.shown).toBe(true);
      expect(trapAt(w, 3, 1)?.charges).toBe(-1);
    }
    const read = runOdds(id, 'step', { trap: 'pendulum', hp: 8, difficulty: 3 }).outcomes;
    for (const name of ['unhurt', 'hurt', 'death'] as const) {
      const p = read[name]!.p;
      expect(Math.abs(seen[name] / n - p), `${name}: ${seen[name]} of ${n}, read ${p}`).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n));
    }
  });

  it("a flame jet fires Omega's fire trap half the time: the square becomes fire", () => {
    let fire = 0;
    const n = 400;
    for (let i = 0; i < n; i++) {
      const w = fixture(id, 'flame_jet', `j${i}`, 40);
      const said = texts(stepEast(w));
      if (trapAt(w, 3, 1)?.data.hazard === 'fire') {
        fire++;
        expect(said.some((t) => t === 'You dodge a pillar of fire!' || t === 'You were blasted by a fire trap!')).toBe(true);
      } else expect(said).toContain('A jet of flame sputters out of the floor beside you.');
    }
    expect(Math.abs(fire / n - 0.5)).toBeLessThan(4.5 * Math.sqrt(0.25 / n));
  });

  it("a kind's charges are spent (Omega's own stay: -1), and its sound is made", () => {
    const chime: TrapKind = {
      id: 'chime',
      name: 'chime plate',
      colour: '#ffffff',
      hosts: ['floor'],
      placement: { weight: 1 },
      charges: 2,
      numbers: {},
      sound: { name: 'Chime', volume: 20, heard: 'You hear a chime.', source: 'a chime' },
      effect: { do: 'say', say: 'A plate chimes under your foot.' },
    };
    const rid = applyTrapFile(file('chimes', [chime]));
    const w = corridor('chime', { ruleset: rid, traps: [{ kind: 'chime', charges: 2 }] } as Parameters<typeof corridor>[1]);
    const me = hero(w);
    const first = arrive(w, me, 3, 1);
    expect(texts(first.events)).toContain('A plate chimes under your foot.');
    expect(first.events.some((e) => e.type === 'noise')).toBe(true);
    expect(trapAt(w, 3, 1)!.charges).toBe(1);
    expect(trapAt(w, 3, 1)!.data.shown).toBe(true);
    arrive(w, me, 4, 1);
    arrive(w, me, 3, 1);
    expect(trapAt(w, 3, 1)).toBeUndefined();
  });

  it('a monster is always hit by a pendulum (Omega rolls no dodge for monsters), and the player who sees it learns the trap', () => {
    for (let i = 0; i < 20; i++) {
      const w = scenario({ ruleset: id, seed: `m${i}`, map: ['#########', '#.......#', '#O^....@#', '#.......#', '#########'], traps: [{ kind: 'pendulum' }], settings: { environment: 'city' } });
      const ogre = w.actors.find((a) => a.id !== w.playerId)!;
      const ctx = arrive(w, ogre, 2, 2);
      const said = ctx.events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
      expect(said).toContain('The ogre was hit by a pendulum blade!');
      const dmg = damageTo(ctx.events, ogre.id);
      // D 3 in the city: the table's 2d6.
      expect(dmg.length).toBe(1);
      expect(dmg[0]).toBeGreaterThanOrEqual(2);
      expect(dmg[0]).toBeLessThanOrEqual(12);
      expect(trapAt(w, 2, 2)!.knownBy).toContain(w.playerId);
    }
  });
});

describe('omega: kinds it cannot play are refused, naming the field', () => {
  const refuse = (traps: readonly TrapKind[], source: string) => () => applyTrapFile(file(source, traps), `${source}.json`);

  it('names each field', () => {
    const pendulum = example('omega-pendulum').traps[0]!;
    expect(refuse([{ ...pendulum, numbers: { dodge: 'duck' } }], 'bad dodge')).toThrow(/bad dodge\.json: traps\[0\]\.numbers\.dodge: expected the avoidance roll of its attack at the player, one of blade, fire, acid, snare, trapdoor, abyss, dart, none/);
    expect(refuse([{ ...pendulum, hosts: ['door'] }], 'door')).toThrow(/traps\[0\]\.hosts: Omega's traps lie on the floor only/);
    expect(refuse([{ ...pendulum, numbers: { visibility: 3 } }], 'visibility')).toThrow(/traps\[0\]\.numbers\.visibility: Omega's rules read no such number/);
    expect(refuse([{ ...pendulum, numbers: { component: 'pendulum component' } }], 'component')).toThrow(/traps\[0\]\.numbers\.component: only the nine built-in kinds have a component/);
    expect(refuse([{ ...pendulum, placement: { weight: 1, depths: [2, 5] } }], 'depths')).toThrow(/traps\[0\]\.placement\.depths: Omega places every kind at every depth/);
    expect(refuse([{ ...pendulum, effect: { do: 'attack', noun: 'icicle', damage: '1d6', type: 'cold' } }], 'cold')).toThrow(/traps\[0\]\.effect\.type: "cold" is not a damage type of Omega's p_damage\(\) \(normal, flame, acid, poison, sleep, unstoppable\)/);
    expect(refuse([{ ...pendulum, effect: { do: 'damage', damage: '$horseHp' } }, { ...pendulum, id: 'p2', effect: { do: 'damage', damage: '$environment' } }], 'setting')).toThrow(/traps\[1\]\.effect\.damage: "\$environment" is not a whole-number setting of omega/);
    expect(refuse([{ ...pendulum, effect: { do: 'all', effects: [{ do: 'say', say: 'x' }, { do: 'custom', name: 'sinkhole' }] } }], 'sinkhole')).toThrow(/traps\[0\]\.effect\.effects\[1\]\.name: omega has no custom effect "sinkhole" \(dart, pit, /);
    // A replaced built-in keeps its component.
    const blade = applyTrapFile(file('a blunter blade', [{ ...BLADE, name: 'blunt blade' }]));
    expect(getRuleset(blade).traps.find((t) => t.id === 'blade')!.name).toBe('blunt blade');
    const dart = TRAPS.find((t) => t.id === 'dart')!.kind!;
    expect(() => applyTrapFile(file('dart kept', [{ ...dart, name: 'a dart again' }]))).not.toThrow();
  });

  it('refuses __proto__ and constructor as a custom effect name, and plays them safely as ids', () => {
    for (const name of ['__proto__', 'constructor', 'toString'])
      expect(refuse([{ ...BLADE, id: 'odd', effect: { do: 'custom', name } }], `odd ${name}`)).toThrow(new RegExp(`traps\\[0\\]\\.effect\\.name: omega has no custom effect "${name}"`));
    for (const id of ['__proto__', 'constructor']) {
      const pendulum = { ...example('omega-pendulum').traps[0]!, id };
      const rid = applyTrapFile(file(`named ${id}`, [pendulum]));
      expect(getRuleset(rid).traps.filter((t) => t.id === id).length).toBe(1);
      expect(runOdds(rid, 'step', { trap: id, hp: 8, difficulty: 3 }).outcomes.unhurt!.exact).toBe('13/30');
      expect(() => runOdds('omega', 'step', { trap: id, hp: 8 })).toThrow(/--trap: expected one of dart, pit/);
    }
  });
});

describe('omega: one search beside a trap, read exactly (finding.ts spotReading)', () => {
  it('is the search check: 2 in 3, sure while alert; no look in passing; none for a hazard or when afraid', () => {
    const w = corridor('dart', {});
    const me = hero(w);
    const trap = trapAt(w, 3, 1)!;
    const r = spotReading(w, me, trap)!;
    expect(r.passing).toBeNull();
    expect(r.search.check).toBe('search');
    const odds = runOdds('omega', r.search.check, r.search.inputs).outcomes;
    expect(odds.found!.exact).toBe('2/3');
    const alert = corridor('dart', { player: { traits: { alert: 5 } } } as Parameters<typeof corridor>[1]);
    expect(runOdds('omega', 'search', spotReading(alert, hero(alert), trapAt(alert, 3, 1)!)!.search.inputs).outcomes.found!.exact).toBe('1/1');
    const afraid = corridor('dart', { player: { traits: { afraid: 5 } } } as Parameters<typeof corridor>[1]);
    expect(spotReading(afraid, hero(afraid), trapAt(afraid, 3, 1)!)).toBeNull();
    const fire = corridor('fire', { trapData: { hazard: 'fire' } });
    expect(spotReading(fire, hero(fire), trapAt(fire, 3, 1)!)).toBeNull();
  });
});
