/** Scenario tests: each of the dungeon's traps going off under the player, through the engine. */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { step } from '../../../src/core/engine.ts';
import { Terrain, terrainAt } from '../../../src/core/world.ts';
import { trapOf } from '../../support/scenario.ts';
import { act, damageTo, messages, ofType, SEEDS, world } from './helpers.ts';
import { edit, player } from '../../../src/core/level.ts';

const EAST = { type: 'move', dx: 1, dy: 0 } as const;

describe('arrow trap', () => {
  // The nearest wall to the trap at (2,3) is 2 cells away to the south-east (4,5): the arrow flies
  // from there across the trap and on to (1,2) before the west wall.
  const map = ['#########', '#.......#', '#.......#', '#@^.....#', '#.......#', '#########'];

  it('shoots from the nearest wall at whoever steps on it: misses, hits, lands where it falls', () => {
    const seen = new Set<string>();
    for (const seed of SEEDS.slice(0, 120)) {
      const w = world({ map, traps: [{ kind: 'arrow' }], seed });
      const events = act(w, EAST);
      const attack = ofType(events, 'attacked');
      expect(attack).toHaveLength(1);
      expect(attack[0]!.target).toBe(1);
      seen.add(attack[0]!.result);
      const dmg = damageTo(events, 1);
      const arrows = w.items.filter((i) => i.kind === 'arrow');
      expect(arrows).toHaveLength(1);
      if (attack[0]!.result === 'miss') {
        expect(dmg).toEqual([]);
        expect([arrows[0]!.x, arrows[0]!.y]).toEqual([1, 2]);
        expect(messages(events).some((m) => m === 'You dodge the arrow.' || m === 'The arrow glances off your armour.')).toBe(true);
      } else {
        const [lo, hi] = attack[0]!.result === 'hard' ? [2, 4] : [1, 2];
        expect(dmg).toHaveLength(1);
        expect(dmg[0]).toBeGreaterThanOrEqual(lo);
        expect(dmg[0]).toBeLessThanOrEqual(hi);
        expect([arrows[0]!.x, arrows[0]!.y]).toEqual([2, 3]);
        // Ready to be picked up.
        const before = player(w).inventory.find((i) => i.kind === 'arrow')!.count;
        act(w, { type: 'pickup' });
        expect(player(w).inventory.find((i) => i.kind === 'arrow')!.count).toBe(before + 1);
      }
      expect(messages(events)).toContain('An arrow shoots out of a hidden slit in the wall!');
      expect(ofType(events, 'noise').map((n) => n.volume)).toContain(40);
      expect(w.traps[0]!.knownBy).toContain(1);
      expect(w.traps).toHaveLength(1);
    }
    expect(seen.has('miss') && seen.has('hit')).toBe(true);
  });

  it('attacks whoever stands in its way first', () => {
    // A kobold stands between the slit (south-east) and the trap.
    const w = world({ map: ['#########', '#.......#', '#.......#', '#@^.....#', '#..k....#', '#########'], traps: [{ kind: 'arrow' }] });
    const events = act(w, EAST);
    const first = ofType(events, 'attacked')[0]!;
    expect(first.target).toBe(w.actors.find((a) => a.kind === 'kobold')!.id);
  });
});

describe('spear trap', () => {
  it('attacks the Defence of whoever steps on it, silently, leaving nothing behind', () => {
    const results = new Set<string>();
    for (const seed of SEEDS.slice(0, 80)) {
      const w = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear' }], seed, level: { danger: 4 } });
      const events = act(w, EAST);
      const attack = ofType(events, 'attacked');
      expect(attack).toHaveLength(1);
      results.add(attack[0]!.result);
      const dmg = damageTo(events, 1);
      // Danger 4 is the 3–5 column: 1d5.
      if (attack[0]!.result === 'hit') expect(dmg[0]).toBeLessThanOrEqual(5);
      if (attack[0]!.result !== 'miss') expect(dmg[0]).toBeGreaterThanOrEqual(1);
      if (attack[0]!.result === 'hard') expect(dmg[0]).toBeLessThanOrEqual(10);
      if (attack[0]!.result === 'miss') expect(dmg).toEqual([]);
      expect(messages(events)).toContain('Spears spring from the floor!');
      expect(ofType(events, 'noise')).toEqual([]);
      expect(w.items).toEqual([]);
    }
    expect(results.has('miss') && results.has('hit')).toBe(true);
  });
});

