/**
 * The turn order against the rule it implements, checked by brute force: at every point the
 * actor handed out is the living one with the least (nextAct, id), whatever happened in between
 * (actors acting later, dying, being added, or made due sooner).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../src/core/events.ts';
import { TurnOrder } from '../../src/core/scheduler.ts';
import { type Actor, emptyWorld, type World } from '../../src/core/world.ts';
import { initialStreams } from '../../src/core/rng.ts';
import { scenario } from '../support/scenario.ts';
import '../support/testRuleset.ts';

function bruteForceNext(world: World): Actor | undefined {
  let best: Actor | undefined;
  for (const a of world.actors) if (a.alive && (!best || a.nextAct < best.nextAct || (a.nextAct === best.nextAct && a.id < best.id))) best = a;
  return best;
}

/** What may happen to the actors between two turns, as events (the only way the world changes in play). */
type Change = { kind: 'act'; cost: number } | { kind: 'hurry'; who: number; to: number } | { kind: 'die'; who: number } | { kind: 'add'; at: number };

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 250 }).map((cost) => ({ kind: 'act' as const, cost })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hurry' as const), who: fc.nat(12), to: fc.nat(400) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('die' as const), who: fc.nat(12) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), at: fc.nat(400) }) },
);

describe('turn order', () => {
  it('always hands out the living actor with the least (nextAct, id), as rot.js Action scheduling does', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(300), { minLength: 1, maxLength: 12 }), fc.array(changeArb, { maxLength: 120 }), (starts, changes) => {
        const template = scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
        const world = emptyWorld({ ...template, rng: initialStreams('order') });
        world.actors = starts.map((t, i) => ({ ...structuredClone(template.actors[0]!), id: i + 1, nextAct: t }));
        world.nextId = starts.length + 1;
        const order = new TurnOrder(world);
        for (const change of changes) {
          const expected = bruteForceNext(world);
          const got = order.next();
          expect(got?.id).toBe(expected?.id);
          if (!got) return;
          if (change.kind === 'act') applyEvent(world, { type: 'acted', actor: got.id, nextAct: got.nextAct + change.cost });
          else {
            // The actor handed out acts first (acting always takes time), then something else happens.
            applyEvent(world, { type: 'acted', actor: got.id, nextAct: got.nextAct + 100 });
            const other = world.actors[change.kind === 'add' ? 0 : change.who % world.actors.length]!;
            if (change.kind === 'hurry') applyEvent(world, { type: 'acted', actor: other.id, nextAct: change.to });
            if (change.kind === 'die' && other.alive) applyEvent(world, { type: 'died', actor: other.id, cause: 'test' });
            if (change.kind === 'add') {
              applyEvent(world, { type: 'actorAdded', actor: { ...structuredClone(other), id: world.nextId, nextAct: change.at, alive: true } });
              applyEvent(world, { type: 'nextId', nextId: world.nextId + 1 });
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('actions counted per round', () => {
  it('an acted event with a round counts one action in it; a new round starts at one; one without a round counts nothing', () => {
    const world = scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
    const hero = world.actors[0]!;
    const seen: Array<[number | undefined, number | undefined]> = [];
    const act = (nextAct: number, round?: number) => {
      applyEvent(world, round === undefined ? { type: 'acted', actor: hero.id, nextAct } : { type: 'acted', actor: hero.id, nextAct, round });
      seen.push([hero.actRound, hero.roundActs]);
    };
    act(50, 0);
    act(100, 0);
    act(200); // a lost turn: not an action
    act(250, 2);
    act(300, 2);
    act(350, 3);
    expect(seen).toEqual([
      [0, 1],
      [0, 2],
      [0, 2],
      [2, 1],
      [2, 2],
      [3, 1],
    ]);
  });
});
