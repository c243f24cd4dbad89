/**
 * Searching, disarming (D), setting components and dispelling.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { Terrain, type World, worldHash } from '../../../src/core/world.ts';
import { damageTo, hero, omegaWorld, overSeeds, texts } from './helpers.ts';
import { edit, trapAt } from '../../../src/core/level.ts';
import { heroIn } from '../../support/heroIn.ts';

const CITY = { environment: 'city' };

/** The player in the middle of a 3x3 ring of hidden traps. */
function ringOfTraps(seed: string, traits: Record<string, number | string | boolean> = {}): World {
  return omegaWorld({
    seed,
    map: ['#######', '#.^^^.#', '#.^@^.#', '#.^^^.#', '#######'],
    traps: Array.from({ length: 8 }, () => ({ kind: 'pit' })),
    settings: CITY,
    player: { traits },
  });
}

describe('search', () => {
  it('checks the eight neighbours (and your square) with 2/3 each', () => {
    let found = 0;
    const worlds = 60;
    overSeeds(worlds, (seed) => ringOfTraps(seed), (w) => {
      const ev = step(w, { type: 'search' }).events;
      const n = w.traps.filter((t) => t.knownBy.includes(1)).length;
      expect(texts(ev).filter((t) => t === 'You find a trap!').length).toBe(n);
      found += n;
    });
    // 480 squares at 2/3: 320 expected; a binomial sd is about 10.
    expect(found).toBeGreaterThan(280);
    expect(found).toBeLessThan(360);
  });

  it('finds everything while alert, including a secret door, and the traps then show', () => {
    const w = ringOfTraps('x', { alert: 5 });
    step(w, { type: 'search' });
    expect(w.traps.every((t) => t.knownBy.includes(1) && t.data.shown === true)).toBe(true);
    const door = omegaWorld({ map: ['#####', '#.@S#', '#####'], player: { traits: { alert: 5 } } });
    const ev = step(door, { type: 'search' }).events;
    expect(texts(ev)).toContain('You find a secret door!');
    expect(texts(ev)).not.toContain('You search but find nothing.');
    expect(door.terrain[1 * door.width + 3]).toBe(Terrain.DoorClosed);
    // Nothing there: a word says the turn went on searching.
    const bare = omegaWorld({ map: ['#####', '#.@.#', '#####'] });
    expect(texts(step(bare, { type: 'search' }).events)).toContain('You search but find nothing.');
  });

  it('is impossible while afraid', () => {
    const w = ringOfTraps('y', { alert: 5, afraid: 10 });
    const ev = step(w, { type: 'search' }).events;
    expect(texts(ev)).toContain('You are too terror-stricken to stop to search for anything.');
    expect(w.traps.some((t) => t.knownBy.includes(1))).toBe(false);
  });

  it('finds your own trap, which then shows to everyone', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], player: { traits: { alert: 5 } } });
    step(w, { type: 'rig', what: 'set-snare', dx: 0, dy: 0 });
    const trap = trapAt(w, 2, 1)!;
    expect(trap.data.shown).not.toBe(true);
    step(w, { type: 'search' });
    expect(trapAt(w, 2, 1)!.data.shown).toBe(true);
  });
});

/** A shown trap east of the player. */
function disarmWorld(kind: string, seed: string, traits: Record<string, number | string | boolean>, environment = 'city'): World {
  return omegaWorld({
    seed,
    map: ['#######', '#.@^..#', '#######'],
    traps: [{ kind, known: true, data: { shown: true } }],
    settings: { environment },
    player: { traits },
  });
}

