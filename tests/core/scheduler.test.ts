/**
 * The turn order against the rule it implements, checked by brute force: at every point the
 * actor handed out is the living one with the least (nextAct, id), whatever happened in between
 * (actors acting later, dying, being added, or made due sooner).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Actor, emptyWorld, type World } from '../../src/core/world.ts';
import { initialStreams } from '../../src/core/rng.ts';
import { scenario } from '../support/scenario.ts';
import '../support/testRuleset.ts';
import { applyEvent, levelOf } from '../../src/core/level.ts';

function bruteForceNext(world: World): Actor | undefined {
  let best: Actor | undefined;
  for (const a of world.actors) if (a.alive && (!best || a.nextAct < best.nextAct || (a.nextAct === best.nextAct && a.id < best.id))) best = a;
  return best;
}

/** What may happen to the actors between two turns, as events (the only way the world changes in play). */
type Change =
  | { kind: 'act'; cost: number }
  | { kind: 'hurry'; who: number; to: number }
  | { kind: 'die'; who: number }
  | { kind: 'add'; at: number; idGap: number };

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 250 }).map((cost) => ({ kind: 'act' as const, cost })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hurry' as const), who: fc.nat(12), to: fc.nat(400) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('die' as const), who: fc.nat(12) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), at: fc.nat(400), idGap: fc.constant(0) }) },
);

// Times and ids a game rarely makes, where an order kept as packed numbers would go wrong.
const oddChangeArb: fc.Arbitrary<Change> = fc.oneof(
  changeArb,
  { weight: 2, arbitrary: fc.double({ min: 0.25, max: 250, noNaN: true }).map((cost) => ({ kind: 'act' as const, cost })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hurry' as const), who: fc.nat(12), to: fc.integer({ min: 2 ** 31 - 50, max: 2 ** 31 + 50 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), at: fc.nat(400), idGap: fc.constant(2 ** 22) }) },
);

describe('turn order', () => {
  it.each([
    ['whole times and small ids', changeArb],
    ['fractional times, times past 2^31 and ids past 2^22 among them', oddChangeArb],
  ])('always hands out the living actor with the least (nextAct, id), as rot.js Action scheduling does: %s', (_name, changes) => {
    fc.assert(
      fc.property(fc.array(fc.nat(300), { minLength: 1, maxLength: 12 }), fc.array(changes, { maxLength: 120 }), (starts, changes) => {
        const template = scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
        const world = emptyWorld({ ...template, rng: initialStreams('order') });
        world.actors = starts.map((t, i) => ({ ...structuredClone(template.actors[0]!), id: i + 1, nextAct: t }));
        world.nextId = starts.length + 1;
        const order = levelOf(world).order;
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
              const id = world.nextId + change.idGap;
              applyEvent(world, { type: 'actorAdded', actor: { ...structuredClone(other), id, nextAct: change.at, alive: true } });
              applyEvent(world, { type: 'nextId', nextId: id + 1 });
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('turn order with times and ids a game rarely makes', () => {
  function orderOf(entries: Array<[id: number, nextAct: number]>): number[] {
    const template = scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
    const world = emptyWorld({ ...template, rng: initialStreams('order') });
    world.actors = entries.map(([id, nextAct]) => ({ ...structuredClone(template.actors[0]!), id, nextAct }));
    const order = levelOf(world).order;
    const ids: number[] = [];
    for (let k = 0; k < entries.length; k++) {
      const a = order.next()!;
      ids.push(a.id);
      // Out of the way for good: each actor is handed out once.
      applyEvent(world, { type: 'acted', actor: a.id, nextAct: 2 ** 60 });
    }
    return ids;
  }

  it('an id of 2^22 or more does not spill into the time', () => {
    // Packed as time * 2^22 + id, id 2^22 + 5 at time 100 would read as time 101, after id 1.
    expect(orderOf([[1, 101], [2 ** 22 + 5, 100]])).toEqual([2 ** 22 + 5, 1]);
  });

  it('a time of 2^31 or more keeps the ids of a tie apart', () => {
    // Packed the same way at time 2^40, ids below 1024 would be one number.
    expect(orderOf([[7, 2 ** 40], [3, 2 ** 40], [5, 2 ** 40]])).toEqual([3, 5, 7]);
  });

  it('fractional times order as numbers, ties by id', () => {
    expect(orderOf([[4, 100.5], [2, 100.5], [9, 100.25]])).toEqual([9, 2, 4]);
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
