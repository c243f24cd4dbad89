/**
 * Setting traps from trap items: P x 25 + 100 move points and P practice; flat floor only, one trap
 * per tile, never at your feet; an unseen trap where you set one goes off instead. Burying needs a
 * shovel; the blade trap takes a clear 3x3 two tiles away; the trap-like tools take no skill.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { ruleset } from '../../../src/rulesets/cdda/index.ts';
import { type CddaScenario, cddaWorld, damageTo, hero, texts } from './helpers.ts';
import { edit, trapAt } from '../../../src/core/level.ts';
import { heroIn } from '../../support/heroIn.ts';

function room(opts: Partial<CddaScenario> = {}) {
  return cddaWorld({ map: ['#########', '#.......#', '#.@.....#', '#.......#', '#########'], ...opts });
}

function count(w: ReturnType<typeof room>, kind: string): number {
  return hero(w).inventory.filter((i) => i.kind === kind).reduce((s, i) => s + i.count, 0);
}

describe('setting traps', () => {
  const costs: Array<[string, number]> = [
    ['beartrap', 4 * 25 + 100],
    ['beartrap_buried', 7 * 25 + 100],
    ['board', 2 * 25 + 100],
    ['tripwire', 3 * 25 + 100],
    ['crossbow', 4 * 25 + 100],
    ['shotgun', 5 * 25 + 100],
    ['landmine', 7 * 25 + 100],
    ['landmine_buried', 7 * 25 + 100],
    ['boobytrap', 4 * 25 + 100],
    ['bubblewrap', 2 * 25 + 100],
    ['light_snare', 2 * 25 + 100],
    ['heavy_snare', 4 * 25 + 100],
    ['cot', 100],
    ['brazier', 100],
    ['rollmat', 100],
  ];
  for (const [what, moves] of costs) {
    it(`${what}: ${moves} move points, one item used, the trap known to its setter`, () => {
      const w = room();
      const before = what.startsWith('beartrap') ? count(w, 'beartrap') : null;
      const r = step(w, { type: 'rig', what, dx: 1, dy: 0 });
      expect(r.refused).toBeUndefined();
      expect(hero(w).nextAct).toBe(moves);
      const trap = trapAt(w, 3, 2)!;
      expect(trap.kind).toBe(what);
      expect(trap.owner).toBe(1);
      expect(trap.knownBy).toContain(1);
      if (before !== null) expect(count(w, 'beartrap')).toBe(before - 1);
    });
  }

  it('practice: P points for a trap, none for a trap-like tool', () => {
    const w = room();
    step(w, { type: 'rig', what: 'landmine', dx: 1, dy: 0 });
    expect(hero(w).traits.trapsExercise).toBe(7);
    step(w, { type: 'rig', what: 'cot', dx: -1, dy: 0 });
    expect(hero(w).traits.trapsExercise).toBe(7);
  });

  it('a shotgun trap is loaded with two charges', () => {
    const w = room();
    step(w, { type: 'rig', what: 'shotgun', dx: 0, dy: 1 });
    expect(trapAt(w, 2, 3)!.charges).toBe(2);
  });

  it('the blade trap: engine two tiles away, eight spinning blades around it, 12 x 25 + 100 moves', () => {
    const w = room();
    const r = step(w, { type: 'rig', what: 'engine', dx: 1, dy: 0 });
    expect(r.refused).toBeUndefined();
    expect(hero(w).nextAct).toBe(400);
    expect(trapAt(w, 4, 2)!.kind).toBe('engine');
    expect(w.traps.filter((t) => t.kind === 'blade')).toHaveLength(8);
    const cramped = room();
    expect(step(cramped, { type: 'rig', what: 'engine', dx: -1, dy: 0 }).refused).toBe('That trap needs a 3x3 space to be clear, centered two tiles from you.');
  });

  it('refused without time passing: at your feet, off flat floor, on a known trap, on a creature', () => {
    const w = cddaWorld({ map: ["#######", "#.@'~.#", '#.^k..#', '#######'], traps: [{ kind: 'pit', known: true }], sleepingMonsters: true });
    expect(step(w, { type: 'rig', what: 'beartrap', dx: 0, dy: 0 }).refused).toBe('Yeah.  Place the bear trap at your feet.  Real damn smart move.');
    expect(step(w, { type: 'rig', what: 'beartrap', dx: 1, dy: 0 }).refused).toBe("You can't place a bear trap there: it needs flat floor.");
    expect(step(w, { type: 'rig', what: 'beartrap', dx: 0, dy: 1 }).refused).toBe("You can't place a bear trap there.  It contains a trap already.");
    expect(step(w, { type: 'rig', what: 'beartrap', dx: 1, dy: 1 }).refused).toBe("There's a kobold in the way.");
    expect(w.time).toBe(0);
    expect(w.traps).toHaveLength(1);
  });

  it('an unseen trap where you set yours goes off instead, and your item is kept', () => {
    const w = cddaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'beartrap' }] });
    const before = count(w, 'nailboard');
    const r = step(w, { type: 'rig', what: 'board', dx: 1, dy: 0 });
    expect(texts(r.events)).toEqual(expect.arrayContaining(['You trigger a bear trap!', 'A bear trap closes on your foot!']));
    expect(damageTo(r.events, 1)).toHaveLength(1);
    expect(count(w, 'nailboard')).toBe(before);
    expect(w.traps.some((t) => t.kind === 'board')).toBe(false);
  });

  it('burying needs a shovel; without the item the option is greyed out with a reason', () => {
    const w = room({ settings: { startingKit: false } });
    const options = ruleset.rigOptions(w, hero(w));
    expect(options.every((o) => !o.available)).toBe(true);
    expect(options.find((o) => o.id === 'beartrap')!.reason).toBe('You need a bear trap.');
    const kit = room();
    expect(count(kit, 'shovel')).toBe(1);
    edit(kit, (p) => {
      const h = heroIn(p);
      h.inventory = h.inventory.filter((i) => i.kind !== 'shovel');
    });
    expect(count(kit, 'shovel')).toBe(0);
    const buried = ruleset.rigOptions(kit, hero(kit)).find((o) => o.id === 'landmine_buried')!;
    expect(buried.available).toBe(false);
    expect(buried.reason).toBe('You need a shovel to dig with.');
    expect(step(kit, { type: 'rig', what: 'landmine_buried', dx: 1, dy: 0 }).refused).toBe('You need a shovel to dig with.');
  });
});

describe('move points', () => {
  it('100 a turn for an unmodified human: a step, a wait, a search cost 100; a speed-200 actor pays half', () => {
    const w = room();
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(hero(w).nextAct).toBe(100);
    step(w, { type: 'wait' });
    expect(hero(w).nextAct).toBe(200);
    step(w, { type: 'search' });
    expect(hero(w).nextAct).toBe(300);
    const fast = { ...hero(w), speed: 200 };
    expect(ruleset.actionCost(w, fast, { type: 'move', dx: 1, dy: 0 })).toBe(50);
    expect(ruleset.actionCost(w, fast, { type: 'rig', what: 'beartrap', dx: 1, dy: 0 })).toBe(100);
    expect(ruleset.actionCost(w, fast, { type: 'disarm', dx: 1, dy: 0 })).toBe(0);
  });
});
