/**
 * Riding, levitation, shadowform and '@' (the seed's "Avoiding and removing traps" and each trap's
 * mount effect).
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { corridor, damageTo, hero, omegaWorld, stepEast, texts } from './helpers.ts';
import { edit, trapAt } from '../../../src/core/level.ts';
import { heroIn } from '../../support/heroIn.ts';

const CITY = { environment: 'city' };
const CLUMSY = { agility: -1000, dex: -1000, level: 0 };
const MOUNTED = { mounted: true, horseHp: 30, horseMaxHp: 30 };

describe('riding', () => {
  it('the riding setting starts the player on a horse with its own hit points', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], settings: { riding: true, horseHp: 44 } });
    expect(hero(w).traits.mounted).toBe(true);
    expect(hero(w).traits.horseHp).toBe(44);
  });

  it('dart: only annoys the horse', () => {
    const w = corridor('dart', { settings: CITY, player: { traits: { ...MOUNTED, absorption: 0 } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('A dart annoys your horse....');
    expect(damageTo(ev, 1)).toEqual([]);
    expect(hero(w).traits.mounted).toBe(true);
  });

  it('pit: the horse is lost instead, whatever the load', () => {
    const w = corridor('pit', { settings: CITY, player: { traits: { ...MOUNTED, carriedWeight: 99999 } } });
    const ev = stepEast(w);
    expect(texts(ev)).toEqual(expect.arrayContaining(['Your horse stumbles into a pit and breaks a leg!', 'You are forced to put it out of its misery.']));
    expect(damageTo(ev, 1)).toEqual([]);
    expect(hero(w).traits.mounted).toBe(false);
    expect(hero(w).traits.horseHp).toBe(0);
  });

  it('trap door: no leap for a rider; the horse is lost and the rider falls', () => {
    const w = corridor('trapdoor', { settings: { environment: 'caves' }, player: { hp: 100, traits: { ...MOUNTED, agility: 1000 } } });
    const ev = stepEast(w);
    expect(texts(ev)).toEqual(expect.arrayContaining(['You and your horse fall through a trap door!', 'Your horse breaks its back. Snif.']));
    expect(hero(w).traits.mounted).toBe(false);
    expect(w.depth).toBe(2);
  });

  it('snare: the horse steps clear', () => {
    const w = corridor('snare', { settings: CITY, player: { traits: { ...MOUNTED, ...CLUMSY } } });
    expect(texts(stepEast(w))).toContain('Your horse steps out of a snare trap.');
    expect(hero(w).status.held ?? 0).toBe(0);
    expect(hero(w).traits.mounted).toBe(true);
  });

  it('blade: a failed dodge kills the horse and spares the rider; a good dodge spares both', () => {
    const w = corridor('blade', { settings: CITY, player: { traits: { ...MOUNTED, ...CLUMSY } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('Your horse is struck by a scything blade and killed instantly.');
    expect(damageTo(ev, 1)).toEqual([]);
    expect(hero(w).traits.mounted).toBe(false);
    const ok = corridor('blade', { settings: CITY, player: { traits: { ...MOUNTED, agility: 30, level: 0 } } });
    expect(texts(stepEast(ok))).toContain('You duck under a scything blade!');
    expect(hero(ok).traits.mounted).toBe(true);
  });

  it('fire: the horse is killed instead of the hit, and the square burns on', () => {
    const w = corridor('fire', { settings: CITY, player: { traits: { ...MOUNTED, ...CLUMSY } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('Your horse is struck by a blast of fire and is charbroiled!');
    expect(damageTo(ev, 1)).toEqual([]);
    expect(hero(w).traits.mounted).toBe(false);
    expect(trapAt(w, 3, 1)!.data.hazard).toBe('fire');
  });

  it('disintegration: the horse is destroyed, and the cloak goes too', () => {
    const w = corridor('disintegrate', { settings: CITY, player: { traits: MOUNTED } });
    const ev = stepEast(w);
    expect(texts(ev)).toEqual(expect.arrayContaining(['Your horse falls apart into its component atoms...', 'Your cloak disintegrates!']));
    expect(hero(w).traits.mounted).toBe(false);
  });

  it('acid: a hit kills the horse and still burns the rider', () => {
    const w = corridor('acid', { seed: 'acid', settings: CITY, player: { hp: 500, traits: { ...MOUNTED, ...CLUMSY } } });
    const ev = stepEast(w);
    expect(texts(ev)).toEqual(expect.arrayContaining(['You are drenched by a spray of acid!', 'Your horse dies unpleasantly.']));
    expect(hero(w).traits.mounted).toBe(false);
    for (const d of damageTo(ev, 1)) expect(d).toBeLessThanOrEqual(14);
  });

  it('abyss: a rider enters the abyss first, then makes the check too', () => {
    const w = corridor('abyss', { settings: { environment: 'caves', goalDepth: 60 }, player: { hp: 5000, traits: { ...MOUNTED, dex: 1000, level: 0 } } });
    const ev = stepEast(w);
    const t = texts(ev);
    expect(t).toContain('You and your horse fall into the infinite abyss!');
    expect(t.filter((x) => x === 'You enter the infinite abyss!').length).toBe(1);
    expect(t).toContain('You gingerly step around a concealed entrance to the abyss!');
  });
});

describe('levitation', () => {
  it('an unmounted levitating player floats over traps, which stay hidden', () => {
    for (const kind of ['dart', 'pit', 'trapdoor', 'snare', 'blade', 'fire', 'teleport', 'disintegrate', 'sleepgas', 'acid', 'manadrain', 'abyss', 'siren']) {
      const w = corridor(kind, { settings: CITY, player: { traits: { ...CLUMSY, levitating: 5, carriedWeight: 99999 } } });
      const hp = hero(w).hp;
      const ev = stepEast(w);
      expect(ev.some((e) => e.type === 'trapTriggered'), kind).toBe(false);
      expect(hero(w).hp).toBe(hp);
      expect(hero(w).x).toBe(3);
      expect(trapAt(w, 3, 1)!.knownBy).not.toContain(1);
    }
  });

  it('riding negates levitation', () => {
    const w = corridor('snare', { settings: CITY, player: { traits: { ...MOUNTED, levitating: 5 } } });
    expect(texts(stepEast(w))).toContain('Your horse steps out of a snare trap.');
  });

  it("'@' sets off the square beneath you even while levitating", () => {
    const w = corridor('snare', { settings: CITY, known: true, player: { traits: { ...CLUMSY, levitating: 5 } } });
    stepEast(w);
    expect(hero(w).status.held ?? 0).toBe(0);
    const ev = step(w, { type: 'trigger' }).events;
    expect(texts(ev)).toContain('You were caught in a snare!');
    expect(hero(w).status.held).toBe(3);
  });

  it('does not lift the player over persistent fire', () => {
    const w = omegaWorld({
      map: ['#######', '#.@^..#', '#######'],
      traps: [{ kind: 'fire', known: true, data: { hazard: 'fire', shown: true } }],
      player: { hp: 500, traits: { levitating: 5 } },
    });
    expect(texts(stepEast(w))).toContain('You boldly stride through the curtain of fire...');
  });

  it('runs out after its status units ("You\'re no longer walking on air.")', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], settings: { statusTurns: 2 }, player: { traits: { levitating: 1 } } });
    const all: string[] = [];
    for (let n = 0; n < 4; n++) all.push(...texts(step(w, { type: 'wait' }).events));
    expect(all).toContain("You're no longer walking on air.");
    expect(hero(w).traits.levitating).toBe(0);
  });
});

describe('shadowform', () => {
  it('bypasses the thirteen trap handlers, even with @', () => {
    const w = corridor('snare', { settings: CITY, known: true, player: { traits: { ...CLUMSY, shadowform: 1000 } } });
    stepEast(w);
    expect(hero(w).status.held ?? 0).toBe(0);
    step(w, { type: 'trigger' });
    expect(hero(w).status.held ?? 0).toBe(0);
  });

  it('does not keep a shadowy player out of an open abyss', () => {
    const w = omegaWorld({
      map: ['#######', '#.@^..#', '#######'],
      traps: [{ kind: 'abyss', known: true, data: { hazard: 'abyss', shown: true } }],
      settings: { environment: 'caves', goalDepth: 60 },
      player: { hp: 5000, traits: { shadowform: 1000 } },
    });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You enter the infinite abyss!');
  });

  it('an open abyss takes an unshadowed walker without any check; levitation floats over it', () => {
    const open = () =>
      omegaWorld({
        map: ['#######', '#.@^..#', '#######'],
        traps: [{ kind: 'abyss', known: true, data: { hazard: 'abyss', shown: true } }],
        settings: { environment: 'caves', goalDepth: 60 },
        player: { hp: 5000, traits: { dex: 1000, level: 50 } },
      });
    expect(texts(stepEast(open()))).toContain('You enter the infinite abyss!');
    const lev = open();
    edit(lev, (p) => {
      heroIn(p).traits.levitating = 5;
    });
    expect(texts(stepEast(lev))).not.toContain('You enter the infinite abyss!');
  });
});
