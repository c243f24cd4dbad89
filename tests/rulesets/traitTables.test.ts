/**
 * The declared traits hold in play: bot games of every ruleset and bot (several seeds, two levels)
 * are watched step by step, and every trait any actor holds must be declared by its ruleset or
 * the core (core/traits.ts), of its kind and in its range. The fuzz checks the same after every
 * fuzzed action (tests/fuzz/fuzz.ts).
 */
import { describe, expect, it } from 'vitest';
import { traitProblems } from '../../src/core/traits.ts';
import type { World } from '../../src/core/world.ts';
import { RULESETS } from '../../src/rulesets/index.ts';
import { SimStats } from '../../src/sim/accumulator.ts';
import { BOT_NAMES } from '../../src/sim/bots/index.ts';
import { runGame } from '../../src/sim/runner.ts';

const SEEDS = 4;

describe('every trait play sets is declared', () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset.id}: bot games hold only declared traits, each of its kind and range`, () => {
      const problems = new Set<string>();
      const held = new Set<string>();
      const check = (w: World) => {
        for (const a of w.actors) {
          for (const k of Object.keys(a.traits)) held.add(k);
          for (const p of traitProblems(ruleset.id, ruleset.traitTable, a.traits, `${a.kind}.traits`)) problems.add(p.replace(/ \(its traits: .*\)$/, ''));
        }
      };
      for (const bot of BOT_NAMES) {
        for (let seed = 1; seed <= SEEDS; seed++) {
          runGame({ ruleset: ruleset.id, bot, levels: 2, turnLimit: 600 }, `traits-${seed}`, new SimStats(), {
            watch: (w) => {
              check(w);
              return (after) => check(after);
            },
          });
        }
      }
      expect([...problems]).toEqual([]);
      // The games reached the traits play adds, not only a new character's.
      expect(held.size).toBeGreaterThan(2);
    });
  }
});
