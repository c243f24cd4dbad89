/**
 * Monsters and traps (mon.c m_trap_*): they walk into hidden traps and go round shown ones unless
 * confused; fliers and intangible monsters skip the effects; each trap's monster effect.
 */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { step } from '../../../src/core/engine.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import type { Actor, World } from '../../../src/core/world.ts';
import { arrive, damageTo, hero, omegaWorld, texts } from './helpers.ts';
import { edit, trapAt } from '../../../src/core/level.ts';
import { actorIn, heroIn } from '../../support/heroIn.ts';

/** A lit room: the monster left of a trap, the player watching from the right. */
function room(kind: string, glyph = 'O', opts: { trapData?: Record<string, string | number | boolean>; environment?: string; depth?: number; monster?: Partial<Actor> & { traits?: Record<string, string | number | boolean> } } = {}): World {
  return omegaWorld({
    map: ['#########', '#.......#', `#${glyph}^....@#`, '#.......#', '#########'],
    traps: [{ kind, ...(opts.trapData ? { data: opts.trapData } : {}) }],
    settings: { environment: opts.environment ?? 'city' },
    depth: opts.depth ?? 1,
    ...(opts.monster ? { monsters: [opts.monster] } : {}),
  });
}

function monster(w: World): Actor {
  return w.actors.find((a) => a.id !== w.playerId)!;
}

/** The monster walks onto the trap at (2, 2) through the core's arrival path. */
function walkIn(w: World): StepContext {
  return arrive(w, monster(w), 2, 2);
}