describe('disarm', () => {
  it('a certain success removes the trap for 5 xp, plus an identified component and 25 xp for the nine kinds', () => {
    const master = { dex: 100, level: 50, rank: 5 };
    const snare = disarmWorld('snare', 'a', master);
    const ev = step(snare, { type: 'disarm', dx: 1, dy: 0 }).events;
    expect(texts(ev)).toEqual(expect.arrayContaining(['You disarmed the trap!', 'You manage to retrieve the trap components!']));
    expect(trapAt(snare, 3, 1)).toBeUndefined();
    expect(hero(snare).xp).toBe(30);
    const stack = hero(snare).inventory.find((i) => i.kind === 'component-snare')!;
    expect(stack.count).toBe(2);
    expect(stack.data?.identified).toBe(true);
    expect(ev.some((e) => e.type === 'disarmAttempted' && e.result === 'component')).toBe(true);

    const pit = disarmWorld('pit', 'a', master);
    const pev = step(pit, { type: 'disarm', dx: 1, dy: 0 }).events;
    expect(texts(pev)).toContain('You disarmed the trap!');
    expect(texts(pev)).not.toContain('You manage to retrieve the trap components!');
    expect(hero(pit).xp).toBe(5);
  });

  it('a recovered component of a new kind is a new, identified stack', () => {
    const w = disarmWorld('acid', 'b', { dex: 100, level: 50, rank: 5 });
    step(w, { type: 'disarm', dx: 1, dy: 0 });
    const item = hero(w).inventory.find((i) => i.kind === 'component-acid')!;
    expect(item.name).toBe('acid-trap component');
    expect(item.data?.identified).toBe(true);
  });

  it('with no skill it fails; a failure is an accident when random_range(10 + 2D) > Dex', () => {
    // Dex 0, level 0, rank 0: never disarmed. D = 3: accident with 15/16.
    const runs = overSeeds(
      48,
      (seed) => disarmWorld('snare', seed, { dex: 0, level: 0, rank: 0, agility: -1000 }),
      (w) => {
        const ev = step(w, { type: 'disarm', dx: 1, dy: 0 }).events;
        return { text: texts(ev), x: hero(w).x, held: hero(w).status.held ?? 0, trap: trapAt(w, 3, 1) };
      },
    );
    for (const r of runs) {
      expect(r.trap).toBeDefined();
      if (r.text.includes('You accidentally set off the trap!')) {
        expect(r.x).toBe(3);
        expect(r.text).toContain('You were caught in a snare!');
        expect(r.held).toBe(3);
      } else {
        expect(r.text).toContain('You failed to disarm the trap.');
        expect(r.x).toBe(2);
      }
    }
    const accidents = runs.filter((r) => r.text.includes('You accidentally set off the trap!')).length;
    // 15/16 of 48 is 45.
    expect(accidents).toBeGreaterThan(36);
    // Dex at least 10 + 2D - 1 never has an accident.
    const careful = overSeeds(20, (seed) => disarmWorld('snare', seed, { dex: 15, level: -100, rank: 0 }), (w) => texts(step(w, { type: 'disarm', dx: 1, dy: 0 }).events));
    for (const t of careful) expect(t).toContain('You failed to disarm the trap.');
  });

  it('needs the square to show a trap: your own set trap, a fire or an abyss square cannot be disarmed', () => {
    const w = omegaWorld({ map: ['######', '#.@..#', '######'] });
    step(w, { type: 'rig', what: 'set-snare', dx: 0, dy: 0 });
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(step(w, { type: 'disarm', dx: -1, dy: 0 }).refused).toBe("You can't see a trap there!");
    const fire = omegaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'fire', known: true, data: { hazard: 'fire', shown: true } }] });
    expect(step(fire, { type: 'disarm', dx: 1, dy: 0 }).refused).toBe("You can't see a trap there!");
  });
});

