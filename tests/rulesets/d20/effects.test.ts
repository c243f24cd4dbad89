/**
 * What traps do, with scripted dice: every test lists the d20s and damage dice in the order the
 * rules roll them, and checks the outcome the SRD gives for exactly those rolls.
 */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { openChest, step } from '../../../src/core/engine.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { describeCell } from '../../../src/ui/look.ts';
import { type Actor, Terrain, terrainAt, type World } from '../../../src/core/world.ts';
import { designedTrapData } from '../../../src/rulesets/d20/traps.ts';
import { scenario, trapOf } from '../../support/scenario.ts';
import { eventsOf, level3, scripted } from './helpers.ts';
import { edit, player } from '../../../src/core/level.ts';
import { heroIn } from '../../support/heroIn.ts';

const TOUGH = { hp: 1000, maxHp: 1000 };

function monster(w: World, kind: string): Actor {
  const m = w.actors.find((a) => a.kind === kind);
  if (!m) throw new Error(`no ${kind}`);
  return m;
}
function damageTo(events: Array<{ type: string }>, id: number): number {
  return eventsOf({ events: events as never }, 'damaged')
    .filter((e) => e.actor === id)
    .reduce((s, e) => s + e.amount, 0);
}

describe('pits', () => {
  it('a Reflex save that reaches the DC avoids the fall; the pit is open all the same', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'camo_pit' }], player: { traits: { ref: 18 } } });
    const ctx = scripted(w, [2]); // 2 + 18 = 20 against DC 20
    ctx.moveActor(player(w), 2, 1, 'walk');
    expect(eventsOf(ctx, 'trapAvoided')).toHaveLength(1);
    expect(eventsOf(ctx, 'damaged')).toHaveLength(0);
    expect(trapOf(w, 'camo_pit').armed).toBe(false);
    expect(ctx.dice.left).toBe(0);
  });

  it('a natural 1 fails any save: 1d6 per 10 ft., then climbing out takes depth / 15 ft. a round', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'pit' }], player: { ...TOUGH, traits: { ref: 100 } } });
    const ctx = scripted(w, [1, 1, 2, 3, 4]); // save, then 4d6 for 40 ft.
    ctx.moveActor(player(w), 2, 1, 'walk');
    expect(damageTo(ctx.events, 1)).toBe(10);
    expect(player(w).status.held).toBe(3); // 40 / 15, rounded up
    expect(ctx.dice.left).toBe(0);
  });

  it('pit spikes: 1d4 daggers at +10, 1d4 + 1 per 10 ft. of fall, critical on 19-20', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spiked_pit' }], player: TOUGH });
    // Save 1; fall 2d6 = 3 + 3; two spikes: a 20 (threat, confirm roll 1: no critical) for 1d4+2 = 1 + 2,
    // then a natural 1 (miss).
    const ctx = scripted(w, [1, 3, 3, 2, 20, 1, 1, 1]);
    ctx.moveActor(player(w), 2, 1, 'walk');
    expect(damageTo(ctx.events, 1)).toBe(6 + 3);
    expect(ctx.dice.left).toBe(0);
  });

  it('something at the bottom of the pit goes off at whoever falls in', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'camo_pit', data: { bottom: 'spear' } }], player: TOUGH });
    // Save 1, fall 1d6 = 2, then the spear (+12): natural 15 hits AC 14, 1d8 = 5.
    const ctx = scripted(w, [1, 2, 15, 5]);
    ctx.moveActor(player(w), 2, 1, 'walk');
    expect(damageTo(ctx.events, 1)).toBe(7);
  });

  it('fliers do not fall in', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#b^.#', '#@###', '#####'], traps: [{ kind: 'pit' }], sleepingMonsters: true });
    const ctx = scripted(w, []);
    ctx.moveActor(monster(w, 'bat'), 2, 1, 'walk');
    expect(eventsOf(ctx, 'trapTriggered')).toHaveLength(0);
    expect(trapOf(w, 'pit').armed).toBe(true);
  });
});