describe('monster trap effects (D = 3 in the city)', () => {
  it('dart: 2D damage, and the trap shows when seen', () => {
    const w = room('dart');
    const m = monster(w);
    const ctx = walkIn(w);
    expect(damageTo(ctx.events, m.id)).toEqual([6]);
    expect(texts(ctx.events)).toContain('The ogre was hit by a dart!');
    expect(trapAt(w, 2, 2)!.knownBy).toContain(1);
  });

  it('pit: 5D damage and no more moving', () => {
    const w = room('pit');
    const m = monster(w);
    const ctx = walkIn(w);
    expect(damageTo(ctx.events, m.id)).toEqual([15]);
    expect(m.status.held).toBeGreaterThan(1000);
  });

  it('trap door: vanishes without a death, experience or loot', () => {
    const w = room('trapdoor', 'O', { monster: { inventory: [{ id: 900, kind: 'gold', name: 'gold coins', count: 5, x: -1, y: -1 }] } });
    const m = monster(w);
    const ctx = walkIn(w);
    expect(m.alive).toBe(false);
    expect(ctx.events.some((e) => e.type === 'died')).toBe(false);
    expect(hero(w).xp).toBe(0);
    expect(w.items).toEqual([]);
    expect(texts(ctx.events)).toContain('The ogre fell into a trap door!');
  });

  it('snare: held fast, no damage', () => {
    const w = room('snare');
    const m = monster(w);
    const ctx = walkIn(w);
    expect(damageTo(ctx.events, m.id)).toEqual([]);
    expect(m.status.held).toBeGreaterThan(1000);
    expect(texts(ctx.events)).toContain('The ogre was caught in a snare!');
  });

  it("blade: (D+1) x 7 minus the player's Defense (2 statmod(Agi) + level/2)", () => {
    const w = room('blade');
    edit(w, (p) => {
      heroIn(p).traits.agility = 16; // statmod 3 -> Defense 6 + 1/2 = 6
      heroIn(p).traits.level = 3; // + 1 -> 7
    });
    const m = monster(w);
    const ctx = walkIn(w);
    expect(damageTo(ctx.events, m.id)).toEqual([4 * 7 - 7]);
  });

  it('fire: 5(D+1) flame, and the square stays a fire trap', () => {
    const w = room('fire');
    const m = monster(w);
    const ctx = walkIn(w);
    expect(damageTo(ctx.events, m.id)).toEqual([20]);
    expect(trapAt(w, 2, 2)!.data.hazard).toBeUndefined();
    expect(trapAt(w, 2, 2)!.kind).toBe('fire');
  });

  it('teleport: an awake monster is moved, a sleeping one stays', () => {
    const awake = room('teleport');
    walkIn(awake);
    expect([monster(awake).x, monster(awake).y]).not.toEqual([2, 2]);
    const asleep = room('teleport', 'O', { monster: { status: { asleep: 1 } } });
    const m = monster(asleep);
    // Put it on the trap without walking, then set the trap off under it.
    edit(asleep, (p) => {
      actorIn(p, m.id).x = 2;
    });
    const ctx = new StepContext(asleep);
    ctx.trigger(trapAt(asleep, 2, 2)!, m, 'step');
    expect([m.x, m.y]).toEqual([2, 2]);
  });

  it('disintegration: 100 unstoppable damage, survived by a monster with more', () => {
    const w = room('disintegrate');
    const ctx = walkIn(w);
    expect(monster(w).alive).toBe(false);
    expect(texts(ctx.events)).toContain('The ogre disintegrates!');
    // Killed in the player's sight: the player gets its experience (m_death).
    expect(hero(w).xp).toBe(25);
    const big = room('disintegrate', 'O', { monster: { hp: 150, maxHp: 150 } });
    const bctx = walkIn(big);
    expect(monster(big).hp).toBe(50);
    expect(texts(bctx.events)).toContain('It was partially protected by its armor.');
  });

  it('sleep gas: falls asleep unless immune', () => {
    const w = room('sleepgas');
    walkIn(w);
    expect(monster(w).status.asleep).toBe(1);
    const immune = room('sleepgas', 'O', { monster: { traits: { immunities: 'sleep' } } });
    walkIn(immune);
    expect(monster(immune).status.asleep ?? 0).toBe(0);
  });

  it('acid: 0..D^2-1 acid damage', () => {
    for (const seed of ['1', '2', '3', '4', '5', '6']) {
      const w = omegaWorld({ seed, map: ['#########', '#.......#', '#O^....@#', '#.......#', '#########'], traps: [{ kind: 'acid' }], settings: { environment: 'city' } });
      const m = monster(w);
      const ctx = walkIn(w);
      for (const d of damageTo(ctx.events, m.id)) expect(d).toBeLessThanOrEqual(8);
    }
  });

  it('manadrain: only the ordinary spellcasting ability is lost', () => {
    const caster = room('manadrain', 'O', { monster: { traits: { specialf: 'spell' } } });
    walkIn(caster);
    expect(monster(caster).traits.specialf).toBe('none');
    const other = room('manadrain', 'O', { monster: { traits: { specialf: 'breathe' } } });
    walkIn(other);
    expect(monster(other).traits.specialf).toBe('breathe');
  });

  it('abyss: vanishes; seen, the square becomes an open abyss; unseen, it stays hidden', () => {
    const w = room('abyss');
    const ctx = walkIn(w);
    expect(monster(w).alive).toBe(false);
    expect(ctx.events.some((e) => e.type === 'died')).toBe(false);
    expect(trapAt(w, 2, 2)!.data.hazard).toBe('abyss');
    const dark = omegaWorld({
      map: ['#########', '#O^##...#', '#####..@#', '#########'],
      traps: [{ kind: 'abyss' }],
    });
    const m = monster(dark);
    arrive(dark, m, 2, 1);
    expect(m.alive).toBe(false);
    expect(trapAt(dark, 2, 1)!.data.hazard).toBeUndefined();
    expect(trapAt(dark, 2, 1)!.knownBy).not.toContain(1);
  });

  it('siren: no monster handler', () => {
    const w = room('siren');
    const ctx = walkIn(w);
    expect(texts(ctx.events)).toEqual([]);
    expect(trapAt(w, 2, 2)!.knownBy).not.toContain(1);
  });

  it('an unseen snare, blade, fire or teleport trap still shows TRAP: the player finds it on the next look', () => {
    const w = omegaWorld({ map: ['#########', '#O^##...#', '#####..@#', '#########'], traps: [{ kind: 'snare' }] });
    arrive(w, monster(w), 2, 1);
    const trap = trapAt(w, 2, 1)!;
    expect(trap.data.shown).toBe(true);
    expect(trap.knownBy).not.toContain(1);
  });
});