describe('components', () => {
  it('the starting pack holds the components of the setting, identified or not, and a scroll of dispelling', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], settings: { components: 'dart,dart,?fire', dispelScrolls: 2 } });
    const inv = hero(w).inventory;
    expect(inv.find((i) => i.kind === 'component-dart')).toMatchObject({ count: 2, name: 'dart-trap component' });
    expect(inv.find((i) => i.kind === 'component-fire')).toMatchObject({ count: 1, name: 'mound of powdered aluminum' });
    expect(inv.find((i) => i.kind === 'scroll-dispelling')?.count).toBe(2);
    const opts = getRuleset('omega').rigOptions(w, hero(w)).map((o) => o.id);
    expect(opts).toEqual(['set-dart', 'set-fire', 'dispel']);
  });

  it('an identified one installs a trap under you that looks like floor; monsters walk in; it uses the component up', () => {
    const w = omegaWorld({ map: ['########', '#.@....#', '#.....r#', '########'], settings: CITY });
    const ev = step(w, { type: 'rig', what: 'set-snare', dx: 0, dy: 0 }).events;
    expect(texts(ev)).toContain('You successfully set a trap at your location.');
    const trap = trapAt(w, 2, 1)!;
    expect(trap.kind).toBe('snare');
    expect(trap.owner).toBe(1);
    expect(trap.data.shown).not.toBe(true);
    expect(getRuleset('omega').monsterKnowsTrap(w, w.actors[1]!, trap)).toBe(false);
    expect(hero(w).inventory.some((i) => i.kind === 'component-snare')).toBe(false);
  });

  it('the trap is not friendly: stepping back on it sets it off', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], settings: CITY, player: { traits: { agility: -1000 } } });
    step(w, { type: 'rig', what: 'set-snare', dx: 0, dy: 0 });
    step(w, { type: 'move', dx: 1, dy: 0 });
    const ev = step(w, { type: 'move', dx: -1, dy: 0, confirm: true }).events;
    expect(texts(ev)).toContain('You were caught in a snare!');
  });

  it('an unknown one has an accident at once, installs nothing, and teaches its type', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], settings: { ...CITY, components: '?snare,?snare' }, player: { traits: { agility: -1000 } } });
    const ev = step(w, { type: 'rig', what: 'set-snare', dx: 0, dy: 0 }).events;
    expect(texts(ev)).toEqual(expect.arrayContaining(['Fiddling with the thing, you have a small accident....', 'You were caught in a snare!']));
    expect(w.traps).toEqual([]);
    const rest = hero(w).inventory.find((i) => i.kind === 'component-snare')!;
    expect(rest.count).toBe(1);
    expect(rest.name).toBe('snare component');
    expect(rest.data?.identified).toBe(true);
  });

  it('an unknown fire component leaves the square burning', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], settings: { ...CITY, components: '?fire' }, player: { hp: 200, traits: { agility: -1000 } } });
    step(w, { type: 'rig', what: 'set-fire', dx: 0, dy: 0 });
    expect(trapAt(w, 2, 1)?.data.hazard).toBe('fire');
  });

  it('is set under you: the options ask no direction, and a rig in a direction is refused at no cost', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], settings: { components: 'snare,?dart', dispelScrolls: 1 } });
    const where = Object.fromEntries(getRuleset('omega').rigOptions(w, hero(w)).map((o) => [o.id, o.where ?? 'direction']));
    // The scroll of dispelling is read in a direction (dispel() at the square you choose).
    expect(where).toEqual({ 'set-snare': 'here', 'set-dart': 'here', dispel: 'direction' });
    // A copy of the plain inventory (a lookup's read-only view cannot be cloned).
    const before = { hash: worldHash(w), inventory: structuredClone(heroIn(w).inventory), nextAct: hero(w).nextAct, time: w.time };
    for (const what of ['set-snare', 'set-dart']) {
      const r = step(w, { type: 'rig', what, dx: 1, dy: 0 });
      expect(r.refused, what).toBe('A trap component is set on your own square, not beside you.');
    }
    expect({ hash: worldHash(w), inventory: hero(w).inventory, nextAct: hero(w).nextAct, time: w.time }).toEqual(before);
  });

  it('on a square that cannot take a trap the option says why, and the refused attempt costs nothing', () => {
    const cases: Array<[string, string[], string]> = [
      ['up staircase', ['#####', '#@<.#', '#####'], "You can't set a trap on a staircase."],
      ['down staircase', ['#####', '#@>.#', '#####'], "You can't set a trap on a staircase."],
      ['open door', ['#####', "#@'.#", '#####'], "You can't set a trap in a doorway."],
    ];
    for (const [what, map, why] of cases) {
      const w = omegaWorld({ map, settings: { components: 'snare' } });
      step(w, { type: 'move', dx: 1, dy: 0 });
      const option = getRuleset('omega').rigOptions(w, hero(w)).find((o) => o.id === 'set-snare')!;
      expect(option, what).toMatchObject({ available: false, reason: why });
      const before = { hash: worldHash(w), inventory: structuredClone(heroIn(w).inventory), nextAct: hero(w).nextAct };
      expect(step(w, { type: 'rig', what: 'set-snare', dx: 0, dy: 0 }).refused, what).toBe(why);
      expect({ hash: worldHash(w), inventory: hero(w).inventory, nextAct: hero(w).nextAct }, what).toEqual(before);
    }
    // A trap you know of under you (your own): greyed with the reason too.
    const own = omegaWorld({ map: ['#####', '#.@.#', '#####'], settings: { components: 'snare,dart' } });
    step(own, { type: 'rig', what: 'set-snare', dx: 0, dy: 0 });
    const dart = getRuleset('omega').rigOptions(own, hero(own)).find((o) => o.id === 'set-dart')!;
    expect(dart).toMatchObject({ available: false, reason: "You can't set a trap here: there is already a snare on this square." });
  });

  it('over a trap you do not know of the attempt fails and is used up, as the seed says (refusing would tell you it is there)', () => {
    const w = omegaWorld({ map: ['#####', '#.@^#', '#####'], traps: [{ kind: 'pit' }], settings: { components: 'snare' } });
    // Standing on it unharmed (as a levitating player may): a test's shortcut to that square, through edit.
    edit(w, (p) => {
      heroIn(p).x = 3;
    });
    expect(getRuleset('omega').rigOptions(w, hero(w)).find((o) => o.id === 'set-snare')?.available).toBe(true);
    const ev = step(w, { type: 'rig', what: 'set-snare', dx: 0, dy: 0 }).events;
    expect(texts(ev)).toContain('Your attempt fails.');
    expect(w.traps.map((t) => t.kind)).toEqual(['pit']);
    expect(hero(w).inventory.some((i) => i.kind === 'component-snare')).toBe(false);
  });
});

