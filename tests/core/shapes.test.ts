/**
 * Every actor and every monster mind keeps one set of fields in one order, however it came to be
 * (generated, carried down a level, added by an event, read back from a save, its mind changed by
 * an event), and every registered ruleset has the same members (its hooks are asked for in every
 * monster's turn). The brain reads these objects many times a turn: one shape each, so those reads
 * stay monomorphic; a new way of making actors that skipped `actorOf`/`mindOf` would show here.
 * Saves must read exactly as before: the unset fields are left out of JSON.
 */
import { describe, expect, it } from 'vitest';
import { newGame, step } from '../../src/core/engine.ts';
import { makeMonster } from '../../src/core/mapgen.ts';
import { monsterKind } from '../../src/core/monsters.ts';
import { getRuleset, listRulesets } from '../../src/core/registry.ts';
import '../../src/rulesets/index.ts';
import { type Actor, deserializeWorld, NO_STATUS, serializeWorld, type World } from '../../src/core/world.ts';
import '../support/testRuleset.ts';
import { applyEvent } from '../../src/core/level.ts';

const ACTOR_FIELDS = ['id', 'kind', 'name', 'glyph', 'colour', 'faction', 'x', 'y', 'hp', 'maxHp', 'parts', 'speed', 'nextAct', 'flying', 'traits', 'status', 'inventory', 'ai', 'alive', 'melee', 'opensDoors', 'xp', 'actRound', 'roundActs'];
const MIND_FIELDS = ['mode', 'targetX', 'targetY', 'patience', 'route', 'dir'];

function expectOneShape(world: World): void {
  for (const a of world.actors) {
    expect(Object.keys(a), `actor ${a.id}`).toEqual(ACTOR_FIELDS);
    expect(Object.keys(a.ai), `mind of actor ${a.id}`).toEqual(MIND_FIELDS);
  }
}

describe('actor and mind shapes', () => {
  it('hold for a new level, after play, after an added actor, and after a save is read back', () => {
    const w = newGame({ seed: 'shapes', ruleset: 'test', width: 60, height: 30, settings: { monsters: 8 } });
    expectOneShape(w);
    for (let k = 0; k < 40; k++) step(w, { type: 'wait' });
    const m = makeMonster(monsterKind('goblin')!, w.nextId, w.stairsUp[0], w.stairsUp[1], getRuleset('test'), w.settings);
    applyEvent(w, { type: 'actorAdded', actor: { ...m, ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 5 } } as Actor });
    applyEvent(w, { type: 'actorUpdated', actor: m.id, changes: { ai: { mode: 'investigate', targetX: 2, targetY: 2, patience: 3 } } });
    expectOneShape(w);
    expectOneShape(deserializeWorld(serializeWorld(w)));
  });

  it('leave the saved form as it was: no unset field is written', () => {
    const w = newGame({ seed: 'shapes', ruleset: 'test', width: 60, height: 30, settings: { monsters: 8 } });
    const saved = JSON.parse(serializeWorld(w)) as { actors: Array<Record<string, unknown> & { ai: Record<string, unknown> }> };
    // The player of the test ruleset has no body parts and no rounds to walk.
    const hero = saved.actors.find((a) => a.kind === 'player');
    expect(hero).toBeDefined();
    // Nor does it count actions per round (only rulesets with `countsActions` do).
    expect(Object.keys(hero!)).toEqual(ACTOR_FIELDS.filter((f) => f !== 'parts' && f !== 'actRound' && f !== 'roundActs'));
    expect(Object.keys(hero!.ai)).toEqual(['mode', 'targetX', 'targetY', 'patience']);
  });

  it('hold where the engine counts actions per round (wasteland), and the count is saved', () => {
    const w = newGame({ seed: 'shapes', ruleset: 'wasteland', width: 60, height: 30, settings: { monsters: 8 } });
    expectOneShape(w);
    for (let k = 0; k < 41; k++) step(w, { type: 'wait' });
    expectOneShape(w);
    const back = deserializeWorld(serializeWorld(w));
    expectOneShape(back);
    expect(back.actors.map((a) => [a.actRound, a.roundActs])).toEqual(w.actors.map((a) => [a.actRound, a.roundActs]));
    // Alone on its level, 41 waits at two actions a turn: the 41st is the first of turn 20.
    const alone = newGame({ seed: 'shapes', ruleset: 'wasteland', width: 60, height: 30, settings: { monsters: 0 } });
    for (let k = 0; k < 41; k++) step(alone, { type: 'wait' });
    const hero = deserializeWorld(serializeWorld(alone)).actors.find((a) => a.id === alone.playerId)!;
    expect([hero.actRound, hero.roundActs]).toEqual([20, 1]);
  });

  it('an actor with no status shares NO_STATUS, however it came to be; setting one gives it its own, clearing the last gives NO_STATUS back', () => {
    const w = newGame({ seed: 'shapes', ruleset: 'test', width: 60, height: 30, settings: { monsters: 8 } });
    const back = deserializeWorld(serializeWorld(w));
    for (const world of [w, back])
      for (const a of world.actors) expect(a.status === NO_STATUS, `actor ${a.id}`).toBe(Object.keys(a.status).length === 0);
    expect(Object.isFrozen(NO_STATUS)).toBe(true);
    const hero = w.actors.find((a) => a.id === w.playerId)!;
    expect(hero.status).toBe(NO_STATUS);
    applyEvent(w, { type: 'actorUpdated', actor: hero.id, changes: { status: { held: 2, slowed: 1 } } });
    expect(hero.status).toEqual({ held: 2, slowed: 1 });
    expect(Object.keys(NO_STATUS)).toEqual([]);
    applyEvent(w, { type: 'actorUpdated', actor: hero.id, changes: { status: { held: 0 } } });
    expect(hero.status).toEqual({ slowed: 1 });
    // Removed by rebuilding, not `delete` (which would take the object off its shape, into dictionary mode).
    expect(hero.status).not.toHaveProperty('held');
    applyEvent(w, { type: 'actorUpdated', actor: hero.id, changes: { status: { slowed: 0, asleep: 0 } } });
    expect(hero.status).toBe(NO_STATUS);
    // Saved as before: an empty object.
    expect((JSON.parse(serializeWorld(w)) as { actors: Array<{ id: number; status: unknown }> }).actors.find((a) => a.id === hero.id)!.status).toEqual({});
  });

  it('hold for every registered ruleset: the same members in the same order, unset hooks included', () => {
    const shapes = new Set(listRulesets().map((r) => Object.keys(r).join(',')));
    expect(listRulesets().length).toBeGreaterThanOrEqual(6);
    expect(shapes.size).toBe(1);
    // The optional hooks a ruleset leaves out are there, as undefined.
    expect(Object.keys(getRuleset('test'))).toContain('onLeave');
    expect(getRuleset('test').onLeave).toBeUndefined();
  });
});