describe('attack traps', () => {
  it('a natural 20 hits any AC and threatens; a confirmed critical multiplies the damage (spear x3)', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear' }], player: { ...TOUGH, traits: { ac: 100 } } });
    const ctx = scripted(w, [20, 20, 3, 4, 5]);
    ctx.moveActor(player(w), 2, 1, 'walk');
    expect(eventsOf(ctx, 'attacked')).toEqual([expect.objectContaining({ target: 1, result: 'hard' })]);
    expect(damageTo(ctx.events, 1)).toBe(12);
  });

  it('an unconfirmed threat is a normal hit; a natural 1 always misses', () => {
    const w = level3({ ruleset: 'd20', map: ['######', '#@^^.#', '######'], traps: [{ kind: 'spear' }, { kind: 'spear' }], player: { ...TOUGH, traits: { ac: 100 } } });
    const ctx = scripted(w, [20, 2, 6]);
    ctx.moveActor(player(w), 2, 1, 'walk');
    expect(damageTo(ctx.events, 1)).toBe(6);
    const w2 = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear' }], player: { ...TOUGH, traits: { ac: -100 } } });
    const ctx2 = scripted(w2, [1]);
    ctx2.moveActor(player(w2), 2, 1, 'walk');
    expect(eventsOf(ctx2, 'attacked')).toEqual([expect.objectContaining({ result: 'miss' })]);
    expect(damageTo(ctx2.events, 1)).toBe(0);
  });

  it('a fusillade fires 1d4 darts at every target in its area, each its own attack', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^g#', '#####'], traps: [{ kind: 'darts' }], player: TOUGH, sleepingMonsters: true, monsters: [TOUGH] });
    const goblin = monster(w, 'goblin');
    const ctx = scripted(w, [
      3, // darts at the player
      19, 5, 2, 3, // 19 + 10 hits AC 14 and threatens; 5 + 10 = 15 confirms: (1d4+1) x 2 = 3 + 4
      1, // miss
      10, 4, // 20 hits, no threat: 4 + 1
      1, 1, // the goblin: one dart, a natural 1
    ]);
    ctx.moveActor(player(w), 2, 1, 'walk');
    expect(damageTo(ctx.events, 1)).toBe(12);
    expect(eventsOf(ctx, 'attacked').filter((e) => e.target === goblin.id)).toHaveLength(1);
    expect(ctx.dice.left).toBe(0);
  });

  it('a touch attack is made against touch AC', () => {
    const touch = designedTrapData({ trigger: 'location', reset: 'manual', attack: 6, damage: '1d6', 'touch-attack': true });
    const plain = designedTrapData({ trigger: 'location', reset: 'manual', attack: 6, damage: '1d6' });
    for (const [data, expected] of [
      [touch, 2],
      [plain, 0],
    ] as const) {
      const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'designed', data }], player: { ...TOUGH, traits: { ac: 30, touchAc: 10 } } });
      // A natural 4: 4 + 6 = 10 reaches touch AC 10, not AC 30.
      const ctx = scripted(w, expected > 0 ? [4, 2] : [4]);
      ctx.moveActor(player(w), 2, 1, 'walk');
      expect(damageTo(ctx.events, 1)).toBe(expected);
    }
  });
});

describe('a designed trap goes by the name it was given', () => {
  it('in the rules\' words (the log, the step dialog) and in look mode, each its own even when alike', () => {
    const inputs = { trigger: 'location', reset: 'manual', attack: 6, damage: '1d6' } as const;
    const w = scenario({
      ruleset: 'd20',
      map: ['######', '#@^^.#', '######'],
      traps: [
        { kind: 'designed', data: designedTrapData(inputs, 'Wall Scythe Trap'), known: true },
        { kind: 'designed', data: designedTrapData(inputs, 'my pit'), known: true },
      ],
    });
    const [first, second] = w.traps;
    const ctx = new StepContext(w);
    expect(ctx.trapName(first!)).toBe('Wall Scythe Trap');
    expect(ctx.trapName(second!)).toBe('my pit');
    expect(step(w, { type: 'move', dx: 1, dy: 0 }).confirmTrap?.name).toBe('Wall Scythe Trap');
    edit(w, (p) => {
      p.visible.fill(1);
    });
    expect(describeCell(w, getRuleset('d20'), 3, 1)).toMatch(/^A my pit, on stone floor\./);
  });
});

