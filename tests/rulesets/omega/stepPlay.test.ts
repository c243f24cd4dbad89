/**
 * The exact step and disarm readings against play itself. The hero steps onto a trap in thousands
 * of games of the real engine (a fresh scenario each, seeds odds-0, odds-1, ...), and what happens
 * to it — never set off, set off unhurt, hurt, killed — comes out as often as `stepOdds` (the
 * ruleset's `step` check fed by its `stepInputs`) says, within 4.5 standard errors. Likewise
 * thousands of disarm attempts against what `disarmInputs` reads: how often the trap is removed
 * and how often it is set off.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import { player, trapAt } from '../../../src/core/level.ts';
import { exact } from '../../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import { stepOdds, stepOddsSentence } from '../../../src/core/stepOdds.ts';
import type { Traits, World } from '../../../src/core/world.ts';
import { corridor, type OmegaScenario } from './helpers.ts';

/** Every fall ends the game at once (goal depth 1): no level below is generated. */
const NO_LEVEL_BELOW: Traits = { goalDepth: 1 };

interface Case {
  name: string;
  trap: string;
  opts: Omit<OmegaScenario, 'map' | 'traps' | 'seed'> & { trapData?: Traits; known?: boolean };
}

const within = (seen: number, n: number, p: number, what: string) => {
  const se = Math.sqrt((p * (1 - p)) / n);
  expect(Math.abs(seen / n - p), `${what}: ${seen} of ${n}, read ${p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
};

/** What the step did to the hero, from the events of its own move (up to its `acted`). */
function outcome(events: readonly GameEvent[], hero: number): string {
  const end = events.findIndex((e) => e.type === 'acted' && e.actor === hero);
  const own = end < 0 ? events : events.slice(0, end);
  if (own.some((e) => e.type === 'died' && e.actor === hero)) return 'death';
  if (own.some((e) => e.type === 'damaged' && e.actor === hero && e.amount > 0)) return 'hurt';
  if (own.some((e) => e.type === 'trapTriggered' && e.actor === hero)) return 'unhurt';
  return 'avoided';
}

const STEPS: Case[] = [
  { name: 'a blade at D 5, level 3, absorption 1, 8 HP', trap: 'blade', opts: { depth: 12, player: { hp: 8, traits: { level: 3, absorption: 1 } } } },
  { name: 'a fire trap in Rampart, 8 HP', trap: 'fire', opts: { settings: { environment: 'city' }, player: { hp: 8 } } },
  { name: 'a trap door at depth 6, Agility 30, absorption 1, 21 HP', trap: 'trapdoor', opts: { depth: 6, settings: NO_LEVEL_BELOW, player: { hp: 21, traits: { agility: 30, absorption: 1 } } } },
  { name: 'the abyss at depth 8, Dex 30, 12 HP', trap: 'abyss', opts: { depth: 8, settings: NO_LEVEL_BELOW, player: { hp: 12, traits: { dex: 30 } } } },
  { name: 'the abyss riding, depth 3, 20 HP', trap: 'abyss', opts: { depth: 3, settings: { ...NO_LEVEL_BELOW, riding: true }, player: { hp: 20 } } },
  { name: 'a curtain of fire, levitating, 60 HP', trap: 'fire', opts: { trapData: { hazard: 'fire', shown: true }, player: { hp: 60, traits: { levitating: 5 } } } },
  { name: 'a teleport trap at D 100 (always the dangerous branch) in a corridor', trap: 'teleport', opts: { level: { location: 'deep', D: 100, dungeon: 'yes' }, player: { hp: 30 } } },
  { name: 'an acid trap at depth 9, Agility 50, 9 HP', trap: 'acid', opts: { depth: 9, player: { hp: 9, traits: { agility: 50 } } } },
];

describe('omega: the exact step reading is what play does', () => {
  for (const c of STEPS) {
    it(`${c.name}: 2,000 steps of the engine against the reading`, () => {
      const make = (seed: string): World => corridor(c.trap, { seed, ...c.opts });
      const first = make('odds-0');
      const odds = stepOdds(first, player(first), trapAt(first, 3, 1)!);
      expect(odds, 'a step reading').not.toBeNull();
      const n = 2000;
      const seen: Record<string, number> = { avoided: 0, unhurt: 0, hurt: 0, death: 0 };
      for (let i = 0; i < n; i++) {
        const w = make(`odds-${i}`);
        const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
        expect(r.refused).toBeUndefined();
        seen[outcome(r.events, w.playerId)]!++;
      }
      for (const [name, o] of Object.entries(odds!)) within(seen[name]!, n, o.p, name);
    });
  }

  it('the dangerous teleport counts the squares it survives: the corridor\'s 5 floor squares of 21', () => {
    const w = corridor('teleport', { level: { location: 'deep', D: 100, dungeon: 'yes' } });
    const odds = stepOdds(w, player(w), trapAt(w, 3, 1)!)!;
    expect(odds.death!.exact).toEqual({ num: 16n, den: 21n });
    expect(getRuleset('omega').stepInputs!(w, player(w), trapAt(w, 3, 1)!)).toMatchObject({ width: 7, height: 3, 'open-squares': 5 });
  });

  it('riding onto a trap door: no leap, the rider takes the rockslide (depth x D = 18 at depth 6), as the reading says', () => {
    for (const [hp, expected] of [
      [18, 'death'],
      [19, 'hurt'],
    ] as const) {
      const w = corridor('trapdoor', { depth: 6, settings: { ...NO_LEVEL_BELOW, riding: true }, player: { hp } });
      const odds = stepOdds(w, player(w), trapAt(w, 3, 1)!)!;
      expect(odds[expected]!.p).toBe(1);
      expect(outcome(step(w, { type: 'move', dx: 1, dy: 0, confirm: true }).events, w.playerId)).toBe(expected);
    }
  });

  it('a levitating hero floats over a dart trap: avoided, for sure; so does the reading', () => {
    const w = corridor('dart', { player: { traits: { levitating: 5 } } });
    const odds = stepOdds(w, player(w), trapAt(w, 3, 1)!)!;
    expect(odds.avoided!.p).toBe(1);
    expect(outcome(step(w, { type: 'move', dx: 1, dy: 0, confirm: true }).events, w.playerId)).toBe('avoided');
  });

  it('the confirm window says it: a known blade in Rampart, 8 HP', () => {
    const w = corridor('blade', { known: true, settings: { environment: 'city' }, player: { hp: 8 } });
    // Dodged 13/30; else D..4D-1 = 3..11: 8 or more (4 of 9) kills.
    expect(stepOddsSentence(stepOdds(w, player(w), trapAt(w, 3, 1)!)!)).toBe('It hurts you 31% (17/54); it kills you 25% (34/135).');
  });

  it('no reading for a monster, a siren in a house (jail), or an unarmed trap', () => {
    const omega = getRuleset('omega');
    const w = corridor('siren', { settings: { environment: 'house' } });
    expect(omega.stepInputs!(w, player(w), trapAt(w, 3, 1)!)).toBeNull();
    expect(stepOdds(w, player(w), trapAt(w, 3, 1)!)).toBeNull();
    const m = corridor('dart', {});
    const monster = { ...player(m), id: 99 };
    expect(omega.stepInputs!(m, monster, trapAt(m, 3, 1)!)).toBeNull();
    expect(omega.stepInputs!(m, player(m), { ...trapAt(m, 3, 1)!, armed: false })).toBeNull();
  });
});

/** What a disarm attempt did: removed the trap, set it off, or neither. */
function disarmResult(events: readonly GameEvent[]): { removed: boolean; setOff: boolean } {
  return {
    removed: events.some((e) => e.type === 'trapRemoved' && e.why === 'disarmed'),
    setOff: events.some((e) => e.type === 'trapTriggered'),
  };
}

const DISARMS: Case[] = [
  // The seed's example: level 1, Dex 12, Rampart: 27/65 to disarm, 3/16 of the failures an accident.
  { name: "a dart trap in Rampart, Dex 12, level 1 (the seed's example)", trap: 'dart', opts: { settings: { environment: 'city' } } },
  { name: 'a blade at D 5, Dex 18, level 4, rank 1', trap: 'blade', opts: { depth: 12, player: { traits: { dex: 18, level: 4, rank: 1 } } } },
  { name: 'a snare in the volcano at D 7, Dex 8, levitating (an accident sets nothing off)', trap: 'snare', opts: { settings: { environment: 'volcano' }, depth: 8, player: { traits: { dex: 8, levitating: 50 } } } },
];

describe('omega: the disarm reading is what play does', () => {
  for (const c of DISARMS) {
    it(`${c.name}: 3,000 attempts against the reading`, () => {
      const make = (seed: string): World => corridor(c.trap, { seed, known: true, trapData: { shown: true }, ...c.opts });
      const first = make('odds-0');
      const omega = getRuleset('omega');
      const reading = omega.disarm.read(first, player(first), trapAt(first, 3, 1)!);
      expect(reading, 'a disarm reading').not.toBeNull();
      const check = omega.checks[reading!.check]!;
      const dist = exact(check.program(reading!.inputs, resolveSettings(omega, first.settings)));
      const pOf = (names: readonly string[]) => dist.filter((o) => names.includes(String(o.value))).reduce((s, o) => s + o.p, 0);
      const n = 3000;
      let removed = 0;
      let setOff = 0;
      for (let i = 0; i < n; i++) {
        const w = make(`odds-${i}`);
        const r = step(w, { type: 'disarm', dx: 1, dy: 0 });
        expect(r.refused).toBeUndefined();
        const d = disarmResult(r.events);
        if (d.removed) removed++;
        if (d.setOff) setOff++;
      }
      within(removed, n, pOf(reading!.success), 'disarmed');
      within(setOff, n, pOf(reading!.setOff), 'set off');
    });
  }

  it("the seed's example, read: 27/65 to disarm and (38/65) x (3/16) to set it off", () => {
    const w = corridor('dart', { known: true, trapData: { shown: true }, settings: { environment: 'city' } });
    const omega = getRuleset('omega');
    const reading = omega.disarm.read(w, player(w), trapAt(w, 3, 1)!)!;
    expect(reading).toMatchObject({ check: 'disarm', inputs: { dex: 12, level: 1, rank: 0, difficulty: 3, trap: 'dart' }, success: ['component', 'disarmed'], setOff: ['accident'] });
    const dist = exact(omega.checks.disarm!.program(reading.inputs, resolveSettings(omega, w.settings)));
    const accident = dist.find((o) => o.value === 'accident')!;
    expect(accident.exact).toEqual({ num: 57n, den: 520n });
  });

  it('no reading where the game refuses: a trap you do not know of, or a square that does not show TRAP', () => {
    const omega = getRuleset('omega');
    const unknown = corridor('dart', { trapData: { shown: true } });
    expect(omega.disarm.read(unknown, player(unknown), trapAt(unknown, 3, 1)!)).toBeNull();
    expect(step(unknown, { type: 'disarm', dx: 1, dy: 0 }).refused).toBeDefined();
    const fire = corridor('fire', { known: true, trapData: { hazard: 'fire', shown: true } });
    expect(omega.disarm.read(fire, player(fire), trapAt(fire, 3, 1)!)).toBeNull();
    expect(step(fire, { type: 'disarm', dx: 1, dy: 0 }).refused).toBeDefined();
  });
});