describe('fireball trap', () => {
  // Trap at (3,3). Rat 1 cell away, kobold 2 (the edge), a bat on ice 2 away, an orc 2 away behind a wall.
  const map = ['##########', '#....%...#', '#........#', '#@.^rk...#', '#.###....#', '#..o.b...#', '##########'];

  it('bursts 2 cells around: full within 1, half at the edge, walls stop it; melts ice, blows soft walls apart; once', () => {
    for (const seed of SEEDS.slice(0, 30)) {
      const w = world({
        map,
        traps: [{ kind: 'fireball', charges: 1 }],
        seed,
        sleepingMonsters: true,
        player: { x: 2, y: 3 },
        monsters: [{}, {}, {}, { x: 1, y: 1 }],
      });
      edit(w, (p) => {
        p.terrain[1 * p.width + 1] = Terrain.Ice;
      });
      const [rat, kobold, orc, bat] = ['rat', 'kobold', 'orc', 'bat'].map((k) => w.actors.find((a) => a.kind === k)!);
      const events = act(w, EAST);
      const full = damageTo(events, 1);
      expect(full).toHaveLength(1);
      expect(full[0]).toBeGreaterThanOrEqual(1);
      expect(full[0]).toBeLessThanOrEqual(4);
      expect(damageTo(events, rat!.id)).toEqual(full);
      const half = Math.max(1, Math.floor(full[0]! / 2));
      expect(damageTo(events, kobold!.id)).toEqual([half]);
      expect(damageTo(events, bat!.id)).toEqual([half]);
      expect(damageTo(events, orc!.id)).toEqual([]);
      // No roll to hit (the only attacks are the woken monsters' own blows).
      expect(ofType(events, 'attacked').filter((e) => e.attacker === null)).toEqual([]);
      expect(terrainAt(w, 5, 1)).toBe(Terrain.Floor);
      expect(terrainAt(w, 1, 1)).toBe(Terrain.Water);
      expect(ofType(events, 'actorUpdated').some((e) => e.actor === bat!.id && e.changes.status?.lostActions === 1)).toBe(true);
      expect(ofType(events, 'noise').map((n) => n.volume)).toContain(150);
      expect(w.traps).toEqual([]);
      expect(messages(events)).toContain('The fireball trap explodes in a ball of fire!');
    }
  });

  it('a trap kills: the death screen names it', () => {
    const w = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fireball', charges: 1 }], player: { hp: 1 } });
    const events = act(w, EAST);
    expect(w.over?.cause).toBe('Killed by a fireball trap');
    expect(messages(events)).toContain('You die... Killed by a fireball trap.');
  });
});

describe('frost trap', () => {
  it('bites everyone around it and freezes the water it reaches into ice', () => {
    const map = ['###########', '#~~~~~~~~~#', '#~~.@^..~~#', '#~~~~~~~~~#', '###########'];
    const w = world({ map, traps: [{ kind: 'frost', charges: 1 }] });
    const events = act(w, EAST);
    expect(damageTo(events, 1)[0]).toBeLessThanOrEqual(3);
    for (let y = 1; y <= 3; y++)
      for (let x = 1; x <= 9; x++) {
        if (x >= 3 && x <= 7 && y === 2) continue;
        const near = Math.max(Math.abs(x - 5), Math.abs(y - 2)) <= 2;
        expect(terrainAt(w, x, y), `${x},${y}`).toBe(near ? Terrain.Ice : Terrain.Water);
      }
    expect(ofType(events, 'noise')).toEqual([]);
    expect(w.traps).toEqual([]);
  });
});

