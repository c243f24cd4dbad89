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
import { Terrain, terrainAt, type World } from '../../src/core/world.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { withKinds } from '../support/trapFiles.ts';
import { scenario } from '../support/scenario.ts';

function fileWith(name: string, effect: unknown): string {
  return withKinds('ceaptun', name, [{ id: 'plate', name: 'pressure plate', colour: '#c0c0c0', hosts: ['floor'], placement: { weight: 0 }, charges: 1, numbers: { difficulty: 10 }, effect }]);
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

  it('destroy: two of the hero\'s things, drawn from what it carries (of a kind, when given); nothing said to one who carries none', () => {
    const id = fileWith('acid spray', { do: 'destroy', count: 2, say: 'Acid sprays over {1 his} pack!' });
    const pack = [
      { id: 900, kind: 'arrow', name: 'arrow', count: 3, x: -1, y: -1 },
      { id: 901, kind: 'scroll', name: 'scroll', count: 1, x: -1, y: -1 },
    ];
    const carried = (w: World) => player(w).inventory.reduce((n, i) => n + i.count, 0);
    const counts = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const w = scenario({ ruleset: id, seed: `acid-${i}`, map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'plate' }], level: { danger: 0 }, player: { hp: 20, maxHp: 40, inventory: structuredClone(pack) } });
      const said = step(w, { type: 'move', dx: 1, dy: 0 }).events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
      expect(carried(w)).toBe(2);
      expect(said).toContain('Acid sprays over your pack!');
      counts.add(player(w).inventory.map((it) => `${it.kind}:${it.count}`).join(','));
    }
    // Arrows alone lost, or an arrow and the scroll: each drawn unit by unit.
    expect(counts).toEqual(new Set(['arrow:1,scroll:1', 'arrow:2']));
    const onlyArrows = fileWith('arrow rot', { do: 'destroy', count: 5, kind: 'arrow' });
    const w = scenario({ ruleset: onlyArrows, seed: 'rot', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'plate' }], level: { danger: 0 }, player: { hp: 20, maxHp: 40, inventory: structuredClone(pack) } });
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).inventory.map((it) => [it.kind, it.count])).toEqual([['scroll', 1]]);
    expect(runOdds(onlyArrows, 'step', { trap: 'plate', hp: 5 }).leavesOut).toContain('what it destroys of what you carry');
    const empty = scenario({ ruleset: id, seed: 'empty', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'plate' }], level: { danger: 0 }, player: { hp: 20, maxHp: 40, inventory: [] } });
    const said = step(empty, { type: 'move', dx: 1, dy: 0 }).events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
    expect(said).not.toContain('Acid sprays over your pack!');
  });

  it('recovers: a disarmed kind leaves its components on its cell, to pick up', () => {
    const id = withKinds('ceaptun', 'crossbow rig', [
      {
        id: 'crossbow',
        name: 'crossbow trap',
        colour: '#c0a060',
        hosts: ['floor'],
        placement: { weight: 0 },
        charges: -1,
        // Difficulty 2: the rogue's Disable device cannot fail at danger 0 (2d12 + skill).
        numbers: { difficulty: 2 },
        recovers: { items: [{ kind: 'crossbow', name: 'light crossbow', count: 1 }, { kind: 'bolt', name: 'bolt', count: 4 }], say: 'You take the {trap} apart.' },
        effect: { do: 'damage', damage: '1d4' },
      },
    ]);
    const w = scenario({ ruleset: id, seed: 'rig', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'crossbow', known: true }], level: { danger: 0 }, player: { hp: 20, maxHp: 40, traits: { disableDevice: 20 } } });
    let said: string[] = [];
    for (let i = 0; i < 10 && w.traps.length > 0; i++) said = step(w, { type: 'disarm', dx: 1, dy: 0 }).events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
    expect(w.traps).toEqual([]);
    expect(said).toContain('You take the crossbow trap apart.');
    expect(w.items.filter((i) => i.x === 2 && i.y === 1).map((i) => [i.kind, i.count])).toEqual([
      ['crossbow', 1],
      ['bolt', 4],
    ]);
    step(w, { type: 'move', dx: 1, dy: 0 });
    step(w, { type: 'pickup' });
    expect(player(w).inventory.filter((i) => i.kind === 'crossbow' || i.kind === 'bolt').length).toBe(2);
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
