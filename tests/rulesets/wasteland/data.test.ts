/**
 * Wasteland's traps are data (src/rulesets/wasteland/traps.json over the core's vocabulary): a
 * JSON copy of the built-in kinds, given as a designer's trap file, reads and plays exactly as
 * the ruleset itself does; a designer's new kind (examples/traps/wasteland-pits.json) plays and
 * reads as its definition says; and what these rules cannot play is refused, naming the field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { newGame, step } from '../../../src/core/engine.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import { player, trapAt } from '../../../src/core/level.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import type { TrapFile, TrapKind } from '../../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../../src/core/traps/files.ts';
import { parseTrapFile } from '../../../src/core/traps/schema.ts';
import { DIRECTIONS, isWalkable, type Traits, terrainAt, type World } from '../../../src/core/world.ts';
import { runOdds } from '../../../src/sim/odds.ts';
import { scenario } from '../../support/scenario.ts';
import { ALL_SKULLS, messages, ofType } from './helpers.ts';

const BUILT_IN = readFileSync(new URL('../../../src/rulesets/wasteland/traps.json', import.meta.url), 'utf8');
const EXAMPLE = readFileSync(new URL('../../../examples/traps/wasteland-pits.json', import.meta.url), 'utf8');

/** The built-in kinds, copied as JSON into a designer's file of its own name: it replaces each kind by the same id. */
function copyFile(): TrapFile {
  const seed = JSON.parse(BUILT_IN) as { traps: unknown };
  return parseTrapFile({ format: 'trapsmith-traps', version: 1, ruleset: 'wasteland', name: 'Copy of the seed', traps: JSON.parse(JSON.stringify(seed.traps)) });
}

const COPY = applyTrapFile(copyFile(), 'copy');
const PITS = applyTrapFile(parseTrapFile(EXAMPLE, 'examples/traps/wasteland-pits.json'), 'examples/traps/wasteland-pits.json');

/** The outcomes of a step check, without the ruleset's id. */
function stepRead(rulesetId: string, inputs: Record<string, unknown>, settings: Traits = {}): unknown {
  const r = runOdds(rulesetId, 'step', inputs, settings);
  return { outcomes: r.outcomes, inputs: r.inputs };
}

/** The first step of a shortest walk (over terrain) from the hero to the nearest armed trap, or null. */
function towardsTrap(w: World): readonly [number, number] | null {
  const hero = player(w);
  const from = hero.y * w.width + hero.x;
  const armed = new Set(w.traps.filter((t) => t.armed).map((t) => t.y * w.width + t.x));
  armed.delete(from);
  const first = new Map<number, readonly [number, number]>([[from, [0, 0]]]);
  for (const queue = [from]; queue.length > 0; ) {
    const i = queue.shift()!;
    if (armed.has(i)) return first.get(i)!;
    for (const d of DIRECTIONS) {
      const x = (i % w.width) + d[0];
      const y = Math.floor(i / w.width) + d[1];
      const j = y * w.width + x;
      if (first.has(j) || !isWalkable(terrainAt(w, x, y))) continue;
      first.set(j, i === from ? d : first.get(i)!);
      queue.push(j);
    }
  }
  return null;
}

/** A short game played by a fixed script (no stairs): the hero walks to the nearest armed trap (the script sees them all), and onto it. */
function scriptedGame(rulesetId: string, seed: string, settings: Traits, actions = 200): { events: GameEvent[]; world: World } {
  const w = newGame({ seed, ruleset: rulesetId, settings });
  const events: GameEvent[] = [];
  for (let n = 0; n < actions && !w.over; n++) {
    const d = towardsTrap(w);
    events.push(...step(w, d ? { type: 'move', dx: d[0], dy: d[1], confirm: true } : { type: 'wait' }).events);
  }
  return { events, world: w };
}

/** Many traps, hidden (so monsters walk onto them too), a hero who lasts. */
const BUSY: Traits = { trapsPerLevel: 40, trapsVisible: false, monsters: 6, heroHp: 200 };

