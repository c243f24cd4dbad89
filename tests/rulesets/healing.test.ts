/**
 * Natural healing in each ruleset (issue #24), played through the engine: a hurt hero alone on a
 * small map waits, and the hit points it regains are counted here from each ruleset's rule, not read
 * from the code: with a period of P world turns and an amount A, the hero regains A at every world
 * turn k of the game clock that is a multiple of P (k = floor(time / 100), turn 0 being the start),
 * never above its maximum. A setting of 0 heals nothing; the dead never heal.
 *
 *   cdda, omega, ceaptun, wasteland   P = regenTurns, A = 1 (cdda: on each hurt, unbroken body part)
 *   d20 (SRD natural healing)         P = 8 x restTurnsPerHour, A = the hero's character level
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { step } from '../../src/core/engine.ts';
import { player } from '../../src/core/level.ts';
import { getRuleset } from '../../src/core/registry.ts';
import type { BodyPart, Traits, World } from '../../src/core/world.ts';
import { scenario } from '../support/scenario.ts';

const MAP = ['#######', '#.....#', '#..@..#', '#.....#', '#######'];
const WAIT = { type: 'wait' } as const;

/** The world turns the game clock has reached: every one of 1..k has been played. */
function worldTurn(w: World): number {
  return Math.floor(w.time / 100);
}

/** How many world turns in (from, to] are multiples of `every`. */
function dueTurns(from: number, to: number, every: number): number {
  return Math.floor(to / every) - Math.floor(from / every);
}

/** Waits until the game clock has passed `turns` world turns; returns the turns (from, to] played. */
function waitTurns(w: World, turns: number): { from: number; to: number } {
  const from = worldTurn(w);
  while (worldTurn(w) < from + turns) {
    const r = step(w, WAIT);
    expect(r.refused).toBeUndefined();
  }
  return { from, to: worldTurn(w) };
}

function hurtHero(ruleset: string, settings: Traits, hp: number, maxHp: number): World {
  return scenario({ ruleset, seed: 'heal', map: MAP, settings: { ...settings, monsters: 0 }, player: { hp, maxHp } });
}

function settingDefault(ruleset: string, name: string): number {
  const spec = getRuleset(ruleset).settings.find((s) => s.name === name);
  expect(spec, `${ruleset} has a setting ${name}`).toBeDefined();
  expect(spec!.type).toBe('int');
  return spec!.default as number;
}

for (const ruleset of ['omega', 'ceaptun', 'wasteland'] as const) {
  describe(`${ruleset}: 1 hit point every regenTurns turns`, () => {
    it('a hurt hero waiting regains exactly one hit point per regenTurns world turns of the clock', () => {
      const every = 7;
      const w = hurtHero(ruleset, { regenTurns: every }, 3, 30);
      const { from, to } = waitTurns(w, 40);
      expect(player(w).hp).toBe(3 + dueTurns(from, to, every));
      expect(player(w).hp).toBeGreaterThan(3);
    });

    it('never above the maximum', () => {
      const w = hurtHero(ruleset, { regenTurns: 2 }, 27, 30);
      waitTurns(w, 30);
      expect(player(w).hp).toBe(30);
      expect(player(w).maxHp).toBe(30);
    });

    it('regenTurns 0 heals nothing', () => {
      const w = hurtHero(ruleset, { regenTurns: 0 }, 3, 30);
      waitTurns(w, 60);
      expect(player(w).hp).toBe(3);
    });

    it('the default heals by the same rule', () => {
      const every = settingDefault(ruleset, 'regenTurns');
      const w = hurtHero(ruleset, {}, 3, 30);
      const { from, to } = waitTurns(w, 40);
      expect(player(w).hp).toBe(Math.min(30, 3 + (every > 0 ? dueTurns(from, to, every) : 0)));
    });
  });
}

describe('d20: the SRD\'s natural healing, 1 hit point per character level per 8 hours of rest', () => {
  it('a hurt level-5 hero regains 5 hit points every 8 x restTurnsPerHour turns', () => {
    const perHour = 2;
    const w = hurtHero('d20', { restTurnsPerHour: perHour, playerLevel: 5 }, 2, 30);
    expect(player(w).traits.level).toBe(5);
    const { from, to } = waitTurns(w, 40);
    const nights = dueTurns(from, to, 8 * perHour);
    expect(nights).toBeGreaterThan(0);
    expect(player(w).hp).toBe(2 + 5 * nights);
  });

  it('never above the maximum', () => {
    const w = hurtHero('d20', { restTurnsPerHour: 1, playerLevel: 5 }, 28, 30);
    waitTurns(w, 10);
    expect(player(w).hp).toBe(30);
  });

  it('restTurnsPerHour 0 heals nothing', () => {
    const w = hurtHero('d20', { restTurnsPerHour: 0 }, 2, 30);
    waitTurns(w, 100);
    expect(player(w).hp).toBe(2);
  });

  it('the default heals by the same rule', () => {
    const perHour = settingDefault('d20', 'restTurnsPerHour');
    const level = settingDefault('d20', 'playerLevel');
    const w = hurtHero('d20', {}, 2, 40);
    const { from, to } = waitTurns(w, 80);
    expect(player(w).hp).toBe(Math.min(40, 2 + (perHour > 0 ? level * dueTurns(from, to, 8 * perHour) : 0)));
  });
});

describe('cdda: each hurt body part heals on its own, the whole HP the sum of the parts', () => {
  const part = (hp: number, max = 84): BodyPart => ({ hp, max });
  /** Torso and an arm hurt, the left leg broken (0), the rest whole. */
  function hurtSurvivor(settings: Traits): World {
    const parts = { head: part(84), torso: part(50), arm_l: part(80), arm_r: part(84), leg_l: part(0), leg_r: part(84) };
    const hp = Object.values(parts).reduce((s, p) => s + p.hp, 0);
    return scenario({ ruleset: 'cdda', seed: 'heal', map: MAP, settings: { ...settings, monsters: 0 }, player: { hp, maxHp: 6 * 84, parts } });
  }

  it('every hurt part regains 1 per regenTurns turns up to its max; a broken part stays broken', () => {
    const every = 3;
    const w = hurtSurvivor({ regenTurns: every });
    const { from, to } = waitTurns(w, 30);
    const n = dueTurns(from, to, every);
    expect(n).toBeGreaterThan(4);
    const p = player(w).parts!;
    expect(p.torso!.hp).toBe(50 + n);
    expect(p.arm_l!.hp).toBe(84);
    expect(p.leg_l!.hp).toBe(0);
    expect(p.head!.hp).toBe(84);
    expect(player(w).hp).toBe(Object.values(p).reduce((s, x) => s + x.hp, 0));
    expect(player(w).hp).toBeLessThanOrEqual(player(w).maxHp);
  });

  it('regenTurns 0 heals nothing', () => {
    const w = hurtSurvivor({ regenTurns: 0 });
    const hp = player(w).hp;
    waitTurns(w, 60);
    expect(player(w).hp).toBe(hp);
    expect(player(w).parts!.torso!.hp).toBe(50);
  });

  it('the default heals by the same rule', () => {
    const every = settingDefault('cdda', 'regenTurns');
    const w = hurtSurvivor({});
    const { from, to } = waitTurns(w, 40);
    const n = every > 0 ? dueTurns(from, to, every) : 0;
    expect(player(w).parts!.torso!.hp).toBe(Math.min(84, 50 + n));
    expect(player(w).parts!.arm_l!.hp).toBe(Math.min(84, 80 + n));
  });
});
