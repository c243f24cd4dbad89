/**
 * Disarming in play: difficulty 99 is refused ("looks too dangerous to mess with"); avoidance 0 and
 * difficulty 0 is taken down with no roll; a success leaves the trap's items and gives practice; a
 * safe failure leaves the trap; a set-off fires it at the one disarming. A free action.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { cddaWorld, damageTo, hero, overSeeds, texts } from './helpers.ts';
import { edit, trapAt } from '../../../src/core/level.ts';

function disarmEast(w: ReturnType<typeof cddaWorld>) {
  return step(w, { type: 'disarm', dx: 1, dy: 0 });
}

function known(kind: string, traits: Record<string, number | boolean> = {}, seed = 'd') {
  return cddaWorld({ seed, map: ['######', '#.@^.#', '######'], traps: [{ kind, known: true }], player: { traits } });
}

describe('disarming', () => {
  it('difficulty 99 gives no disarm option: refused, no time passes', () => {
    for (const kind of ['pit', 'spike_pit', 'blade', 'sinkhole', 'lava', 'dissector', 'raised_tile', 'glow']) {
      const w = known(kind);
      const r = disarmEast(w);
      expect(r.refused).toMatch(/looks too dangerous to mess with\.$/);
      expect(w.time).toBe(0);
      expect(w.traps).toHaveLength(1);
    }
  });

  it('avoidance 0 and difficulty 0 (a cot) is taken down with no roll and returned', () => {
    const w = known('cot', { traps: 0, per: 0, dex: 0 });
    const r = disarmEast(w);
    expect(texts(r.events)).toContain('You take down the cot.');
    expect(w.traps).toHaveLength(0);
    expect(w.items.map((i) => i.kind)).toEqual(['cot']);
  });

  it('a sure success (Traps 10 against D 3) removes the bear trap, leaves it on the floor, and costs no time', () => {
    const w = known('beartrap', { traps: 10 });
    const r = disarmEast(w);
    expect(texts(r.events)).toContain('You disarm the trap!');
    expect(r.events.some((e) => e.type === 'disarmAttempted' && e.result === 'disarmed')).toBe(true);
    expect(w.traps).toHaveLength(0);
    expect(w.items.map((i) => [i.kind, i.x, i.y])).toEqual([['beartrap', 3, 1]]);
    expect(w.time).toBe(0);
    expect(hero(w).nextAct).toBe(0);
    // D 3 is not above 1.25 x 10: no practice.
    expect(hero(w).traits.trapsExercise).toBe(0);
  });

  it('practice: 1.5 x (D - skill) for a success when D > 1.25 x skill (Per 21 always climbs to 50)', () => {
    const w = known('crossbow', { traps: 1, per: 21 });
    disarmEast(w);
    expect(w.items.map((i) => i.kind).sort()).toEqual(['crossbow', 'string_36']);
    expect(hero(w).traits.trapsExercise).toBe(Math.trunc(1.5 * (5 - 1)));
  });

  it('the Traps skill rises at 100 x (level + 1)^2 exercise', () => {
    const w = known('landmine', { traps: 0, trapsExercise: 95, per: 21 });
    const r = disarmEast(w);
    // 1.5 x 10 = 15 more: 110 >= 100, level 1, exercise back to 0.
    expect(hero(w).traits.traps).toBe(1);
    expect(hero(w).traits.trapsExercise).toBe(0);
    expect(texts(r.events)).toContain('Your skill in traps has increased to 1!');
  });

  it('skill 1, Per 5, Dex 1 against D 5: roll 4 fails safely (1 in 4), rolls 1-3 set it off at the player', () => {
    let failed = 0;
    let setOff = 0;
    for (const { w, r } of overSeeds(120, (seed) => known('crossbow', { traps: 1, per: 5, dex: 1 }, seed), (w) => ({ w, r: disarmEast(w) }))) {
      const result = r.events.find((e) => e.type === 'disarmAttempted');
      expect(result?.type === 'disarmAttempted' && result.result).not.toBe('disarmed');
      if (result?.type === 'disarmAttempted' && result.result === 'failed') {
        failed++;
        expect(texts(r.events)).toContain('You fail to disarm the trap.');
        expect(trapAt(w, 3, 1)?.kind).toBe('crossbow');
        expect(hero(w).traits.trapsExercise).toBe(6);
      } else {
        setOff++;
        expect(texts(r.events)).toContain('You fail to disarm the trap, and you set it off!');
        expect(texts(r.events)).toContain('You trigger a crossbow trap!');
        expect(w.traps).toHaveLength(0);
        // D 5 - roll <= 6: 2 x D practice.
        expect(hero(w).traits.trapsExercise).toBe(10);
      }
    }
    expect(failed + setOff).toBe(120);
    expect(failed).toBeGreaterThan(30 - 16);
    expect(failed).toBeLessThan(30 + 16);
  });

  it('a bear trap set off while disarming closes on the disarmer\u2019s leg', () => {
    const runs = overSeeds(40, (seed) => known('beartrap', { traps: 0, per: 5, dex: 1 }, seed), (w) => disarmEast(w));
    // Skill 0: the roll is 0, always below 0.8 x 3.
    for (const r of runs) {
      expect(texts(r.events)).toContain('A bear trap closes on your foot!');
      expect(damageTo(r.events, 1)).toHaveLength(1);
    }
  });

  it('disarming the spinning blade engine takes its blades too and returns motor and machetes', () => {
    const w = cddaWorld({ map: ['#######', '#.^^^.#', '#@^^^.#', '#.^^^.#', '#######'], traps: [{ kind: 'blade' }, { kind: 'blade' }, { kind: 'blade' }, { kind: 'blade' }, { kind: 'engine', known: true }, { kind: 'blade' }, { kind: 'blade' }, { kind: 'blade' }, { kind: 'blade' }], player: { traits: { traps: 10 } } });
    edit(w, (world) => {
      const h = world.actors.find((a) => a.id === world.playerId)!;
      h.x = 2;
      h.y = 1;
      world.traps = world.traps.filter((t) => !(t.x === 2 && t.y === 1));
    });
    const r = step(w, { type: 'disarm', dx: 1, dy: 1 });
    expect(texts(r.events)).toContain('You disarm the trap!');
    expect(w.traps).toHaveLength(0);
    expect(w.items.map((i) => [i.kind, i.count]).sort()).toEqual([
      ['machete', 2],
      ['motor', 1],
    ]);
  });

  it('only a trap you know of can be disarmed', () => {
    const w = cddaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'beartrap' }] });
    expect(disarmEast(w).refused).toBe('You know of no trap there.');
  });
});