describe('lightning trap', () => {
  const map = ['#############', '#@^.k..o....#', '#...r.......#', '#############'];

  it('runs along the longest clear line, striking everyone on it with one roll; twice, then gone', () => {
    const w = world({ map, traps: [{ kind: 'lightning', charges: 2 }], sleepingMonsters: true });
    const [kobold, orc, rat] = ['kobold', 'orc', 'rat'].map((k) => w.actors.find((a) => a.kind === k)!);
    const events = act(w, EAST);
    const line = ofType(events, 'effect').find((e) => e.effect === 'line')!;
    expect(line.cells).toEqual([[2, 1], [3, 1], [4, 1], [5, 1], [6, 1], [7, 1], [8, 1], [9, 1], [10, 1], [11, 1]]);
    const hero = damageTo(events, 1);
    expect(hero).toHaveLength(1);
    expect(hero[0]).toBeLessThanOrEqual(4);
    expect(damageTo(events, kobold!.id)).toEqual(hero);
    expect(damageTo(events, orc!.id)).toEqual(hero);
    expect(damageTo(events, rat!.id)).toEqual([]);
    expect(ofType(events, 'noise').map((n) => n.volume)).toContain(120);
    const trap = trapOf(w, 'lightning');
    expect(trap.charges).toBe(1);
    new StepContext(w).trigger(trap, null, 'manual');
    expect(w.traps).toEqual([]);
  });

  it('is at most 12 cells long', () => {
    const w = world({ map: [`#${'.'.repeat(20)}#`.replace('..', '@^')], traps: [{ kind: 'lightning', charges: 2 }] });
    const events = act(w, EAST);
    expect(ofType(events, 'effect').find((e) => e.effect === 'line')!.cells).toHaveLength(13);
  });
});

describe('pit', () => {
  const map = ['######', '#@^..#', '######'];

  it('hurts in the fall and costs the next action climbing out', () => {
    const w = world({ map, traps: [{ kind: 'pit' }] });
    const events = act(w, EAST);
    const dmg = damageTo(events, 1);
    expect(dmg[0]).toBeGreaterThanOrEqual(1);
    expect(dmg[0]).toBeLessThanOrEqual(2);
    expect(messages(events)).toContain('You fall into the pit!');
    // One move (100 ticks) and one lost action (100 ticks).
    expect(w.time).toBe(200);
    expect(player(w).traits.escapeArtist).toBe(1);
  });

  it('Escape artist 50 halves the climb, 100 makes it nothing', () => {
    const half = world({ map, traps: [{ kind: 'pit' }], player: { traits: { escapeArtist: 50 } } });
    act(half, EAST);
    expect(half.time).toBe(150);
    const none = world({ map, traps: [{ kind: 'pit' }], player: { traits: { escapeArtist: 100 } } });
    const events = act(none, EAST);
    expect(none.time).toBe(100);
    expect(messages(events)).toContain('You climb straight back out.');
  });
});

describe('alarm trap', () => {
  it('rings a bell every creature within earshot hears; those hostile come to look', () => {
    // The kobold sleeps 25 cells away, out of sight (light radius 9) but within earshot (300 x 0.2 = 60).
    const w = world({ map: ['#'.repeat(29), `#@^${'.'.repeat(24)}k#`, '#'.repeat(29)], traps: [{ kind: 'alarm' }], sleepingMonsters: true });
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    const events = act(w, EAST);
    expect(ofType(events, 'noise').map((n) => n.volume)).toEqual([300]);
    expect(messages(events)).toContain('A bell rings out, deafeningly loud!');
    const woke = ofType(events, 'actorUpdated').find((e) => e.actor === kobold.id && e.changes.ai);
    expect(woke?.changes.status?.asleep).toBe(0);
    expect(woke?.changes.ai).toMatchObject({ mode: 'investigate', targetX: 2, targetY: 1 });
    expect(damageTo(events, 1)).toEqual([]);
    expect(w.traps).toHaveLength(1);
  });
});