describe('wasteland: a JSON copy of the built-in kinds as a trap file', () => {
  it('is its own ruleset, with the seed table and kinds', () => {
    expect(COPY).toBe('wasteland+copy-of-the-seed');
    const copy = getRuleset(COPY);
    const base = getRuleset('wasteland');
    expect(copy.traps.map((t) => t.id)).toEqual(['caltrops', 'bear_trap', 'mine']);
    expect(copy.traps.map((t) => t.columns)).toEqual(base.traps.map((t) => t.columns));
    expect(copy.traps.map((t) => t.kind)).toEqual(base.traps.map((t) => t.kind));
  });

  it('reads the step check exactly as the ruleset does, for every kind, die, detector, flight, damage and setting', () => {
    const situations: Array<[Record<string, unknown>, Traits]> = [];
    for (const trap of ['caltrops', 'bear_trap', 'mine'])
      for (const hp of [1, 2, 3, 4, 20]) {
        situations.push([{ trap, hp }, {}]);
        situations.push([{ trap, hp, 'skull-faces': 2, 'shield-faces': 1, 'blank-faces': 3 }, {}]);
        situations.push([{ trap, hp, detector: true }, {}]);
        situations.push([{ trap, hp, flying: true }, {}]);
        situations.push([{ trap, hp, damage: 7 }, {}]);
        situations.push([{ trap, hp }, { caltropsDamage: 3, bearTrapDamage: 0, mineDamage: 4, skullFaces: 1 }]);
      }
    for (const [inputs, settings] of situations) expect(stepRead(COPY, inputs, settings), JSON.stringify([inputs, settings])).toEqual(stepRead('wasteland', inputs, settings));
    // The readings differ where the rules do: the check is not blind to the trap.
    expect(stepRead(COPY, { trap: 'mine', hp: 3 })).not.toEqual(stepRead(COPY, { trap: 'caltrops', hp: 3 }));
  });

  for (const [label, settings] of [
    ['the default settings', BUSY],
    ['other lost actions, holds, radius and damage', { ...BUSY, caltropsLostActions: 3, bearTrapHeldTurns: 2, mineRadius: 2, mineDamage: 6, caltropsDamage: 0 }],
  ] as const) {
    it(`plays the same game, event for event, under ${label}`, () => {
      const kinds = new Set<string>();
      for (const seed of ['data-1', 'data-2', 'data-3']) {
        const base = scriptedGame('wasteland', seed, settings);
        const copy = scriptedGame(COPY, seed, settings);
        for (const e of ofType(base.events, 'trapTriggered')) kinds.add(e.kind);
        expect(ofType(base.events, 'damaged').some((e) => e.trap !== undefined), seed).toBe(true);
        expect(JSON.stringify(copy.events), seed).toBe(JSON.stringify(base.events));
        expect(player(copy.world).hp).toBe(player(base.world).hp);
      }
      // The games met every kind.
      expect([...kinds].sort()).toEqual(['bear_trap', 'caltrops', 'mine']);
    });
  }
});

describe('wasteland: a designer’s kinds (examples/traps/wasteland-pits.json)', () => {
  const MAP = ['######', '#@^..#', '######'];

  it('the example parses, for wasteland, and its kinds join the seed’s', () => {
    const file = parseTrapFile(EXAMPLE);
    expect(file.ruleset).toBe('wasteland');
    expect(file.traps.map((t) => t.id)).toEqual(['spike_pit', 'flare']);
    expect(getRuleset(PITS).traps.map((t) => t.id)).toEqual(['caltrops', 'bear_trap', 'mine', 'spike_pit', 'flare']);
    expect(getRuleset(PITS).traps.find((t) => t.id === 'spike_pit')!.columns).toEqual({
      source: "a designer's",
      damage: 2,
      effect: 'held fast one turn',
      area: 'its cell',
      weight: 2,
    });
  });

  it('a spike pit reads exactly: a skull on the default die (1/2) springs it, and its 2 damage kills at 2 HP', () => {
    expect(runOdds(PITS, 'step', { trap: 'spike_pit', hp: 2 }).outcomes).toEqual({
      avoided: { p: 0.5, exact: '1/2' },
      unhurt: { p: 0, exact: '0/1' },
      hurt: { p: 0, exact: '0/1' },
      death: { p: 0.5, exact: '1/2' },
    });
    expect(runOdds(PITS, 'step', { trap: 'spike_pit', hp: 3, 'skull-faces': 1, 'shield-faces': 2, 'blank-faces': 3 }).outcomes.hurt).toEqual({ p: 1 / 6, exact: '1/6' });
    // The flare does no harm.
    expect(runOdds(PITS, 'step', { trap: 'flare', hp: 1 }).outcomes.unhurt).toEqual({ p: 0.5, exact: '1/2' });
    // The seed's ruleset knows no such trap.
    expect(() => runOdds('wasteland', 'step', { trap: 'spike_pit', hp: 2 })).toThrow(/expected one of caltrops, bear_trap, mine, got "spike_pit"/);
  });

  it('the live reading: the step inputs carry its damage, and the confirm odds follow', () => {
    const w = scenario({ ruleset: PITS, map: MAP, traps: [{ kind: 'spike_pit', known: true }], player: { hp: 5 } });
    expect(getRuleset(PITS).stepInputs!(w, player(w), trapAt(w, 2, 1)!)).toMatchObject({ trap: 'spike_pit', hp: 5, damage: 2 });
  });

  it('a spike pit plays: 2 damage, said to the hero, held fast the next turn, and the pit leaves the board', () => {
    const w = scenario({ ruleset: PITS, map: MAP, traps: [{ kind: 'spike_pit', known: true }], settings: ALL_SKULLS, player: { hp: 5 } });
    const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
    const hero = player(w);
    expect(ofType(r.events, 'damaged')).toMatchObject([{ actor: hero.id, amount: 2, trapKind: 'spike_pit' }]);
    expect(hero.hp).toBe(3);
    expect(messages(r.events)).toContain('You drop into a spike pit (2 damage)! You are stuck fast.');
    expect(ofType(r.events, 'trapRemoved')).toMatchObject([{ kind: 'spike_pit', why: 'sprung' }]);
    expect(hero.status.held).toBeGreaterThan(0);
    // Next turn every move is spent struggling; the turn after, the hero walks on.
    const held = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(messages(held.events)).toContain('You struggle to get free.');
    expect(player(w).x).toBe(2);
    step(w, { type: 'move', dx: 1, dy: 0 });
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(3);
  });

  it('an onlooker sees a goblin drop in, told as a trap; a flare makes a noise and hurts no one', () => {
    const w = scenario({ ruleset: PITS, map: ['######', '#@.^g#', '######'], traps: [{ kind: 'spike_pit' }], sleepingMonsters: true });
    const goblin = w.actors.find((a) => a.kind === 'goblin')!;
    const ctx = new StepContext(w);
    ctx.trigger(trapAt(w, 3, 1)!, goblin, 'step');
    expect(ofType(ctx.events, 'message').filter((e) => e.text.includes('spike pit'))).toEqual([
      { type: 'message', text: 'The goblin drops into a spike pit (2 damage).', tone: 'trap' },
    ]);
    expect(ofType(ctx.events, 'damaged')).toMatchObject([{ actor: goblin.id, amount: 2 }]);
    const flare = scenario({ ruleset: PITS, map: MAP, traps: [{ kind: 'flare', known: true }], settings: ALL_SKULLS });
    const f = step(flare, { type: 'move', dx: 1, dy: 0, confirm: true });
    expect(ofType(f.events, 'noise')).toMatchObject([{ volume: 80, source: 'a flare' }]);
    expect(ofType(f.events, 'damaged')).toEqual([]);
    expect(messages(f.events)).toContain('A tripwire snaps and a flare goes up with a shriek!');
  });

  it('the dungeon places the new kinds by their weights', () => {
    const placed = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) for (const t of newGame({ seed, ruleset: PITS }).traps) placed.add(t.kind);
    expect(placed.has('spike_pit')).toBe(true);
  });
});