describe('which monsters traps touch', () => {
  it('fliers and intangible monsters skip trap effects', () => {
    const bat = room('dart', 'b');
    const bctx = walkIn(bat);
    expect(damageTo(bctx.events, monster(bat).id)).toEqual([]);
    expect(bctx.events.some((e) => e.type === 'trapTriggered')).toBe(false);
    const ghost = room('pit', 'O', { monster: { traits: { intangible: true } } });
    const gctx = walkIn(ghost);
    expect(gctx.events.some((e) => e.type === 'trapTriggered')).toBe(false);
    expect(monster(ghost).status.held ?? 0).toBe(0);
  });

  it('monsters know only traps whose square shows them, and not while confused', () => {
    const r = getRuleset('omega');
    const w = room('pit');
    const m = monster(w);
    const trap = trapAt(w, 2, 2)!;
    expect(r.monsterKnowsTrap(w, m, trap)).toBe(false);
    edit(w, (p) => {
      p.traps.find((t) => t.id === trap.id)!.data.shown = true;
    });
    expect(r.monsterKnowsTrap(w, m, trap)).toBe(true);
    edit(w, (p) => {
      const plain = actorIn(p, m.id);
      plain.status = { ...plain.status, confused: 3 };
    });
    expect(r.monsterKnowsTrap(w, m, trap)).toBe(false);
  });

  it('a hunting monster walks into a hidden trap on its way but goes round a shown one', () => {
    const map = ['#########', '#.......#', '#o.^...@#', '#.......#', '#########'];
    const hidden = omegaWorld({ map, traps: [{ kind: 'snare' }], settings: { environment: 'city' } });
    for (let n = 0; n < 3; n++) step(hidden, { type: 'wait' });
    const h = monster(hidden);
    expect(h.status.held).toBeGreaterThan(1000);
    expect([h.x, h.y]).toEqual([3, 2]);

    const shown = omegaWorld({ map, traps: [{ kind: 'snare', known: true, data: { shown: true } }], settings: { environment: 'city' } });
    for (let n = 0; n < 3; n++) step(shown, { type: 'wait' });
    const s = monster(shown);
    expect(s.status.held ?? 0).toBe(0);
    expect(s.x).toBeGreaterThan(3);

    const confused = omegaWorld({ map, traps: [{ kind: 'snare', known: true, data: { shown: true } }], settings: { environment: 'city' }, monsters: [{ status: { confused: 99 } }] });
    for (let n = 0; n < 3; n++) step(confused, { type: 'wait' });
    expect(monster(confused).status.held).toBeGreaterThan(1000);
  });

  it('a shown trap is a wall to monsters, not a detour: in a corridor the orc waits rather than cross it (util.c m_unblocked)', () => {
    const map = ['#########', '#@...^.o#', '#########'];
    for (const [what, trap] of [
      ['a set-off snare', { kind: 'snare', known: true, data: { shown: true } }],
      ['a found pit', { kind: 'pit', known: true, data: { shown: true } }],
      ['fire', { kind: 'fire', known: true, data: { shown: true, hazard: 'fire' } }],
    ] as const) {
      const w = omegaWorld({ map, traps: [trap], settings: { environment: 'city' }, monsters: [{ ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 99 } }] });
      for (let n = 0; n < 8; n++) step(w, { type: 'wait' });
      expect(monster(w).x, what).toBeGreaterThan(5);
    }
    // Confused, or immune to flame before a fire, it comes on.
    const confused = omegaWorld({ map, traps: [{ kind: 'snare', known: true, data: { shown: true } }], settings: { environment: 'city' }, monsters: [{ status: { confused: 99 }, ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 99 } }] });
    for (let n = 0; n < 8; n++) step(confused, { type: 'wait' });
    expect(monster(confused).x).toBeLessThanOrEqual(5);
    const salamander = omegaWorld({ map, traps: [{ kind: 'fire', known: true, data: { shown: true, hazard: 'fire' } }], settings: { environment: 'city' }, monsters: [{ traits: { immunities: 'flame' }, ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 99 } }] });
    for (let n = 0; n < 8; n++) step(salamander, { type: 'wait' });
    expect(monster(salamander).x).toBeLessThanOrEqual(5);
  });

  it('a monster killed by a trap out of sight earns the player nothing', () => {
    const w = omegaWorld({ map: ['#########', '#r^##...#', '#####..@#', '#########'], traps: [{ kind: 'pit' }] });
    arrive(w, monster(w), 2, 1);
    expect(monster(w).alive).toBe(false);
    expect(hero(w).xp).toBe(0);
  });
});
