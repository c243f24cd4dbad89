/**
 * The exact readings against play itself. The step: the hero (a rogue of level 3, LEVEL_3; the default is 5) steps
 * onto a trap in thousands of games of the real engine, a fresh scenario each, and what happens to
 * it (not set off, set off unhurt, hurt, killed) comes out as often as the step check says at the
 * inputs `stepInputs` reads off the live world (within 4.5 standard errors). The disarm: thousands
 * of real disarm actions disarm and spring the trap as often as the disarm check says at the inputs
 * `disarmInputs` reads; and where the game refuses the attempt, there is no reading.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import { player, trapAt } from '../../../src/core/level.ts';
import { exact } from '../../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import { stepOdds } from '../../../src/core/stepOdds.ts';
import type { Traits, World } from '../../../src/core/world.ts';
import { designedTrapData } from '../../../src/rulesets/d20/traps.ts';
import { type ScenarioTrap, scenario } from '../../support/scenario.ts';

const MAP = ['#####', '#@^.#', '#####'];
const N = 2500;
/**
 * The hero the cases' inputs were read for (Reflex +5, AC 14, 3 Hit Dice, Move Silently +8), dead
 * at 0 hit points (dying=dead-at-0): these are the traps' rules; the SRD's dying rules in play are
 * dying.test.ts's.
 */
const LEVEL_3: Traits = { playerLevel: 3, dying: 'dead-at-0' };

function fixture(trap: ScenarioTrap, hero: { hp: number; traits?: Traits; inventory?: [] }, seed: string): World {
  return scenario({ ruleset: 'd20', seed, map: MAP, settings: LEVEL_3, traps: [trap], player: { ...hero, maxHp: Math.max(hero.hp, 17) } });
}

const damagesAbility = (e: GameEvent, hero: number) => e.type === 'actorUpdated' && e.actor === hero && Object.keys(e.changes.traits ?? {}).some((k) => k.startsWith('dam'));

/** What stepping onto the trap did to the hero in this game. */
function outcome(w: World): string {
  const hero = w.playerId;
  const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
  expect(r.refused).toBeUndefined();
  if (r.events.some((e) => e.type === 'died' && e.actor === hero)) return 'death';
  if (r.events.some((e) => (e.type === 'damaged' && e.actor === hero && e.trap !== undefined) || damagesAbility(e, hero))) return 'hurt';
  if (r.events.some((e) => e.type === 'trapTriggered' && e.actor === hero)) return 'unhurt';
  return 'avoided';
}

