/**
 * Each of the thirteen traps set off by the player walking onto it, with Omega's numbers
 * (RULES.md section 2 and the seed). Rolls are forced where the formula allows it (Agility far
 * below 0 or above 100, absorption 100, ...); otherwise the test checks the range the formula gives
 * over many seeds. D is 3 in Rampart ('city') and 1 on the first level of the caves.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { Terrain } from '../../../src/core/world.ts';
import { corridor, damageTo, hero, omegaWorld, overSeeds, stepEast, texts } from './helpers.ts';
import { trapAt } from '../../../src/core/level.ts';

const CITY = { environment: 'city' };
/** Never dodges anything: every "random_range(k) < Agi (+ level)" fails, every "Agi + level < random_range(k)" holds. */
const CLUMSY = { agility: -1000, dex: -1000, level: 0 };
/** Dodges everything. */
const NIMBLE = { agility: 1000, dex: 1000, level: 0 };

describe('dart trap', () => {
  it('hits for D (less absorption, at least 1) and poisons with D counts one time in three', () => {
    const runs = overSeeds(
      45,
      (seed) => corridor('dart', { seed, settings: CITY, player: { traits: { absorption: 0 } } }),
      (w) => {
        const ev = stepEast(w);
        return { dmg: damageTo(ev, 1), poison: hero(w).status.poisoned ?? 0, text: texts(ev) };
      },
    );
    for (const r of runs) {
      expect(r.text).toContain('You were hit by a dart!');
      expect(r.dmg).toEqual([3]);
      expect([0, 3]).toContain(r.poison);
      expect(r.text.includes('It was poisoned!')).toBe(r.poison === 3);
    }
    const poisoned = runs.filter((r) => r.poison === 3).length;
    // 1/3 of 45 is 15; a binomial stays within 5..25 essentially always.
    expect(poisoned).toBeGreaterThanOrEqual(5);
    expect(poisoned).toBeLessThanOrEqual(25);
  });

  it('plinks off with absorption 100; otherwise deals max(1, D - absorption)', () => {
    const stopped = corridor('dart', { settings: CITY, player: { traits: { absorption: 100 } } });
    const ev = stepEast(stopped);
    expect(texts(ev)).toContain('A dart plinks off your armor');
    expect(damageTo(ev, 1)).toEqual([]);
    // Absorption 99 stops 99 darts in 100; the one that gets through deals max(1, 3 - 99) = 1.
    const hits = overSeeds(
      300,
      (seed) => corridor('dart', { seed, settings: CITY, player: { traits: { absorption: 99 } } }),
      (w) => damageTo(stepEast(w), 1),
    ).filter((d) => d.length > 0);
    for (const d of hits) expect(d).toEqual([1]);
  });

  it('shows itself by going off', () => {
    const w = corridor('dart', { settings: CITY, player: { traits: { absorption: 100 } } });
    stepEast(w);
    const trap = trapAt(w, 3, 1)!;
    expect(trap.knownBy).toContain(1);
    expect(trap.data.shown).toBe(true);
  });

  it('poison deals 3 a turn until the counts run out ("You feel better now.")', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], player: { status: { poisoned: 2 } } });
    const hp = hero(w).hp;
    step(w, { type: 'wait' });
    expect(hero(w).hp).toBe(hp - 3);
    const ev = step(w, { type: 'wait' }).events;
    expect(hero(w).hp).toBe(hp - 6);
    expect(texts(ev)).toContain('You feel better now.');
    step(w, { type: 'wait' });
    expect(hero(w).hp).toBe(hp - 6);
  });

  it('a poison-immune player shrugs the poison off', () => {
    const runs = overSeeds(
      30,
      (seed) => corridor('dart', { seed, settings: CITY, player: { traits: { absorption: 0, immunities: 'poison' } } }),
      (w) => ({ text: texts(stepEast(w)), poison: hero(w).status.poisoned ?? 0 }),
    );
    expect(runs.every((r) => r.poison === 0)).toBe(true);
    expect(runs.some((r) => r.text.includes('The sickness fades!'))).toBe(true);
  });
});

