/**
 * The HUD of a hero that has died, in every ruleset: it says so, and shows no hit points below 0
 * (issue 19: "Condition fine" after a CDDA death, "-2/30" in Omega and Cēaptūn).
 */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../src/core/context.ts';
import { newGame } from '../../src/core/engine.ts';
import { RULESETS } from '../../src/rulesets/index.ts';
import { meterValue } from '../../src/ui/hud.ts';
import { hudOf } from '../../src/ui/store.ts';
import { player } from '../../src/core/level.ts';

/** Every "n/m" in a text, as [n, m]. */
function fractions(text: string): Array<[number, number]> {
  return [...text.matchAll(/(-?\d+)\s*\/\s*(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

describe('the HUD of a dead hero', () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset.id}: says dead, never "fine", and shows no negative hit points`, () => {
      const world = newGame({ seed: 'hud-dead', ruleset: ruleset.id, width: 40, height: 25 });
      const hero = player(world);
      const ctx = new StepContext(world);
      // Well past 0, as a big hit leaves it (past −10, where d20's dying rules kill): where the body has parts, a blow to the torso.
      const part = hero.parts?.torso ? 'torso' : undefined;
      const overkill = (part ? hero.parts![part]!.hp : hero.hp) + 17;
      ctx.damage(hero, overkill, { cause: 'killed by a test', ...(part ? { part } : {}) });
      expect(hero.alive).toBe(false);
      expect(part ? hero.parts![part]!.hp : hero.hp).toBeLessThan(0);

      const hud = hudOf(world, ruleset);
      expect(hud.status).toEqual(['dead']);
      const shown = [meterValue(hud.hp), ...hud.parts.map(meterValue), ...hud.stats.map((s) => `${s.label} ${s.value}`)];
      for (const text of shown) {
        for (const [n] of fractions(text)) expect(n, text).toBeGreaterThanOrEqual(0);
        expect(text).not.toMatch(/\bfine\b/);
      }
      if (part) expect(meterValue(hud.parts.find((p) => p.value < 0)!)).toMatch(/^0\//);
      else expect(meterValue(hud.hp)).toBe(`0/${hero.maxHp}`);
    });
  }

  it('cdda: the Condition line says dead', () => {
    const cdda = RULESETS.find((r) => r.id === 'cdda')!;
    const world = newGame({ seed: 'hud-dead', ruleset: 'cdda', width: 40, height: 25 });
    const hero = player(world);
    expect(Object.fromEntries(cdda.hud(world, hero).map((l) => [l.label, l.value])).Condition).toBe('fine');
    new StepContext(world).damage(hero, hero.parts!.head!.hp + 3, { cause: 'killed by a test', part: 'head' });
    expect(Object.fromEntries(cdda.hud(world, hero).map((l) => [l.label, l.value])).Condition).toBe('dead');
  });
});
