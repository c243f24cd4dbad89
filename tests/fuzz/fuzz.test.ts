/**
 * A slice of the engine fuzz in every `npm test` (the same function `npm run fuzz` runs at any
 * budget), and the fuzz itself checked: a fault planted in `step` is caught, named, and its
 * printed reproduction, shrunk, fails again.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/core/actions.ts';
import { step } from '../../src/core/engine.ts';
import { listRulesets } from '../../src/core/registry.ts';
import type { World } from '../../src/core/world.ts';
import { describeFailure, fuzz, playSpecs } from './fuzz.ts';
import { heroIn } from '../support/heroIn.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

describe('the engine fuzz', () => {
  it('holds every invariant over a few thousand actions of every ruleset, both map styles', () => {
    const rulesets = listRulesets().map((r) => r.id);
    expect(rulesets).toEqual(expect.arrayContaining([...RULESET_IDS, 'test']));
    // 24 games or more: each ruleset on both styles at least twice.
    const result = fuzz({ actions: 4000, seed: 'unit-slice', maxGameLength: 200 });
    if (!result.ok) throw new Error(describeFailure(result.failure!));
    expect(result.games).toBeGreaterThanOrEqual(2 * 2 * rulesets.length);
    expect(result.malformed).toBeGreaterThan(300);
    expect(result.refused).toBeGreaterThan(result.malformed);
  });

  const planted: Array<[string, (w: World, a: Action) => ReturnType<typeof step>, RegExp]> = [
    [
      'an unknown type played (the player clock made NaN)',
      (w, a) => {
        if ((a as { type?: unknown } | null)?.type === 'fly') {
          // A faulty engine writes the plain world behind the level's back (lookups hand out read-only views).
          heroIn(w).nextAct = Number.NaN;
          return { events: [] };
        }
        return step(w, a);
      },
      /the malformed action "type fly" was not refused/,
    ],
    [
      'a refusal that writes the world',
      (w, a) => {
        const r = step(w, a);
        if (r.refused) w.traps = [...w.traps];
        if (r.refused && w.traps.length > 0) w.traps[0] = { ...w.traps[0]!, armed: !w.traps[0]!.armed };
        return r;
      },
      /a refused action \(.*\) changed the world/,
    ],
    [
      'a move that lands in a wall',
      (w, a) => {
        const r = step(w, a);
        if (!r.refused && a.type === 'search') heroIn(w).x = 0;
        return r;
      },
      /actor \d+ \(player\) stands in terrain/,
    ],
  ];

  for (const [label, faulty, problem] of planted) {
    it(`catches a planted fault: ${label}, with a short reproduction that fails again`, () => {
      const result = fuzz({ actions: 3000, seed: 'planted', step: faulty, shrinkBudget: 200 });
      expect(result.ok).toBe(false);
      const f = result.failure!;
      expect(f.problem).toMatch(problem);
      expect(f.actions.length).toBe(f.actionIndex + 1);
      expect(f.actions.length).toBeLessThanOrEqual(3);
      const text = describeFailure(f);
      expect(text).toContain(`ruleset ${f.game.ruleset}, style ${f.game.style}`);
      const printed = JSON.parse(text.split('\n').at(-1)!) as { game: typeof f.game; actions: typeof f.actions };
      expect(playSpecs(printed.game, printed.actions, faulty)?.problem).toMatch(problem);
      // The same steps on the real engine hold.
      expect(playSpecs(printed.game, printed.actions)).toBeNull();
    });
  }
});