describe('pit', () => {
  it('is dodged while the load is under half the maximum (Str x Agi x 10)', () => {
    // The starting pack weighs 30 + 200 + 3 x 10 + 5 + 2 x 20 (two potions of healing) = 305; Str 12 x Agi 12 x 10 = 1440, half 720.
    const w = corridor('pit', { settings: CITY });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You nimbly dodge a pit trap.');
    expect(damageTo(ev, 1)).toEqual([]);
    // 305 + 415 = 720 is not strictly under 720: the pit gets you.
    const heavy = corridor('pit', { settings: CITY, player: { traits: { carriedWeight: 415 } } });
    expect(texts(stepEast(heavy))).toContain('You fell into a pit!');
    const light = corridor('pit', { settings: CITY, player: { traits: { carriedWeight: 414 } } });
    expect(texts(stepEast(light))).toContain('You nimbly dodge a pit trap.');
  });

  it('deals 2D, or 5D on spikes one fall in three, and adds one immobilisation count', () => {
    const runs = overSeeds(
      45,
      (seed) => corridor('pit', { seed, settings: CITY, player: { traits: { carriedWeight: 5000 } } }),
      (w) => {
        const ev = stepEast(w);
        return { dmg: damageTo(ev, 1), spikes: texts(ev).includes('And were impaled by spikes!'), held: hero(w).status.held ?? 0 };
      },
    );
    for (const r of runs) {
      expect(r.dmg).toEqual([r.spikes ? 15 : 6]);
      expect(r.held).toBe(1);
    }
    const spiked = runs.filter((r) => r.spikes).length;
    expect(spiked).toBeGreaterThanOrEqual(5);
    expect(spiked).toBeLessThanOrEqual(25);
  });

  it('the immobilisation count is a move spent struggling', () => {
    const w = corridor('pit', { settings: CITY, player: { traits: { carriedWeight: 5000 } } });
    stepEast(w);
    expect(hero(w).x).toBe(3);
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You struggle to get free.');
    expect(hero(w).x).toBe(3);
    stepEast(w);
    expect(hero(w).x).toBe(4);
  });
});