describe('dispel', () => {
  it('removes an unoccupied fire, teleport or disintegration trap, without reward', () => {
    for (const kind of ['fire', 'teleport', 'disintegrate']) {
      const w = omegaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind }] });
      const ev = step(w, { type: 'rig', what: 'dispel', dx: 1, dy: 0 }).events;
      expect(trapAt(w, 3, 1), kind).toBeUndefined();
      expect(ev.some((e) => e.type === 'trapRemoved' && e.why === 'dispelled')).toBe(true);
      expect(hero(w).xp).toBe(0);
      expect(hero(w).inventory.some((i) => i.kind === 'scroll-dispelling')).toBe(false);
    }
  });

  it('does nothing to other traps, to persistent fire, or to a monster standing there', () => {
    for (const [kind, data] of [
      ['pit', {}],
      ['fire', { hazard: 'fire', shown: true }],
    ] as const) {
      const w = omegaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind, data }] });
      expect(texts(step(w, { type: 'rig', what: 'dispel', dx: 1, dy: 0 }).events)).toContain('Nothing much seems to happen.');
      expect(trapAt(w, 3, 1)).toBeDefined();
    }
    const guarded = omegaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'fire' }], sleepingMonsters: true });
    edit(guarded, (p) => {
      p.actors.push({ ...p.actors[0]!, id: 77, kind: 'rat', name: 'rat', faction: 'hostile', x: 3, y: 1, status: { asleep: 1 }, inventory: [] });
    });
    const ev = step(guarded, { type: 'rig', what: 'dispel', dx: 1, dy: 0 }).events;
    expect(texts(ev)).toContain('The monster ignores the effect!');
    expect(trapAt(guarded, 3, 1)).toBeDefined();
  });
});

describe('noticing', () => {
  it('a square that shows a trap (set off by a monster out of sight) is learnt when the player sees it', () => {
    const w = omegaWorld({ map: ['#######', '#.@..^#', '#######'], traps: [{ kind: 'blade', data: { shown: true } }] });
    expect(trapAt(w, 5, 1)!.knownBy).toEqual([]);
    const ev = step(w, { type: 'wait' }).events;
    expect(trapAt(w, 5, 1)!.knownBy).toContain(1);
    expect(ev.some((e) => e.type === 'trapRevealed' && e.how === 'seen')).toBe(true);
  });

  it('a hidden trap is not noticed in passing (Omega finds traps only by searching or setting them off)', () => {
    const w = omegaWorld({ map: ['#######', '#.@..^#', '#######'], traps: [{ kind: 'blade' }] });
    for (let n = 0; n < 5; n++) step(w, { type: 'wait' });
    expect(trapAt(w, 5, 1)!.knownBy).toEqual([]);
  });
});

describe('doors and chests', () => {
  it('a trap placed by hand on a door goes off at whoever opens it', () => {
    const w = omegaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'snare', host: 'door' }], settings: CITY, player: { traits: { agility: -1000 } } });
    const ev = step(w, { type: 'open', dx: 1, dy: 0 }).events;
    expect(texts(ev)).toContain('You were caught in a snare!');
  });
});

describe('experience', () => {
  it('levels rise on Omega\'s expval table (50 xp for level 2)', () => {
    const w = disarmWorld('snare', 'lvl', { dex: 100, level: 1, rank: 5 });
    edit(w, (p) => {
      heroIn(p).xp = 25;
    });
    const ev = step(w, { type: 'disarm', dx: 1, dy: 0 }).events;
    expect(hero(w).xp).toBe(55);
    expect(hero(w).traits.level).toBe(2);
    expect(texts(ev)).toContain('You have attained a new experience level!');
    expect(damageTo(ev, 1)).toEqual([]);
  });
});
