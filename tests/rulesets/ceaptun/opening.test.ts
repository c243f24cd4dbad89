/**
 * Exact readings beyond the step onto a floor trap: opening a trapped door (the step check's
 * `--opening`), and finding a trap (the ruleset's `spotInputs`). Expected numbers are counted by
 * hand from the seed's rules (2d12 checks, the tier-0 dice, half at a blast's edge), and the
 * opening reading is held against the engine opening the door in thousands of games.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { player } from '../../../src/core/level.ts';
import { spotOdds, stepLeavesOut, stepOdds } from '../../../src/core/stepOdds.ts';
import type { World } from '../../../src/core/world.ts';
import { runOdds } from '../../../src/sim/odds.ts';
import { withKinds } from '../../support/trapFiles.ts';
import { trapOf } from '../../support/scenario.ts';
import { world } from './helpers.ts';

const DOOR_MAP = ['#######', '#.@^..#', '#######'];
const EAST = { type: 'move', dx: 1, dy: 0 } as const;

/** The ways two d12 can fall to reach `target` or more with `modifier` added, of 144. */
function ways2d12AtLeast(target: number, modifier: number): number {
  let n = 0;
  for (let a = 1; a <= 12; a++) for (let b = 1; b <= 12; b++) if (a + b + modifier >= target) n++;
  return n;
}

function doorWorld(kind: string, hp: number, seed = 'opening'): World {
  return world({
    seed,
    map: DOOR_MAP,
    traps: [{ kind, host: 'door', known: true }],
    level: { danger: 0 },
    player: { hp, maxHp: 40, traits: { dex: 10, armour: 0, perception: 14, detectTraps: 0 } },
  });
}

describe('ceaptun: opening a trapped door, read exactly', () => {
  it('a fireball on a door at danger 0 (1d4, radius 2: full damage beside it), 3 HP: killed 1/2, hurt 1/2, never stepped past', () => {
    const w = doorWorld('fireball', 3);
    const odds = stepOdds(w, player(w), trapOf(w, 'fireball'))!;
    expect(odds.avoided!.exact).toEqual({ num: 0n, den: 1n });
    expect(odds.death!.exact).toEqual({ num: 1n, den: 2n });
    expect(odds.hurt!.exact).toEqual({ num: 1n, den: 2n });
    expect(stepLeavesOut(w, player(w), trapOf(w, 'fireball'))).toContain('anyone else caught in it');
  });

  it('a blast of radius 1 reaches the opener at its edge: half of 2d4 (at least 1)', () => {
    const id = withKinds('ceaptun', 'door charge', [{ id: 'door_charge', name: 'door charge', colour: '#ff8030', hosts: ['door'], placement: { weight: 0 }, charges: 1, numbers: { difficulty: 12 }, effect: { do: 'blast', radius: 1, damage: '2d4', edge: 'half', colour: '#ff8030' } }]);
    // Half of 2d4 (floored, at least 1) is 3 or more only for 6, 7 or 8: 6 of 16 ways.
    const opened = runOdds(id, 'step', { trap: 'door_charge', hp: 3, opening: true });
    expect(opened.outcomes.death!.exact).toBe('3/8');
    expect(opened.outcomes.hurt!.exact).toBe('5/8');
    // Standing on it instead (a floor kind), the whole 2d4: 3 or more in 15 of 16.
    const onIt = runOdds(id, 'step', { trap: 'door_charge', hp: 3 });
    expect(onIt.outcomes.death!.exact).toBe('15/16');
  });

  it('a known arrow trap on a door: 3,000 doors opened by the engine come out as the reading says', () => {
    const first = doorWorld('arrow', 5, 'open-0');
    const odds = stepOdds(first, player(first), trapOf(first, 'arrow'))!;
    const n = 3000;
    const seen: Record<string, number> = { avoided: 0, unhurt: 0, hurt: 0, death: 0 };
    for (let i = 0; i < n; i++) {
      const w = doorWorld('arrow', 5, `open-${i}`);
      const r = step(w, EAST);
      expect(r.refused).toBeUndefined();
      const hero = w.playerId;
      const name = r.events.some((e) => e.type === 'died' && e.actor === hero)
        ? 'death'
        : r.events.some((e) => e.type === 'damaged' && e.actor === hero && e.trap !== undefined)
          ? 'hurt'
          : 'unhurt';
      seen[name]!++;
    }
    for (const [name, o] of Object.entries(odds)) {
      const se = Math.sqrt((o.p * (1 - o.p)) / n);
      expect(Math.abs(seen[name]! / n - o.p), `${name}: ${seen[name]} of ${n}, read ${o.p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
    }
  });
});

describe('ceaptun: finding a trap, read exactly', () => {
  it('Perception 14 (+2), no Detect traps, an arrow trap (14) at danger 0: 2d12 + 2 >= 14 per search, at -4 in passing', () => {
    const w = doorWorld('arrow', 10);
    const odds = spotOdds(w, player(w), trapOf(w, 'arrow'))!;
    expect(odds.search!.exact).toEqual(reduce(ways2d12AtLeast(14, 2), 144));
    expect(odds.passing!.exact).toEqual(reduce(ways2d12AtLeast(14, 2 - 4), 144));
  });
});

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}

function reduce(num: number, den: number): { num: bigint; den: bigint } {
  const g = gcd(BigInt(num), BigInt(den));
  return { num: BigInt(num) / g, den: BigInt(den) / g };
}