describe('trap door', () => {
  it('in a dungeon: Agility/100 leaps over it, else D damage, a rockslide of depth x D and a fall', () => {
    const leap = corridor('trapdoor', { player: { traits: NIMBLE } });
    expect(texts(stepEast(leap))).toContain('You leap over a trap door.');
    expect(leap.depth).toBe(1);

    const w = corridor('trapdoor', { depth: 3, settings: { environment: 'castle' }, player: { hp: 500, traits: CLUMSY } });
    // Castle depth 3: D = 3/4 + 4 = 4; the rockslide is depth x D = 12 and unstoppable.
    const ev = stepEast(w);
    expect(texts(ev)).toEqual(expect.arrayContaining(['You fell through a trap door!', "You're hit by a rockslide!"]));
    expect(damageTo(ev, 1)).toEqual([4, 12]);
    expect(w.depth).toBe(4);
    expect(w.level.D).toBe(5);
    expect(hero(w).hp).toBe(500 - 16);
  });

  it('a trap door blasted out of a pit has no rockslide', () => {
    const w = corridor('trapdoor', { depth: 3, settings: { environment: 'castle' }, trapData: { disintegrated: true }, player: { traits: CLUMSY } });
    const ev = stepEast(w);
    expect(damageTo(ev, 1)).toEqual([4]);
    expect(texts(ev)).not.toContain("You're hit by a rockslide!");
    expect(w.depth).toBe(4);
  });

  it('does nothing outside a dungeon ("You feel oddly lucky.") and stays hidden', () => {
    const w = corridor('trapdoor', { settings: CITY, player: { traits: CLUMSY } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You feel oddly lucky.');
    expect(w.depth).toBe(1);
    expect(trapAt(w, 3, 1)!.knownBy).not.toContain(1);
  });
});

describe('snare', () => {
  it('Agility/100 avoids it; otherwise D immobilisation counts and no damage', () => {
    const free = corridor('snare', { settings: CITY, player: { traits: NIMBLE } });
    expect(texts(stepEast(free))).toContain('You agilely avoid a snare.');
    expect(hero(free).status.held ?? 0).toBe(0);
    const caught = corridor('snare', { settings: CITY, player: { traits: CLUMSY } });
    const ev = stepEast(caught);
    expect(texts(ev)).toContain('You were caught in a snare!');
    expect(damageTo(ev, 1)).toEqual([]);
    expect(hero(caught).status.held).toBe(3);
  });
});

describe('blade trap', () => {
  it('is ducked when Agility + level >= 30', () => {
    const w = corridor('blade', { settings: CITY, player: { traits: { agility: 25, level: 5 } } });
    expect(texts(stepEast(w))).toContain('You duck under a scything blade!');
  });

  it('hits for D..4D-1 less twice the absorption, at least 1', () => {
    const D = 3;
    for (const absorption of [0, 1, 3, 6]) {
      const seen = new Set<number>();
      overSeeds(
        60,
        (seed) => corridor('blade', { seed, settings: CITY, player: { traits: { ...CLUMSY, absorption } } }),
        (w) => {
          const ev = stepEast(w);
          expect(texts(ev)).toContain('A heavy blade scythes across the room and hits you!');
          const [d] = damageTo(ev, 1);
          seen.add(d!);
        },
      );
      const allowed = new Set<number>();
      for (let r = D; r <= 4 * D - 1; r++) allowed.add(Math.max(1, r - 2 * absorption));
      for (const d of seen) expect(allowed.has(d), `absorption ${absorption}: ${d}`).toBe(true);
      // 60 draws from at most 9 values reach several of them.
      expect(seen.size).toBeGreaterThanOrEqual(Math.min(3, allowed.size));
    }
  });
});

describe('fire trap', () => {
  it('is dodged with (Agility + level)/50, yet the square becomes persistent fire', () => {
    const w = corridor('fire', { settings: CITY, player: { traits: { agility: 45, level: 5 } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You dodge a pillar of fire!');
    expect(damageTo(ev, 1)).toEqual([]);
    const trap = trapAt(w, 3, 1)!;
    expect(trap.data.hazard).toBe('fire');
    expect(trap.knownBy).toContain(1);
  });

  it('burns for 0..5(D+1)-1 flame damage, which absorption does not reduce', () => {
    const seen = new Set<number>();
    overSeeds(
      80,
      (seed) => corridor('fire', { seed, settings: CITY, player: { traits: { ...CLUMSY, absorption: 50 } } }),
      (w) => {
        const ev = stepEast(w);
        expect(texts(ev)).toContain('You were blasted by a fire trap!');
        const d = damageTo(ev, 1);
        seen.add(d.length === 0 ? 0 : d[0]!);
      },
    );
    for (const d of seen) expect(d >= 0 && d <= 19).toBe(true);
    expect(Math.max(...seen)).toBeGreaterThan(10);
  });

  it('the persistent fire burns whoever walks in for 0..99 ("You boldly stride through the curtain of fire...")', () => {
    const w = omegaWorld({
      map: ['#######', '#.@^..#', '#######'],
      traps: [{ kind: 'fire', known: true, data: { hazard: 'fire', shown: true } }],
      player: { hp: 500 },
    });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You boldly stride through the curtain of fire...');
    for (const d of damageTo(ev, 1)) expect(d).toBeLessThan(100);
  });

  it('a flame-immune player resists', () => {
    const w = corridor('fire', { settings: CITY, player: { traits: { ...CLUMSY, immunities: 'flame' } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You resist the effects!');
    expect(damageTo(ev, 1)).toEqual([]);
  });
});

describe('teleport trap', () => {
  it('moves the player to a free floor square and shows itself', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const w = omegaWorld({
        seed,
        map: ['###########', '#.@^......#', '#.........#', '#.........#', '###########'],
        traps: [{ kind: 'teleport' }],
        settings: CITY,
      });
      const ev = stepEast(w);
      expect(texts(ev)).toContain('You experience a momentary disorientation....');
      expect(w.terrain[hero(w).y * w.width + hero(w).x]).toBe(Terrain.Floor);
      expect(ev.some((e) => e.type === 'moved' && e.how === 'teleport')).toBe(true);
      expect(trapAt(w, 3, 1)!.knownBy).toContain(1);
    }
  });
});

describe('disintegration trap', () => {
  it('takes the cloak, then the body armour, then 250 unstoppable damage', () => {
    const w = omegaWorld({
      map: ['#######', '#.@^..#', '#######'],
      traps: [{ kind: 'disintegrate' }],
      player: { hp: 1000, traits: { absorption: 100 } },
    });
    expect(texts(stepEast(w))).toContain('Your cloak disintegrates!');
    expect(hero(w).inventory.some((i) => i.data?.slot === 'cloak')).toBe(false);
    expect(hero(w).inventory.some((i) => i.data?.slot === 'armor')).toBe(true);
    step(w, { type: 'move', dx: -1, dy: 0 });
    expect(texts(stepEast(w))).toContain('Your armor disintegrates!');
    expect(hero(w).inventory.some((i) => i.data?.slot === 'armor')).toBe(false);
    step(w, { type: 'move', dx: -1, dy: 0 });
    const ev = stepEast(w);
    expect(texts(ev)).toContain("Zzzap! You've been disintegrated!");
    expect(damageTo(ev, 1)).toEqual([250]);
  });

  it('kills an unprotected player of 30 HP', () => {
    const w = omegaWorld({ map: ['#######', '#.@^..#', '#######'], traps: [{ kind: 'disintegrate' }], player: { inventory: [] } });
    stepEast(w);
    expect(hero(w).alive).toBe(false);
    expect(w.over?.cause).toMatch(/disintegration/);
  });
});

describe('sleep gas trap', () => {
  it('puts the player to sleep for 2..2s+1 counts with s = D/5 + 1, not extending existing sleep', () => {
    for (const [env, depth, D] of [
      ['city', 1, 3],
      ['volcano', 20, 10],
    ] as const) {
      const s = Math.floor(D / 5) + 1;
      const counts = new Set<number>();
      overSeeds(
        40,
        (seed) => corridor('sleepgas', { seed, depth, settings: { environment: env } }),
        (w) => {
          const ev = stepEast(w);
          expect(texts(ev)).toEqual(expect.arrayContaining(['Hsssssssss....', 'You feel sleepy...']));
          const set = ev.find((e) => e.type === 'actorUpdated' && e.actor === 1 && e.changes.status?.asleep);
          const n = set && set.type === 'actorUpdated' ? set.changes.status!.asleep! : 0;
          counts.add(n);
          // The sleeping player's turns pass before the step returns.
          expect(w.time).toBe(100 * (1 + n));
        },
      );
      for (const n of counts) expect(n >= 2 && n <= 2 * s + 1, `${env}: ${n}`).toBe(true);
      expect(counts.size).toBe(2 * s);
    }
  });

  it('does not extend sleep and spares the sleep-immune', () => {
    const immune = corridor('sleepgas', { settings: CITY, player: { traits: { immunities: 'sleep' } } });
    expect(texts(stepEast(immune))).toContain('but you shrug off the momentary lassitude.');
    expect(immune.time).toBe(100);
  });
});

describe('acid trap', () => {
  it('is dodged unless a 0..99 roll exceeds Agility + level', () => {
    const w = corridor('acid', { settings: CITY, player: { traits: { agility: 99, level: 0 } } });
    expect(texts(stepEast(w))).toContain('You somehow dodge a shower of hydroflouric acid!');
  });

  it('deals 0..5D-1 acid and damages up to four possessions from the first', () => {
    let shattered = 0;
    overSeeds(
      40,
      (seed) => corridor('acid', { seed, settings: CITY, player: { hp: 500, traits: CLUMSY } }),
      (w) => {
        const before = hero(w).inventory.map((i) => ({ id: i.id, count: i.count }));
        const ev = stepEast(w);
        expect(texts(ev)).toContain('You are drenched by a spray of acid!');
        for (const d of damageTo(ev, 1)) expect(d).toBeLessThanOrEqual(14);
        const after = hero(w).inventory;
        const lost = before.reduce((n, b) => n + b.count - (after.find((a) => a.id === b.id)?.count ?? 0), 0);
        expect(lost).toBeLessThanOrEqual(4);
        shattered += lost;
        // Only the first four slots can be touched: the scroll of dispelling (sixth) never is.
        expect(after.find((i) => i.kind === 'scroll-dispelling')?.count).toBe(1);
      },
    );
    expect(shattered).toBeGreaterThan(0);
  });

  it('an acid-immune player resists and keeps the pack whole', () => {
    const w = corridor('acid', { settings: CITY, player: { traits: { ...CLUMSY, immunities: 'acid' } } });
    const before = JSON.stringify(hero(w).inventory);
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You resist the effects!');
    expect(texts(ev)).not.toContain('The acid seeps over your possessions...');
    expect(JSON.stringify(hero(w).inventory)).toBe(before);
  });
});

describe('manadrain trap', () => {
  it('drains all mana and dispels temporary enhancements', () => {
    const w = corridor('manadrain', { settings: CITY, player: { traits: { mana: 40, alert: 50, levitating: 0 } } });
    const ev = stepEast(w);
    expect(texts(ev)).toEqual(expect.arrayContaining(['You feel drained.', 'A smell of ozone and positive ions fills the air..']));
    expect(hero(w).traits.mana).toBe(0);
    expect(hero(w).traits.alert).toBe(1);
  });

  it('at zero mana overloads one time in ten: the trap is gone and mana refills', () => {
    const runs = overSeeds(
      60,
      (seed) => corridor('manadrain', { seed, settings: CITY, player: { traits: { mana: 0, maxMana: 33 } } }),
      (w) => ({ text: texts(stepEast(w)), mana: hero(w).traits.mana, trap: trapAt(w, 3, 1) }),
    );
    const overloads = runs.filter((r) => r.text.includes("That's strange.... You feel repowered!"));
    expect(overloads.length).toBeGreaterThan(0);
    expect(overloads.length).toBeLessThan(20);
    for (const r of overloads) {
      expect(r.mana).toBe(33);
      expect(r.trap).toBeUndefined();
    }
    for (const r of runs.filter((x) => !overloads.includes(x))) {
      expect(r.text).toContain('You feel strangely unaffected by the manadrain trap.');
      expect(r.mana).toBe(0);
      expect(r.trap).toBeDefined();
    }
  });
});

describe('abyss trap', () => {
  it('is stepped around when 0..99 does not exceed Dex + level; the square shows the abyss but keeps the trap', () => {
    const w = corridor('abyss', { player: { traits: { dex: 99, level: 0 } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You gingerly step around a concealed entrance to the abyss!');
    const trap = trapAt(w, 3, 1)!;
    expect(trap.data.shows).toBe('abyss');
    expect(trap.data.hazard).toBeUndefined();
    expect(trap.knownBy).toContain(1);
    // It no longer shows TRAP: it cannot be disarmed.
    step(w, { type: 'move', dx: -1, dy: 0 });
    expect(step(w, { type: 'disarm', dx: 1, dy: 0 }).refused).toBe("You can't see a trap there!");
  });

  it('in a dungeon drops the player i levels for 5i damage and i*i*50 experience (or Yog Sothoth)', () => {
    let falls = 0;
    overSeeds(
      30,
      (seed) => corridor('abyss', { seed, settings: { goalDepth: 60, environment: 'volcano' }, player: { hp: 2000, traits: CLUMSY } }),
      (w) => {
        const ev = stepEast(w);
        const text = texts(ev);
        expect(text).toContain('You stumble over a concealed entrance to the abyss!');
        expect(text).toContain('You enter the infinite abyss!');
        if (text.includes('You have met Yog Sothoth!!!')) return;
        const i = w.depth - 1;
        if (text.includes('You emerge high above the ground!!!!')) {
          expect(w.depth).toBe(1);
          return;
        }
        falls++;
        expect(i).toBeGreaterThanOrEqual(1);
        expect(damageTo(ev, 1)).toEqual([5 * i]);
        expect(hero(w).xp).toBe(i * i * 50);
      },
    );
    expect(falls).toBeGreaterThan(20);
  });

  it("past the dungeon's last level the player emerges high above the ground for 50i damage", () => {
    // The astral plane has 5 levels: from its fifth, any fall leaves the dungeon.
    let emerged = 0;
    overSeeds(
      12,
      (seed) =>
        omegaWorld({
          seed,
          map: ['##########', '#.@^.....#', '#........#', '##########'],
          traps: [{ kind: 'abyss' }],
          depth: 5,
          settings: { environment: 'astral', goalDepth: 60 },
          player: { hp: 100000, traits: CLUMSY },
        }),
      (w) => {
        const ev = stepEast(w);
        if (texts(ev).includes('You have met Yog Sothoth!!!')) return;
        emerged++;
        expect(texts(ev)).toContain('You emerge high above the ground!!!!');
        expect(w.depth).toBe(5);
        const [d] = damageTo(ev, 1);
        expect(d! % 50).toBe(0);
        expect(d).toBeGreaterThanOrEqual(50);
        expect(ev.some((e) => e.type === 'moved' && e.how === 'teleport')).toBe(true);
      },
    );
    expect(emerged).toBeGreaterThan(8);
  });

  it('outside a dungeon the abyss is a portal to elsewhere; the Circle demesne blocks it', () => {
    const w = omegaWorld({
      map: ['##########', '#.@^.....#', '#........#', '##########'],
      traps: [{ kind: 'abyss' }],
      settings: CITY,
      player: { traits: CLUMSY },
    });
    const ev = stepEast(w);
    expect(texts(ev)).toEqual(expect.arrayContaining(['You fall through a dimensional portal!', 'You are dragged into one!']));
    expect(ev.some((e) => e.type === 'moved' && e.how === 'teleport')).toBe(true);
    expect(w.depth).toBe(1);
    const circle = corridor('abyss', { settings: { environment: 'circle' }, player: { traits: CLUMSY } });
    const cev = stepEast(circle);
    expect(texts(cev)).toContain('Some property of this eerie place interferes with the magic!');
    expect(hero(circle).x).toBe(3);
  });
});

describe('siren trap', () => {
  it('in a house sends the player to jail, unless the Order is destroyed', () => {
    const w = corridor('siren', { settings: { environment: 'house' } });
    const ev = stepEast(w);
    expect(texts(ev)).toEqual(expect.arrayContaining(['A klaxon goes off!', 'The city guard arrives!', 'You are apprehended....']));
    expect(w.over).toEqual({ won: false, cause: 'Sent to jail', turn: 0 });
    const free = corridor('siren', { settings: { environment: 'mansion', orderDestroyed: true } });
    expect(texts(stepEast(free))).toContain('Nobody answers the alarm.');
    expect(free.over).toBeNull();
    const hovel = corridor('siren', { settings: { environment: 'hovel' } });
    expect(texts(stepEast(hovel))).toContain('Nobody answers the alarm.');
    expect(hovel.over).toBeNull();
  });
});