/** Observed frequencies within 4.5 standard errors of the reading. */
function expectLike(odds: Record<string, { p: number }>, seen: Record<string, number>, n: number): void {
  for (const [name, o] of Object.entries(odds)) {
    const se = Math.sqrt((o.p * (1 - o.p)) / n);
    expect(Math.abs((seen[name] ?? 0) / n - o.p), `${name}: ${seen[name] ?? 0} of ${n}, read ${o.p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
  }
  expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBe(n);
}

const GREENBLOOD_DARTS = { trigger: 'location', reset: 'manual', attack: 18, damage: '1d8*1d4', 'ranged-str': 1, poison: 'greenblood_oil' };
const LIGHTNING_EAR = { magic: 'device', trigger: 'sound', 'spell-level': 3, 'caster-level': 5, damage: '5d6' };

interface PlayCase {
  name: string;
  trap: ScenarioTrap;
  hero: { hp: number; traits?: Traits };
  /** Inputs `stepInputs` must read for this hero (a few of them). */
  reads: Record<string, number | boolean | string>;
}

const CASES: PlayCase[] = [
  { name: 'a spear trap, 5 HP', trap: { kind: 'spear' }, hero: { hp: 5 }, reads: { ac: 14, hp: 5 } },
  { name: 'an arrow trap (proximity), approached from beside it, 4 HP', trap: { kind: 'arrow', data: { occupants: '' } }, hero: { hp: 4 }, reads: { within: false } },
  { name: 'a spiked pit, 12 HP', trap: { kind: 'spiked_pit' }, hero: { hp: 12 }, reads: { ref: 5, ac: 14 } },
  { name: 'a camouflaged pit with a spear trap at the bottom, 6 HP', trap: { kind: 'camo_pit', data: { bottom: 'spear' } }, hero: { hp: 6 }, reads: { bottom: 'spear' } },
  { name: 'a pit with ungol dust at the bottom, Charisma 1, 30 HP', trap: { kind: 'pit', data: { bottom: 'ungol_vapor' } }, hero: { hp: 30, traits: { cha: 1 } }, reads: { score: 1, fort: 2 } },
  { name: 'a glyph of warding, 9 HP', trap: { kind: 'glyph_blast' }, hero: { hp: 9 }, reads: { keyed: false } },
  { name: 'a designed fusillade of greenblood oil darts, 10 HP', trap: { kind: 'designed', data: designedTrapData(GREENBLOOD_DARTS, 'greenblood darts') }, hero: { hp: 10 }, reads: { score: 13, hd: 3 } },
  { name: 'a designed lightning bolt device with a sound trigger, 16 HP', trap: { kind: 'designed', data: designedTrapData(LIGHTNING_EAR, 'ear of lightning') }, hero: { hp: 16 }, reads: { 'move-silently': 8 } },
];

describe('d20: the exact step reading is what play does', () => {
  for (const c of CASES) {
    it(`${c.name}: ${N} steps of the engine against the reading`, () => {
      const first = fixture(c.trap, c.hero, 'odds-0');
      const hero = player(first);
      const trap = trapAt(first, 2, 1)!;
      const inputs = getRuleset('d20').stepInputs!(first, hero, trap);
      expect(inputs).toMatchObject({ trap: c.trap.kind, ...c.reads });
      const odds = stepOdds(first, hero, trap)!;
      expect(odds).not.toBeNull();
      const seen: Record<string, number> = {};
      for (let i = 0; i < N; i++) {
        const o = outcome(fixture(c.trap, c.hero, `odds-${i}`));
        seen[o] = (seen[o] ?? 0) + 1;
      }
      expectLike(odds, seen, N);
    });
  }

  it('reads nothing where the step does nothing to read (a sprung trap); a door\'s trap reads as opening it (opening.test.ts)', () => {
    const sprung = fixture({ kind: 'spear' }, { hp: 5 }, 'odds-0');
    const trap = trapAt(sprung, 2, 1)!;
    expect(getRuleset('d20').stepInputs!(sprung, player(sprung), { ...trap, armed: false })).toBeNull();
    const door = scenario({ ruleset: 'd20', map: MAP, traps: [{ kind: 'swinging_block', host: 'door' }] });
    expect(getRuleset('d20').stepInputs!(door, player(door), trapAt(door, 2, 1)!)).toMatchObject({ trap: 'swinging_block', opening: true });
  });

  it('one already within a proximity trap\'s reach sets nothing off by stepping on: avoided, as in play', () => {
    const w = fixture({ kind: 'arrow', data: { occupants: '1' } }, { hp: 4 }, 'odds-0');
    const odds = stepOdds(w, player(w), trapAt(w, 2, 1)!)!;
    expect(odds.avoided!.exact).toEqual({ num: 1n, den: 1n });
    for (let i = 0; i < 50; i++) expect(outcome(fixture({ kind: 'arrow', data: { occupants: '1' } }, { hp: 4 }, `odds-${i}`))).toBe('avoided');
  });
});

// ---------------------------------------------------------------- disarming

/** The rogue beside a known trap (east of it). */
function disarmFixture(trap: ScenarioTrap, seed: string, hero: { traits?: Traits; inventory?: [] } = {}): World {
  return scenario({ ruleset: 'd20', seed, map: MAP, settings: LEVEL_3, traps: [{ ...trap, known: true }], player: { hp: 1000, maxHp: 1000, ...hero } });
}

function disarmOutcome(w: World): { result: string; setOff: boolean } {
  const r = step(w, { type: 'disarm', dx: 1, dy: 0 });
  expect(r.refused).toBeUndefined();
  const attempt = r.events.find((e) => e.type === 'disarmAttempted');
  expect(attempt).toBeDefined();
  return { result: attempt!.type === 'disarmAttempted' ? attempt!.result : '', setOff: r.events.some((e) => e.type === 'trapTriggered' && e.how === 'disarm') };
}

describe('d20: the disarm reading is what play does', () => {
  for (const [kind, dc, hero] of [
    ['spear', 20, {}],
    ['spiked_pit', 15, {}],
    ['glyph_blast', 28, {}],
    // Without thieves' tools: -2.
    ['spear', 20, { inventory: [] as [] }],
  ] as const) {
    it(`a ${kind} (DC ${dc})${'inventory' in hero ? ' without thieves\' tools' : ''}: ${N} disarm actions against the reading`, () => {
      const first = disarmFixture({ kind }, 'disarm-0', hero);
      const reading = getRuleset('d20').disarm.read(first, player(first), trapAt(first, 2, 1)!)!;
      // The rogue of level 3: 6 ranks + Int 14 (+2); tools or not.
      expect(reading).toEqual({ check: 'disarm', inputs: { bonus: 'inventory' in hero ? 6 : 8, dc }, success: ['disarmed'], setOff: ['sprung'] });
      const ruleset = getRuleset('d20');
      const odds = exact(ruleset.checks[reading.check]!.program(reading.inputs, resolveSettings(ruleset, first.settings)));
      const p = (names: readonly string[]) => odds.filter((o) => names.includes(String(o.value))).reduce((s, o) => s + o.p, 0);
      let disarmed = 0;
      let setOff = 0;
      for (let i = 0; i < N; i++) {
        const o = disarmOutcome(disarmFixture({ kind }, `disarm-${i}`, hero));
        if (reading.success.includes(o.result)) disarmed++;
        if (o.setOff) setOff++;
        expect(o.setOff).toBe(reading.setOff.includes(o.result));
      }
      for (const [name, seen, q] of [
        ['disarmed', disarmed, p(reading.success)],
        ['set off', setOff, p(reading.setOff)],
      ] as const) {
        const se = Math.sqrt((q * (1 - q)) / N);
        expect(Math.abs(seen / N - q), `${name}: ${seen} of ${N}, read ${q}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
      }
    });
  }

  it('no reading where the game refuses the attempt: a fighter (untrained), a sprung trap, a trap not known', () => {
    const fighter = scenario({ ruleset: 'd20', map: MAP, traps: [{ kind: 'spear', known: true }], settings: { playerClass: 'fighter' } });
    expect(getRuleset('d20').disarm.read(fighter, player(fighter), trapAt(fighter, 2, 1)!)).toBeNull();
    expect(step(fighter, { type: 'disarm', dx: 1, dy: 0 }).refused).toMatch(/trained only/);

    const sprung = disarmFixture({ kind: 'camo_pit' }, 'disarm-0');
    const pit = trapAt(sprung, 2, 1)!;
    expect(getRuleset('d20').disarm.read(sprung, player(sprung), { ...pit, armed: false })).toBeNull();

    const unknown = scenario({ ruleset: 'd20', map: MAP, traps: [{ kind: 'spear' }] });
    expect(getRuleset('d20').disarm.read(unknown, player(unknown), trapAt(unknown, 2, 1)!)).toBeNull();
    expect(step(unknown, { type: 'disarm', dx: 1, dy: 0 }).refused).toMatch(/know of no trap/);
  });
});