describe('poison', () => {
  it('bloodroot: Fortitude against the initial damage (none), the secondary a minute (10 rounds) later', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'poison_dart' }] });
    const hero = player(w);
    expect([hero.hp, hero.traits.con, hero.traits.wis, hero.traits.level]).toEqual([17, 13, 12, 3]);
    // Attack 15 + 8 hits AC 14; 1d4 = 3; Fortitude natural 1.
    const ctx = scripted(w, [15, 3, 1]);
    ctx.moveActor(hero, 2, 1, 'walk');
    expect(hero.hp).toBe(14);
    expect(hero.status.poison_bloodroot).toBe(10);
    for (let round = 1; round <= 9; round++) ctx.ruleset.onWorldTurn!(ctx);
    expect(hero.status.poison_bloodroot).toBe(1);
    // The secondary save fails: 1d4 Con (3) and 1d3 Wis (2).
    ctx.dice.values.push(1, 3, 2);
    ctx.ruleset.onWorldTurn!(ctx);
    expect(hero.status.poison_bloodroot).toBeUndefined();
    expect([hero.traits.damCon, hero.traits.damWis]).toEqual([3, 2]);
    // Con 13 -> 10: the modifier drops by 1, so 1 hit point per level (3) goes, from max HP too.
    expect(hero.hp).toBe(11);
    expect(hero.maxHp).toBe(14);
    // The delayed dose is the dart trap's doing: its damage names the trap, gone or not.
    const trapId = w.traps[0]!.id;
    const late = ctx.events.filter((e) => e.type === 'damaged' && e.damageType === 'poison');
    expect(late.at(-1)).toMatchObject({ trap: trapId, trapKind: 'poison_dart' });
  });

  it('a death by the delayed dose counts as the trap\'s, even after the trap is gone', () => {
    // Death at 0 hit points: the SRD's dying rules would leave the hero dying (dying.test.ts).
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'poison_dart' }], settings: { dying: 'dead-at-0' } });
    const hero = player(w);
    const ctx = scripted(w, [15, 3, 1]);
    ctx.moveActor(hero, 2, 1, 'walk');
    const trap = w.traps[0]!;
    ctx.removeTrap(trap, 'destroyed');
    edit(w, (p) => {
      heroIn(p).hp = 1;
    });
    for (let round = 1; round <= 9; round++) ctx.ruleset.onWorldTurn!(ctx);
    ctx.dice.values.push(1, 4, 3);
    ctx.ruleset.onWorldTurn!(ctx);
    expect(hero.alive).toBe(false);
    expect(ctx.events.find((e) => e.type === 'died')).toMatchObject({ trap: trap.id, trapKind: 'poison_dart' });
  });

  it('undead are immune', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#Z^@#', '#####'], traps: [{ kind: 'poison_dart' }], sleepingMonsters: true, monsters: [TOUGH] });
    const zombie = monster(w, 'zombie');
    const ctx = scripted(w, [20, 1, 3]); // hit, no critical, 3 damage; no save is rolled
    ctx.moveActor(zombie, 2, 1, 'walk');
    expect(Object.keys(zombie.status).some((k) => k.startsWith('poison_'))).toBe(false);
    expect(ctx.dice.left).toBe(0);
  });
});

describe('never miss traps with an onset delay', () => {
  it('ungol dust fills the room after 2 rounds: whoever is still there breathes it', () => {
    const w = level3({ ruleset: 'd20', map: ['#######', '#@^...#', '#######'], traps: [{ kind: 'ungol_vapor' }] });
    const hero = player(w);
    const ctx = scripted(w, []);
    ctx.moveActor(hero, 2, 1, 'walk');
    expect(trapOf(w, 'ungol_vapor').data.onsetLeft).toBe(2);
    ctx.ruleset.onWorldTurn!(ctx);
    expect(hero.status.poison_ungol_dust).toBeUndefined();
    ctx.dice.values.push(1); // Fortitude natural 1: 1 Cha
    ctx.ruleset.onWorldTurn!(ctx);
    expect(hero.traits.damCha).toBe(1);
    expect(hero.status.poison_ungol_dust).toBe(10);
  });

  it('whoever leaves the area in time is not touched', () => {
    const w = level3({ ruleset: 'd20', map: ['#######', '#@^...#', '#######'], traps: [{ kind: 'ungol_vapor' }] });
    const hero = player(w);
    const ctx = scripted(w, []);
    ctx.moveActor(hero, 2, 1, 'walk');
    ctx.moveActor(hero, 3, 1, 'walk', false);
    ctx.moveActor(hero, 4, 1, 'walk', false);
    ctx.ruleset.onWorldTurn!(ctx);
    ctx.ruleset.onWorldTurn!(ctx);
    expect(Object.keys(hero.status)).toEqual([]);
    expect(ctx.dice.left).toBe(0);
  });

  it('a water-filled room floods after 5 rounds, drowns whoever stays past 2 x Con rounds, then drains and resets', () => {
    const w = scenario({
      ruleset: 'd20',
      map: ['#######', '#@^...#', '#######'],
      traps: [{ kind: 'water_room' }],
      player: { ...TOUGH, traits: { con: 3 } },
      settings: { floodRounds: 10, autoResetRounds: 1 },
    });
    const hero = player(w);
    const ctx = scripted(w, []);
    ctx.moveActor(hero, 2, 1, 'walk');
    for (let r = 0; r < 4; r++) ctx.ruleset.onWorldTurn!(ctx);
    expect(terrainAt(w, 2, 1)).toBe(Terrain.Floor);
    ctx.ruleset.onWorldTurn!(ctx); // round 5: the water comes
    expect(terrainAt(w, 2, 1)).toBe(Terrain.Water);
    expect(terrainAt(w, 1, 1)).toBe(Terrain.Water);
    // Con 3 holds 6 rounds (counted from the next one); then Constitution checks (Con -4) at DC 10, 11,
    // ...: a 20 passes, a 1 drowns.
    for (let r = 0; r < 6; r++) ctx.ruleset.onWorldTurn!(ctx);
    expect(hero.status.breath).toBe(6);
    ctx.dice.values.push(20);
    ctx.ruleset.onWorldTurn!(ctx);
    expect(hero.alive).toBe(true);
    ctx.dice.values.push(1);
    ctx.ruleset.onWorldTurn!(ctx);
    expect(hero.alive).toBe(false);
    expect(eventsOf(ctx, 'died')[0]!.cause).toBe('drowned');
    // The room drains after floodRounds and the automatic reset arms it again a round later.
    for (let r = 0; r < 2; r++) ctx.ruleset.onWorldTurn!(ctx);
    expect(terrainAt(w, 2, 1)).toBe(Terrain.Floor);
    expect(trapOf(w, 'water_room').armed).toBe(false);
    ctx.ruleset.onWorldTurn!(ctx);
    expect(trapOf(w, 'water_room').armed).toBe(true);
  });
});

