/**
 * Every registered ruleset against the core's contracts: random play never breaks the world's
 * invariants, every change is an event (replaying a step's events onto the old world gives the new
 * world), and the same seed and actions give the same world.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/core/actions.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { cloneWorld, DIRECTIONS, deserializeWorld, idx, isWalkable, serializeWorld, type World } from '../../src/core/world.ts';
import { RULESETS } from '../../src/rulesets/index.ts';
import { applyEvents, player } from '../../src/core/level.ts';

function actionFor(w: World, n: number): Action {
  const d = DIRECTIONS[n % 8]!;
  switch (Math.floor(n / 8) % 10) {
    case 0:
      return { type: 'search' };
    case 1:
      return { type: 'disarm', dx: d[0], dy: d[1] };
    case 2:
      return { type: 'open', dx: d[0], dy: d[1] };
    case 3: {
      const options = RULESETS.find((r) => r.id === w.ruleset)!.rigOptions(w, player(w)).filter((o) => o.available);
      return options.length > 0 ? { type: 'rig', what: options[n % options.length]!.id, dx: d[0], dy: d[1] } : { type: 'wait' };
    }
    case 4:
      return { type: 'kick', dx: d[0], dy: d[1] };
    default:
      return { type: 'move', dx: d[0], dy: d[1], confirm: true };
  }
}

for (const ruleset of RULESETS) {
  describe(`ruleset ${ruleset.id} against the core`, () => {
    it('random play keeps the invariants and every change is an event', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1e6 }), fc.array(fc.integer({ min: 0, max: 79 }), { minLength: 20, maxLength: 80 }), (seed, moves) => {
          const w = newGame({ seed: String(seed), ruleset: ruleset.id, width: 40, height: 25 });
          for (const n of moves) {
            if (w.over) break;
            const before = cloneWorld(w);
            const r = step(w, actionFor(w, n));
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
        { numRuns: 8 },
      );
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
