/**
 * Opening a trapped door or chest, read exactly (the step check's `--opening`): the reading at the
 * inputs `stepInputs` reads off the live world, held against the engine opening it in thousands of
 * games, and a few readings counted by hand from the SRD's rules (an attack roll d20 + bonus
 * against AC, a save for half).
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import { player, trapAt } from '../../../src/core/level.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { stepOdds } from '../../../src/core/stepOdds.ts';
import type { World } from '../../../src/core/world.ts';
import { runOdds } from '../../../src/sim/odds.ts';
import { scenario } from '../../support/scenario.ts';

const MAP = ['#####', '#@^.#', '#####'];
const N = 2500;
const EAST = { dx: 1, dy: 0 } as const;

/** Death at 0 hit points (dying=dead-at-0): these are the traps' rules; the SRD's dying rules are dying.test.ts's. */
const DEAD_AT_0 = { dying: 'dead-at-0' };

function fixture(kind: string, host: 'door' | 'chest', hp: number, seed: string): World {
  return scenario({ ruleset: 'd20', seed, map: MAP, settings: DEAD_AT_0, traps: [{ kind, host, known: true }], player: { hp, maxHp: Math.max(hp, 17) } });
}

const damagesAbility = (e: GameEvent, hero: number) => e.type === 'actorUpdated' && e.actor === hero && Object.keys(e.changes.traits ?? {}).some((k) => k.startsWith('dam'));

/** What opening the door (walking into it) or the chest did to the hero in this game. */
function outcome(w: World, host: 'door' | 'chest'): string {
  const hero = w.playerId;
  const r = step(w, host === 'door' ? { type: 'move', ...EAST, confirm: true } : { type: 'open', ...EAST });
  expect(r.refused).toBeUndefined();
  if (r.events.some((e) => e.type === 'died' && e.actor === hero)) return 'death';
  if (r.events.some((e) => (e.type === 'damaged' && e.actor === hero && e.trap !== undefined) || damagesAbility(e, hero))) return 'hurt';
  if (r.events.some((e) => e.type === 'trapTriggered' && e.actor === hero)) return 'unhurt';
  return 'avoided';
}

const CASES = [
  { kind: 'swinging_block', host: 'door', hp: 12 },
  { kind: 'poison_needle', host: 'door', hp: 2 },
  { kind: 'poison_needle', host: 'chest', hp: 2 },
  { kind: 'fire_trap', host: 'door', hp: 5 },
  { kind: 'inflict_wounds', host: 'chest', hp: 5 },
] as const;

describe('d20: opening a trapped door or chest, read exactly, is what play does', () => {
  for (const c of CASES) {
    it(`${c.kind} on a ${c.host}, ${c.hp} HP: ${N} openings by the engine against the reading`, () => {
      const first = fixture(c.kind, c.host, c.hp, 'open-0');
      const trap = trapAt(first, 2, 1)!;
      const inputs = getRuleset('d20').stepInputs!(first, player(first), trap);
      expect(inputs).toMatchObject({ trap: c.kind, opening: true, hp: c.hp });
      const odds = stepOdds(first, player(first), trap)!;
      expect(odds).not.toBeNull();
      const seen: Record<string, number> = {};
      for (let i = 0; i < N; i++) {
        const o = outcome(fixture(c.kind, c.host, c.hp, `open-${i}`), c.host);
        seen[o] = (seen[o] ?? 0) + 1;
      }
      for (const [name, o] of Object.entries(odds)) {
        const se = Math.sqrt((o.p * (1 - o.p)) / N);
        expect(Math.abs((seen[name] ?? 0) / N - o.p), `${name}: ${seen[name] ?? 0} of ${N}, read ${o.p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
      }
    });
  }
});

describe('d20: opening, counted by hand', () => {
  it('a swinging block (+5, 4d6, crit x2 on 20) at AC 14 hits on 9..20 (12 of 20): it never kills 49 HP (a critical at most 48), hurts 3/5', () => {
    const r = runOdds('d20', 'step', { trap: 'swinging_block', opening: true, hp: 49, ac: 14 });
    expect(r.outcomes.avoided!.p).toBe(0);
    expect(r.outcomes.death!.p).toBe(0);
    expect(r.outcomes.hurt!.exact).toBe('3/5');
    expect(r.outcomes.unhurt!.exact).toBe('2/5');
  });

  it('inflict light wounds (1d8+1, Will DC 11 for half) kills 2 HP unless the save halves a 2 or 3: at Will +0, 10 of 20 save', () => {
    // 1d8+1 is 2..9; halved (rounded down) it is 1 for 2 and 3 only, so a made save spares 2 HP on 2 of 8 rolls.
    // DC 11 + 0: a d20 of 11 or more saves, 10 of 20 (natural 1 fails, natural 20 saves: both already so).
    const r = runOdds('d20', 'step', { trap: 'inflict_wounds', opening: true, hp: 2, will: 0 }, DEAD_AT_0);
    expect(r.outcomes.hurt!.exact).toBe('1/8');
    expect(r.outcomes.death!.exact).toBe('7/8');
  });

  it('refuses opening a floor trap, and stepping onto a door\'s trap, naming the flag', () => {
    expect(() => runOdds('d20', 'step', { trap: 'spear', opening: true, hp: 5 })).toThrow(/stepped onto, not opened/);
    expect(() => runOdds('d20', 'step', { trap: 'swinging_block', hp: 5 })).toThrow(/--opening/);
  });
});
