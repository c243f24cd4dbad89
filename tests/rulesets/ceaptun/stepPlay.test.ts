/**
 * The exact step reading against play itself: the hero steps onto a known trap (confirmed) in
 * thousands of games of the real engine, and what happens to it — stepped past, set off unhurt,
 * hurt, killed — comes out as often as the reading says (within 4.5 standard errors). And the
 * confirm window says the reading in words.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { player, trapAt } from '../../../src/core/level.ts';
import { stepOdds, stepOddsSentence } from '../../../src/core/stepOdds.ts';
import type { World } from '../../../src/core/world.ts';
import { world } from './helpers.ts';

const MAP = ['#####', '#@^.#', '#####'];

function fixture(trap: string, hp: number, danger: number, seed: string): World {
  return world({ seed, map: MAP, traps: [{ kind: trap, known: true }], level: { danger }, player: { hp, maxHp: 40, traits: { dex: 14, armour: 1 } } });
}

function outcome(w: World): string {
  const hero = w.playerId;
  const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
  expect(r.refused).toBeUndefined();
  if (r.events.some((e) => e.type === 'trapAvoided' && e.actor === hero)) return 'avoided';
  if (r.events.some((e) => e.type === 'died' && e.actor === hero)) return 'death';
  if (r.events.some((e) => e.type === 'damaged' && e.actor === hero && e.trap !== undefined)) return 'hurt';
  return 'unhurt';
}

describe('ceaptun: the exact step reading is what play does', () => {
  for (const [trap, hp, danger] of [
    ['spear', 4, 10],
    ['arrow', 6, 22],
    ['fireball', 9, 15],
  ] as const) {
    it(`a known ${trap} at danger ${danger}, ${hp} HP: 3,000 steps of the engine against the reading`, () => {
      const first = fixture(trap, hp, danger, 'odds-0');
      const odds = stepOdds(first, player(first), trapAt(first, 2, 1)!)!;
      expect(odds).not.toBeNull();
      const n = 3000;
      const seen: Record<string, number> = { avoided: 0, unhurt: 0, hurt: 0, death: 0 };
      for (let i = 0; i < n; i++) seen[outcome(fixture(trap, hp, danger, `odds-${i}`))]!++;
      for (const [name, o] of Object.entries(odds)) {
        const se = Math.sqrt((o.p * (1 - o.p)) / n);
        expect(Math.abs(seen[name]! / n - o.p), `${name}: ${seen[name]} of ${n}, read ${o.p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
      }
    });
  }

  it('the confirm window says it: a known spear at danger 0, dodge 2, 1,000 HP', () => {
    const w = world({ map: MAP, traps: [{ kind: 'spear', known: true }], level: { danger: 0 }, player: { hp: 1000, maxHp: 1000, traits: { dex: 14, armour: 0, tumble: 0, dodgeBonus: 0 } } });
    // Step past: 55 + 10 x 2 = 75%. Set off (1/4), the spears hit on 2d12 >= 10 + 2: 89 of 144.
    expect(stepOddsSentence(stepOdds(w, player(w), trapAt(w, 2, 1)!)!)).toBe('You avoid it 75% (3/4); it hurts you 15% (89/576); it cannot kill you.');
  });
});