describe('magic effects', () => {
  it('a fire trap blasts everyone within 5 ft.: one damage roll, a Reflex save each for half', () => {
    const w = level3({ ruleset: 'd20', map: ['######', '#@^g.#', '######'], traps: [{ kind: 'fire_trap', host: 'chest' }], player: TOUGH, sleepingMonsters: true, monsters: [TOUGH] });
    const goblin = monster(w, 'goblin');
    // 1d4+3 = 2 + 3; the player's save 18 + 5 >= 13 (half: 2); the goblin's natural 1 (full: 5).
    const ctx = scripted(w, [2, 18, 1]);
    openChest(ctx, player(w), w.chests[0]!.id, 'open');
    expect(damageTo(ctx.events, 1)).toBe(2);
    expect(damageTo(ctx.events, goblin.id)).toBe(5);
    expect(w.traps).toHaveLength(0);
  });

  it('a summoning trap calls 1d3 goblins next to the intruder, who vanish after 5 rounds', () => {
    const w = level3({ ruleset: 'd20', map: ['########', '#@..^..#', '#......#', '########'], traps: [{ kind: 'summon_trap' }], player: TOUGH });
    const ctx = scripted(w, [2, 1, 1]);
    ctx.moveActor(player(w), 2, 1, 'walk');
    // Proximity triggers are checked once a round.
    ctx.ruleset.onWorldTurn!(ctx);
    const summoned = w.actors.filter((a) => a.kind === 'goblin');
    expect(summoned).toHaveLength(2);
    for (const g of summoned) expect(Math.max(Math.abs(g.x - 2), Math.abs(g.y - 1))).toBe(1);
    expect(w.traps).toHaveLength(0);
    for (let r = 0; r < 4; r++) ctx.ruleset.onWorldTurn!(ctx);
    expect(summoned.every((g) => g.alive)).toBe(true);
    ctx.ruleset.onWorldTurn!(ctx);
    expect(summoned.every((g) => !g.alive)).toBe(true);
  });

  it('an alarm rings a hand bell heard 60 ft. away, waking sleepers; the dungeon\'s monsters pass it', () => {
    const w = level3({ ruleset: 'd20', map: ['##############', '#@..^......g.#', '##############'], traps: [{ kind: 'alarm' }], sleepingMonsters: true, player: TOUGH });
    const goblin = monster(w, 'goblin');
    const ctx = scripted(w, []);
    ctx.moveActor(goblin, 5, 1, 'walk');
    ctx.ruleset.onWorldTurn!(ctx);
    expect(eventsOf(ctx, 'noise')).toHaveLength(0);
    ctx.moveActor(goblin, 11, 1, 'walk');
    ctx.moveActor(player(w), 2, 1, 'walk');
    ctx.ruleset.onWorldTurn!(ctx);
    expect(eventsOf(ctx, 'noise')).toEqual([expect.objectContaining({ volume: 60 })]);
    expect(goblin.status.asleep).toBeUndefined();
    // The spell lasts: it is still there, ready for the next intruder.
    expect(trapOf(w, 'alarm').armed).toBe(true);
  });
});
