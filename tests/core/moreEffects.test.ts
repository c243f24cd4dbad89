/**
 * The vocabulary's summon, item, fall-through and teleport-mishap effects, played in Cēaptūn
 * (a designer's file) and read exactly: what each does to the world, and the reading's numbers
 * counted by hand (a 25% mishap of a fixed 6 kills one with 5 HP one time in four).
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { step } from '../../src/core/engine.ts';
import { player } from '../../src/core/level.ts';
import type { Effect } from '../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../src/core/traps/files.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import { Terrain, terrainAt, type World } from '../../src/core/world.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { scenario } from '../support/scenario.ts';

function fileWith(name: string, effect: unknown): string {
  const file = parseTrapFile(
    {
      format: 'trapsmith-traps',
      version: 1,
      ruleset: 'ceaptun',
      name,
      traps: [{ id: 'plate', name: 'pressure plate', colour: '#c0c0c0', hosts: ['floor'], placement: { weight: 0 }, charges: 1, numbers: { difficulty: 10 }, effect }],
    },
    name,
  );
  return applyTrapFile(file, name);
}

function stepOn(ruleset: string, seed: string, hp = 20): { w: World; events: ReturnType<typeof step>['events'] } {
  const w = scenario({
    ruleset,
    seed,
    map: ['#########', '#.@^....#', '#.......#', '#.......#', '#########'],
    traps: [{ kind: 'plate' }],
    level: { danger: 0 },
    player: { hp, maxHp: 40 },
  });
  const r = step(w, { type: 'move', dx: 1, dy: 0 });
  return { w, events: r.events };
}

describe('more of the vocabulary', () => {
  it('summon: two goblins on free floor around the trap, hunting it; the reading names what it leaves out', () => {
    const id = fileWith('goblin call', { do: 'summon', monster: 'goblin', count: 2, radius: 2, hunts: true, say: 'Goblins come running!' });
    const { w, events } = stepOn(id, 'summon');
    const goblins = w.actors.filter((a) => a.kind === 'goblin');
    expect(goblins).toHaveLength(2);
    for (const g of goblins) {
      expect(Math.max(Math.abs(g.x - 3), Math.abs(g.y - 1))).toBeLessThanOrEqual(2);
      expect(g.ai.mode).toBe('hunt');
    }
    expect(events.some((e) => e.type === 'message' && e.text === 'Goblins come running!')).toBe(true);
    expect(runOdds(id, 'step', { trap: 'plate', hp: 5 }).leavesOut).toContain('what the summoned monsters do');
  });

  it('item: a broken net left on the trap\'s cell', () => {
    const id = fileWith('net scraps', { do: 'item', kind: 'net_scrap', name: 'scrap of net', count: 2 });
    const { w } = stepOn(id, 'item');
    expect(w.items.filter((i) => i.kind === 'net_scrap').map((i) => [i.x, i.y, i.count])).toEqual([[3, 1, 2]]);
  });

  it('fall down: the hero takes its damage and goes down a level', () => {
    const id = fileWith('trap door', { do: 'fall', damage: '1', lostActions: 0, down: true, say: '{1} fall[s] through a trap door!' });
    const { w, events } = stepOn(id, 'down');
    expect(events.some((e) => e.type === 'levelEntered' && e.depth === 2)).toBe(true);
    expect(player(w).hp).toBe(19);
    expect(runOdds(id, 'step', { trap: 'plate', hp: 5 }).leavesOut).toContain('the level below');
  });

  it('teleport mishap: 25% of a fixed 6 damage instead of the jump; read exactly, and played that often', () => {
    const effect: Effect = { do: 'teleport', mishap: { percent: 25, damage: '6', say: 'The jump goes wrong!' } };
    const id = fileWith('bad jump', effect);
    const odds = runOdds(id, 'step', { trap: 'plate', hp: 5 });
    expect(odds.outcomes.death!.exact).toBe('1/4');
    expect(odds.outcomes.unhurt!.exact).toBe('3/4');
    let wrong = 0;
    let moved = 0;
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const { w } = stepOn(id, `jump-${i}`);
      const hero = player(w);
      if (hero.hp < 20) wrong++;
      else if (hero.x !== 3 || hero.y !== 1) moved++;
    }
    expect(wrong + moved).toBe(n);
    // 25% within 4.5 standard errors.
    expect(Math.abs(wrong / n - 0.25)).toBeLessThanOrEqual(4.5 * Math.sqrt((0.25 * 0.75) / n));
  });

  it('transform: a rune burns into a fireball trap on its cell (known as the rune was), or melts the floor into water', () => {
    const id = fileWith('burning rune', { do: 'transform', trap: 'fireball', say: 'The rune flares into a fireball trap!' });
    // Unknown before, found as it goes off under the hero: the new trap is known as the old one was then.
    const { w, events } = stepOn(id, 'rune');
    expect(w.traps.map((t) => [t.kind, t.x, t.y, t.knownBy.includes(w.playerId)])).toEqual([['fireball', 3, 1, true]]);
    expect(events.some((e) => e.type === 'message' && e.text === 'The rune flares into a fireball trap!')).toBe(true);
    const pool = fileWith('melting plate', { do: 'transform', terrain: 'water' });
    const { w: wet } = stepOn(pool, 'pool');
    expect(wet.traps).toEqual([]);
    expect(terrainAt(wet, 3, 1)).toBe(Terrain.Water);
  });

  it('a transform into a kind the table lacks, or into nothing, is refused naming the field', () => {
    expect(() => fileWith('bad rune', { do: 'all', effects: [{ do: 'say', say: 'Hm.' }, { do: 'transform', trap: 'dragon_pit' }] })).toThrow(/traps\[0\]\.effect\.effects\[1\]\.trap: ceaptun with this file has no trap kind "dragon_pit"/);
    expect(() => fileWith('empty rune', { do: 'transform' })).toThrow(/traps\[0\]\.effect: a transform needs a "terrain", a "trap", or both/);
  });

  it('the schema names a bad summon: an unknown monster, a radius of 0', () => {
    expect(() => fileWith('bad summon', { do: 'summon', monster: 'dragon', count: 1, radius: 2 })).toThrow(/traps\[0\]\.effect\.monster/);
    expect(() => fileWith('bad summon 2', { do: 'summon', monster: 'rat', count: 1, radius: 0 })).toThrow(/traps\[0\]\.effect\.radius/);
  });
});