describe('teleport trap', () => {
  it('moves whoever steps on it to another free place on the level, never onto ice', () => {
    const map = ['#######', '#@^===#', '#=====#', '#====.#', '#######'];
    const landed = new Set<string>();
    for (const seed of SEEDS.slice(0, 40)) {
      const w = world({ map, traps: [{ kind: 'teleport' }], seed });
      const events = act(w, EAST);
      const p = player(w);
      expect(terrainAt(w, p.x, p.y)).toBe(Terrain.Floor);
      landed.add(`${p.x},${p.y}`);
      expect(messages(events)).toContain('You are wrenched elsewhere.');
      expect(ofType(events, 'moved').some((m) => m.how === 'teleport')).toBe(true);
    }
    expect([...landed].sort()).toEqual(['1,1', '5,3']);
  });
});

describe('step-past and Light step', () => {
  it('a known trap asks first, then gives clamp(55 + 10 x dodge, 15, 90)% to avoid it', () => {
    let avoided = 0;
    const n = 400;
    for (const seed of SEEDS.slice(0, n)) {
      // Dex 10, Tumble 0: dodge 0, 55%.
      const w = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'arrow', known: true }], seed, player: { traits: { dex: 10, tumble: 0 } } });
      const asked = step(w, EAST);
      expect(asked.confirmTrap?.name).toBe('arrow trap');
      const events = act(w, { ...EAST, confirm: true });
      const dodged = ofType(events, 'trapAvoided').length === 1;
      if (dodged) {
        avoided++;
        expect(messages(events)).toEqual(['You deftly avoid the arrow trap.']);
        expect(w.traps).toHaveLength(1);
        expect(player(w).x).toBe(2);
        expect(player(w).traits.tumble).toBe(1);
      } else expect(ofType(events, 'trapTriggered')).toHaveLength(1);
    }
    // 55% of 400: 220, sd about 10.
    expect(avoided).toBeGreaterThan(180);
    expect(avoided).toBeLessThan(260);
  });

  it('steps lightly over a pit', () => {
    const texts = new Set<string>();
    for (const seed of SEEDS.slice(0, 20)) {
      const w = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'pit', known: true }], seed, player: { traits: { dex: 18 } } });
      for (const m of messages(act(w, { ...EAST, confirm: true }))) texts.add(m);
    }
    expect(texts).toContain('You step lightly over the pit.');
  });

  it('a hidden trap gives no step-past chance; Light step works on hidden traps too', () => {
    let saved = 0;
    for (const seed of SEEDS.slice(0, 200)) {
      const plain = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'pit' }], seed, player: { traits: { dex: 18 } } });
      expect(ofType(act(plain, { ...EAST, confirm: true }), 'trapTriggered')).toHaveLength(1);
      const light = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'pit' }], seed, player: { traits: { lightStep: true } } });
      const events = act(light, EAST);
      if (ofType(events, 'trapAvoided').length > 0) {
        saved++;
        expect(light.traps[0]!.knownBy).toContain(1);
        expect(ofType(events, 'trapTriggered')).toEqual([]);
      }
    }
    // 25% of 200: 50, sd about 6.
    expect(saved).toBeGreaterThan(25);
    expect(saved).toBeLessThan(75);
  });

  it('Trap sense halves the damage, at least 1', () => {
    for (const seed of SEEDS.slice(0, 20)) {
      const a = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fireball', charges: 1 }], seed, level: { danger: 12 } });
      const b = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fireball', charges: 1 }], seed, level: { danger: 12 }, player: { traits: { trapSense: true } } });
      const raw = damageTo(act(a, EAST), 1)[0]!;
      expect(damageTo(act(b, EAST), 1)).toEqual([Math.max(1, Math.floor(raw / 2))]);
    }
  });
});

