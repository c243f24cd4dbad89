/**
 * A small ruleset that exists only to prove the core's ruleset interface: spikes that hurt, an
 * alarm that makes noise, a dart on doors and chests, a 50% search and a 2d6 disarm, each with
 * its exact reading (the `step`, `disarm` and `search` checks the hover and the careful bot read).
 */
import { chance, roll, sample, compare, constant } from '../../src/core/prob.ts';
import { findTrapDef, getRuleset, registerRuleset } from '../../src/core/registry.ts';
import { harmOfDamage, type Ruleset, STEP_HARM_OUTCOMES } from '../../src/core/ruleset.ts';
import { chebyshev, DIRECTIONS, isWalkable, terrainAt } from '../../src/core/world.ts';
import { trapAt } from '../../src/core/level.ts';

const disarmCheck = (skill: number, difficulty: number) =>
  compare(roll(2, 6), constant(difficulty - skill)).map((c) => (c >= 0 ? 'disarmed' : 'set_off'));

export const testRuleset: Ruleset = {
  id: 'test',
  name: 'Test rules',
  source: 'tests/support/testRuleset.ts',
  settings: [{ name: 'spikeSides', type: 'int', default: 4, min: 1, max: 100, description: 'Sides of the spike die.' }],
  trapColumns: ['difficulty', 'damage'],
  traps: [
    { id: 'spike', name: 'spike trap', glyph: '^', colour: '#c0c0c0', columns: { difficulty: 7, damage: '1d4' } },
    { id: 'alarm', name: 'alarm trap', glyph: '^', colour: '#ffff00', columns: { difficulty: 5, damage: null } },
    { id: 'dart', name: 'dart trap', glyph: '^', colour: '#ff8000', columns: { difficulty: 8, damage: '1d3' } },
  ],
  checks: {
    disarm: {
      name: 'disarm',
      description: '2d6 + skill vs difficulty',
      params: [
        { name: 'skill', type: 'int', required: true, description: 'Skill bonus' },
        { name: 'difficulty', type: 'int', required: true, description: 'Trap difficulty' },
      ],
      outcomes: ['disarmed', 'set_off'],
      program: (i) => disarmCheck(i.skill as number, i.difficulty as number),
    },
    step: {
      name: 'step',
      description: 'Stepping onto a trap (or opening its door): a spike does 1d(spikeSides), a dart 1d3, an alarm nothing; a flier passes over a floor trap.',
      params: [
        { name: 'trap', type: 'enum', required: true, values: ['spike', 'alarm', 'dart'], description: 'The trap' },
        { name: 'hp', type: 'int', required: true, min: 1, max: 1000, description: 'Hit points now' },
        { name: 'flying', type: 'boolean', default: false, description: 'Flies over a floor trap' },
      ],
      outcomes: STEP_HARM_OUTCOMES,
      program: (i, s) => {
        if (i.flying === true && i.trap !== 'dart') return constant('avoided');
        if (i.trap === 'alarm') return constant('unhurt');
        return roll(1, i.trap === 'dart' ? 3 : (s.spikeSides as number)).map((d) => harmOfDamage(d, i.hp as number));
      },
    },
    search: {
      name: 'search',
      description: 'A search finds a trap beside the searcher one time in two.',
      params: [],
      outcomes: ['found', 'missed'],
      program: () => chance(1, 2).map((f) => (f ? 'found' : 'missed')),
    },
    spike: {
      name: 'spike',
      description: 'Spike damage',
      params: [],
      numeric: true,
      program: (_i, s) => roll(1, s.spikeSides as number),
    },
  },
  levelInfo: (depth) => ({ danger: depth }),
  player: () => ({ hp: 20, traits: { skill: 2 } }),
  monsterTraits: () => ({}),
  traitTable: { skill: { kind: 'int', min: 0, meaning: 'The one skill: disarming and rigging.' } },
  hud: (_w, a) => [{ label: 'Skill', value: String(a.traits.skill) }],
  placeTraps(ctx) {
    const out = [];
    for (let n = 0; n < 6 && ctx.floorCells.length > 0; n++) {
      const [x, y] = ctx.floorCells[ctx.rng.int(0, ctx.floorCells.length - 1)]!;
      out.push({ kind: n % 2 === 0 ? 'spike' : 'alarm', x, y });
    }
    if (ctx.doorCells.length > 0) {
      const [x, y] = ctx.doorCells[0]!;
      out.push({ kind: 'dart', x, y, host: { kind: 'door' as const } });
    }
    return out;
  },
  stepInputs: (_w, actor, trap) => (trap.armed ? { trap: trap.kind, hp: Math.max(1, actor.hp), flying: actor.flying } : null),
  spotInputs: () => ({ search: { check: 'search', inputs: {}, found: ['found'] }, passing: null }),
  onEnter(ctx, actor, trap) {
    if (actor.flying) return;
    ctx.trigger(trap, actor, 'step');
  },
  trigger(ctx, trap, actor) {
    if (ctx.playerSees(trap.x, trap.y)) ctx.reveal(trap, ctx.world.playerId, 'triggered');
    if (trap.kind === 'alarm') {
      ctx.noise(trap.x, trap.y, 300, 'an alarm bell');
      return;
    }
    if (!actor) return;
    const sides = trap.kind === 'dart' ? 3 : (ctx.settings.spikeSides as number);
    const amount = sample(roll(1, sides), ctx.rng('traps'));
    ctx.damage(actor, amount, { cause: `killed by a ${ctx.trapName(trap)}`, trap, killer: trap.owner });
  },
  onOpen(ctx, actor, trap) {
    ctx.trigger(trap, actor, 'door');
  },
  search(ctx, actor) {
    for (const [dx, dy] of DIRECTIONS) {
      const trap = trapAt(ctx.world, actor.x + dx, actor.y + dy);
      if (trap && !trap.knownBy.includes(actor.id) && sample(chance(1, 2), ctx.rng('player'))) ctx.reveal(trap, actor.id, 'search');
    }
  },
  notice() {},
  disarm: {
    read: (w, actor, trap) =>
      trap.knownBy.includes(actor.id) && chebyshev(actor.x, actor.y, trap.x, trap.y) === 1
        ? // The playing table's difficulty (a variant's changes it).
          { check: 'disarm', inputs: { skill: actor.traits.skill as number, difficulty: findTrapDef(getRuleset(w.ruleset), trap.kind)!.columns.difficulty as number }, success: ['disarmed'], setOff: ['set_off'] }
        : null,
    program: (i) => disarmCheck(i.skill as number, i.difficulty as number),
    outcome: (fate) => String(fate),
    apply(ctx, actor, trap, result) {
      ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result: String(result) });
      if (result === 'disarmed') ctx.removeTrap(trap, 'disarmed');
      else ctx.trigger(trap, actor, 'disarm');
    },
    without: () => {},
  },
  rigOptions: (_w, actor) => [
    { id: 'spike', name: 'spike trap', available: (actor.traits.skill as number) >= 1, reason: 'You need skill 1.' },
  ],
  rig(ctx, actor, _what, x, y) {
    if (!isWalkable(terrainAt(ctx.world, x, y)) || trapAt(ctx.world, x, y)) {
      ctx.say('You cannot rig a trap there.');
      return;
    }
    ctx.placeTrap({ kind: 'spike', x, y }, actor.id);
  },
  actionCost: (_w, actor, action) => (action.type === 'disarm' ? 200 : Math.round((100 * 100) / actor.speed)),
  monsterKnowsTrap: (world, m, trap) => trap.knownBy.includes(m.id) || chebyshev(0, 0, 0, 0) > 0 && world.turn < 0,
};

registerRuleset(testRuleset);