describe('wasteland: what a designer’s kind may not ask of these rules', () => {
  const pit = (JSON.parse(EXAMPLE) as { traps: TrapKind[] }).traps[0]!;
  const refused = (name: string, kind: unknown): string => {
    try {
      applyTrapFile(parseTrapFile({ format: 'trapsmith-traps', version: 1, ruleset: 'wasteland', name, traps: [kind] }), name);
    } catch (e) {
      return (e as Error).message;
    }
    return 'accepted';
  };

  it('names each field: an attack roll, charges, a door, a rigged kind, a number the rules do not read, an unknown setting', () => {
    expect(refused('attack', { ...pit, effect: { do: 'attack', noun: 'spike', damage: '2' } })).toMatch(/traps\[0\]\.effect: Wasteland has no attack rolls/);
    expect(refused('nested', { ...pit, effect: { do: 'all', effects: [{ do: 'damage', damage: '1' }, { do: 'projectile', slitRange: 3, flight: 3, colour: '#fff', attack: { noun: 'dart' } }] } })).toMatch(
      /traps\[0\]\.effect\.effects\[1\]: Wasteland has no attack rolls/,
    );
    expect(refused('charges', { ...pit, charges: 3 })).toMatch(/traps\[0\]\.charges: a Wasteland trap leaves the board once it goes off \(expected 1\)/);
    expect(refused('door', { ...pit, hosts: ['floor', 'door'] })).toMatch(/traps\[0\]\.hosts: Wasteland's traps lie on the floor only/);
    expect(refused('rigged', { ...pit, rigged: true })).toMatch(/traps\[0\]\.rigged:/);
    expect(refused('numbers', { ...pit, numbers: { damage: 5 } })).toMatch(/traps\[0\]\.numbers\.damage: Wasteland's rules read no numbers/);
    expect(refused('setting', { ...pit, effect: { do: 'damage', damage: '$pitDamage' } })).toMatch(/traps\[0\]\.effect\.damage: "\$pitDamage" is not a whole-number setting of wasteland/);
    expect(refused('template', { ...pit, effect: { do: 'damage', damage: '1', say: 'Ouch ({$trapsVisible})' } })).toMatch(/traps\[0\]\.effect\.say: "\$trapsVisible" is not a whole-number setting/);
    // A setting that is one plays.
    expect(refused('good setting', { ...pit, effect: { do: 'damage', damage: '$bearTrapDamage' } })).toBe('accepted');
  });

  it('a kind with depths is placed only there', () => {
    const file = (name: string, depths: [number, number]) =>
      applyTrapFile(parseTrapFile({ format: 'trapsmith-traps', version: 1, ruleset: 'wasteland', name, traps: [{ ...pit, placement: { weight: 1000, depths } }] }));
    const deep = file('Deep pits', [3, 9]);
    const shallow = file('Shallow pits', [1, 2]);
    for (const seed of ['a', 'b', 'c', 'd']) {
      expect(newGame({ seed, ruleset: deep }).traps.some((t) => t.kind === 'spike_pit')).toBe(false);
      expect(newGame({ seed, ruleset: shallow }).traps.some((t) => t.kind === 'spike_pit')).toBe(true);
    }
  });
});
