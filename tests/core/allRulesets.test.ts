/**
 * Every registered ruleset against the core's contracts: random play never breaks the world's
 * invariants, every change is an event (replaying a step's events onto the old world gives the new
 * world), and the same seed and actions give the same world.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, type Action } from '../../src/core/actions.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { cloneWorld, deserializeWorld, idx, isWalkable, serializeWorld, type World } from '../../src/core/world.ts';
import { RULESETS } from '../../src/rulesets/index.ts';
import { applyEvents } from '../../src/core/level.ts';
import { everyActionFor, furnish } from '../support/everyAction.ts';

/** The 80 action numbers of the older tests below, mapped onto every action type. */
function actionFor(w: World, n: number): Action {
  return everyActionFor(w, n);
}

for (const ruleset of RULESETS) {
  describe(`ruleset ${ruleset.id} against the core`, () => {
    it('random play of every action, pickups and chests included, keeps the invariants, and every change is an event', () => {
      // What the runs played and what came of it: every action type, and each of the changes
      // pickups, chests, doors and stairs make, must have happened in some run.
      const played = new Set<string>();
      const happened = new Set<string>();
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1e6 }), fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 20, maxLength: 80 }), (seed, moves) => {
          const w = newGame({ seed: String(seed), ruleset: ruleset.id, width: 40, height: 25 });
          furnish(w);
          for (const n of moves) {
            if (w.over) break;
            const before = cloneWorld(w);
            const action = actionFor(w, n);
            const r = step(w, action);
            played.add(action.type);
            if (!r.refused) {
              if (action.type === 'pickup' && r.events.some((e) => e.type === 'itemRemoved')) happened.add('picked up');
              if (r.events.some((e) => e.type === 'chestChanged')) happened.add('chest opened');
              if (r.events.some((e) => e.type === 'levelEntered')) happened.add('went down');
              if (action.type === 'close' && r.events.some((e) => e.type === 'terrainChanged')) happened.add('door closed');
            }
            applyEvents(before, r.events);
            expect(serializeWorld(before)).toBe(serializeWorld(w));
            const cells = new Set<number>();
            for (const a of w.actors) {
              if (!a.alive) continue;
              expect(Number.isFinite(a.hp)).toBe(true);
              expect(isWalkable(w.terrain[idx(w, a.x, a.y)]!)).toBe(true);
              expect(cells.has(idx(w, a.x, a.y))).toBe(false);
              cells.add(idx(w, a.x, a.y));
            }
          }
        }),
        // A fixed seed: the runs must reach every action's effect, which a few random runs might miss.
        { numRuns: 8, seed: 20 },
      );
      expect([...played].sort()).toEqual([...ACTION_TYPES].sort());
      expect([...happened].sort()).toEqual(['chest opened', 'door closed', 'picked up', 'went down']);
    });

    it('same seed and actions, same world', () => {
      const play = () => {
        const w = newGame({ seed: 'same', ruleset: ruleset.id });
        for (let n = 0; n < 200 && !w.over; n++) step(w, actionFor(w, (n * 37) % 80));
        return serializeWorld(w);
      };
      expect(play()).toBe(play());
    });

    it('a game saved and loaded before every step plays the same as one played straight through', () => {
      // What the core keeps between steps for speed (the turn order, path floods, a ruleset's
      // index over its traps) belongs to one world object; a loaded world starts without any.
      const straight = newGame({ seed: 'kept', ruleset: ruleset.id, width: 60, height: 30, settings: { monsters: 20 } });
      let reloaded = deserializeWorld(serializeWorld(straight));
      for (let n = 0; n < 150 && !straight.over; n++) {
        const action = actionFor(straight, (n * 37) % 80);
        step(straight, action);
        step(reloaded, action);
        expect(serializeWorld(reloaded)).toBe(serializeWorld(straight));
        reloaded = deserializeWorld(serializeWorld(reloaded));
      }
    });
  });
}