describe('wounds', () => {
  it('a big blow spills blood and can leave the victim bleeding, 1 hit point a turn', () => {
    let bled = false;
    for (const seed of SEEDS.slice(0, 60)) {
      const w = world({ map: ['#######', '#@^...#', '#######'], traps: [{ kind: 'fireball', charges: 1 }], seed, level: { danger: 30 }, player: { hp: 100, maxHp: 100 } });
      const events = act(w, EAST);
      const dmg = damageTo(events, 1)[0]!;
      const blood = ofType(events, 'effect').some((e) => e.source === 'blood');
      expect(blood).toBe(dmg >= 25);
      if ((player(w).status.bleeding ?? 0) > 0) {
        bled = true;
        const hp = player(w).hp;
        const next = act(w, { type: 'wait' });
        expect(ofType(next, 'damaged').filter((e) => e.actor === 1).map((e) => [e.amount, e.cause])).toEqual([[1, 'bled to death']]);
        expect(player(w).hp).toBe(hp - 1);
        break;
      }
    }
    expect(bled).toBe(true);
  });
});


describe('rigged traps (tripwire, stake trap, pitfall)', () => {
  // An orc (hp 15) walks onto the player's own trap at danger 30: rigged damage never grows with danger.
  const map = ['#######', '#@..^o#', '#######'];
  const rigged = (kind: string, charges: number) => world({ map, traps: [{ kind, owner: 1, known: true, charges }], level: { danger: 30 } });

  it('a tripwire shoots an arrow (1d6) at whoever steps on it, once for each arrow loaded', () => {
    const seen = new Set<string>();
    for (const seed of SEEDS.slice(0, 60)) {
      const w = world({ map, traps: [{ kind: 'tripwire', owner: 1, known: true, charges: 2 }], level: { danger: 30 }, seed });
      const orc = w.actors.find((a) => a.kind === 'orc')!;
      const events = act(w, { type: 'wait' });
      const attack = ofType(events, 'attacked').find((e) => e.attacker === null)!;
      expect(attack.target).toBe(orc.id);
      seen.add(attack.result);
      const dmg = damageTo(events, orc.id);
      if (attack.result === 'hit') expect(dmg[0]).toBeLessThanOrEqual(6);
      if (attack.result === 'hard') expect(dmg[0]).toBeLessThanOrEqual(12);
      if (attack.result === 'miss') expect(dmg).toEqual([]);
      expect(w.items.filter((i) => i.kind === 'arrow')).toHaveLength(1);
      expect(trapOf(w, 'tripwire').charges).toBe(1);
    }
    expect(seen.has('hit') && seen.has('miss')).toBe(true);
    const last = rigged('tripwire', 1);
    act(last, { type: 'wait' });
    expect(last.traps).toEqual([]);
  });

  it('a stake trap attacks (1d6); a pitfall drops whoever steps on it (1d6) and costs an action', () => {
    for (const seed of SEEDS.slice(0, 30)) {
      const w = world({ map, traps: [{ kind: 'stake', owner: 1, known: true, charges: 2 }], level: { danger: 30 }, seed });
      const orc = w.actors.find((a) => a.kind === 'orc')!;
      const events = act(w, { type: 'wait' });
      expect(messages(events)).toContain('Stakes spring from the floor!');
      expect(ofType(events, 'attacked').some((e) => e.attacker === null && e.target === orc.id)).toBe(true);
      for (const d of damageTo(events, orc.id)) expect(d).toBeLessThanOrEqual(12);

      const p = world({ map, traps: [{ kind: 'pitfall', owner: 1, known: true, charges: 3 }], level: { danger: 30 }, seed });
      const orc2 = p.actors.find((a) => a.kind === 'orc')!;
      const fell = act(p, { type: 'wait' });
      const dmg = damageTo(fell, orc2.id);
      expect(dmg).toHaveLength(1);
      expect(dmg[0]).toBeGreaterThanOrEqual(1);
      expect(dmg[0]).toBeLessThanOrEqual(6);
      expect(ofType(fell, 'actorUpdated').some((e) => e.actor === orc2.id && e.changes.status?.lostActions === 1)).toBe(true);
      expect(trapOf(p, 'pitfall').charges).toBe(2);
    }
  });
});
