/**
 * Search, Disable Device, trap kits, noticing, and the characters' traits.
 */
import { rulesetDisarm } from '../../../src/core/traps/disarm.ts';
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { step } from '../../../src/core/engine.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { type Actor, type World, worldHash } from '../../../src/core/world.ts';
import { probeTrap } from '../../support/probe.ts';
import { describeCell } from '../../../src/ui/look.ts';
import { scenario, trapOf } from '../../support/scenario.ts';
import { eventsOf, level3, scripted } from './helpers.ts';
import { edit, player } from '../../../src/core/level.ts';

const d20 = getRuleset('d20');
const TOUGH = { hp: 1000, maxHp: 1000 };

function monster(w: World, kind: string): Actor {
  const m = w.actors.find((a) => a.kind === kind);
  if (!m) throw new Error(`no ${kind}`);
  return m;
}

describe('the hero', () => {
  it('a 3rd-level rogue: SRD hit points, saves, AC and skills with the elite array', () => {
    const w = level3({ ruleset: 'd20', map: ['###', '#@#', '###'] });
    const t = player(w).traits;
    // d6 at 1st level, 4 (3.5 rounded up) after, +1 Con (13) a level: 6 + 4 + 4 + 3.
    expect(player(w).hp).toBe(17);
    // Poor Fort and Will (level / 3 = 1), good Reflex (2 + level / 2 = 3), plus Con +1, Dex +2, Wis +1.
    expect([t.fort, t.ref, t.will]).toEqual([2, 5, 2]);
    // Leather armour +2, Dex +2.
    expect([t.ac, t.touchAc]).toEqual([14, 12]);
    // Class skills: level + 3 = 6 ranks, Int 14 (+2).
    expect([t.search, t.disable, t.trapfinding]).toEqual([8, 8, true]);
    expect(player(w).inventory.map((i) => i.kind)).toEqual(['thieves_tools', 'trap_kit', 'trap_kit']);
  });

  it('the default hero is a 5th-level rogue (issue #39: one who lives through the first depths)', () => {
    const w = scenario({ ruleset: 'd20', map: ['###', '#@#', '###'] });
    const t = player(w).traits;
    // d6 at 1st level, 4 a level after, +1 Con a level: 6 + 4 * 4 + 5.
    expect([t.level, player(w).hp]).toEqual([5, 27]);
    // Good Reflex 2 + 5 / 2 = 4, Dex +2; class skills 5 + 3 = 8 ranks, Int +2.
    expect([t.ref, t.search, t.disable]).toEqual([6, 10, 10]);
  });

  it('a 3rd-level fighter: no trapfinding, no Disable Device, cross-class Search', () => {
    const w = level3({ ruleset: 'd20', map: ['###', '#@#', '###'], settings: { playerClass: 'fighter' } });
    const t = player(w).traits;
    expect(player(w).hp).toBe(10 + 6 + 6 + 3 * 2);
    expect([t.fort, t.ref, t.will]).toEqual([5, 2, 2]);
    expect([t.trapfinding, t.disableRanks, t.searchRanks]).toEqual([false, 0, 3]);
  });

  it('shows its class and trap stats in the HUD', () => {
    const w = level3({ ruleset: 'd20', map: ['###', '#@#', '###'] });
    const hud = Object.fromEntries(d20.hud(w, player(w)).map((l) => [l.label, l.value]));
    expect(hud.Class).toBe('Rogue 3 (trapfinding)');
    expect(hud.Saves).toBe('Fort +2, Ref +5, Will +2');
    expect(hud.Search).toBe('+8');
    expect(hud['Disable Device']).toBe('+8');
  });
});

describe('Search', () => {
  it('d20 + Search against the DC, with no automatic success', () => {
    for (const [natural, found] of [
      [15, false],
      [16, true],
    ] as const) {
      const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'camo_pit' }] });
      const ctx = scripted(w, [natural]); // + 8 against DC 24
      d20.search(ctx, player(w));
      expect(trapOf(w, 'camo_pit').knownBy.includes(1), `natural ${natural}`).toBe(found);
    }
  });

  it('only trapfinding finds a trap with a Search DC over 20; anyone may find DC 20', () => {
    const w = level3({ ruleset: 'd20', map: ['######', '#^@^.#', '######'], traps: [{ kind: 'camo_pit' }, { kind: 'spear' }], settings: { playerClass: 'fighter' }, player: { traits: { search: 100 } } });
    const ctx = scripted(w, [1]); // one roll only: for the spear trap (1 + 100 >= 20)
    d20.search(ctx, player(w));
    expect(trapOf(w, 'camo_pit').knownBy).not.toContain(1);
    expect(trapOf(w, 'spear').knownBy).toContain(1);
    expect(ctx.dice.left).toBe(0);
  });

  it('only trapfinding finds a magic trap (DC 25 + spell level)', () => {
    for (const cls of ['fighter', 'rogue'] as const) {
      const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fire_trap', host: 'door' }], settings: { playerClass: cls } });
      // A rogue rolls 19 + 8 = 27 against 25 + 2; a fighter does not roll at all.
      const ctx = scripted(w, cls === 'rogue' ? [19] : []);
      d20.search(ctx, player(w));
      expect(trapOf(w, 'fire_trap').knownBy.includes(1), cls).toBe(cls === 'rogue');
      expect(ctx.dice.left).toBe(0);
    }
  });

  it('taking 20 counts the roll as 20 and takes 20 rounds', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'camo_pit' }], settings: { take20: true } });
    step(w, { type: 'search' });
    expect(trapOf(w, 'camo_pit').knownBy).toContain(1); // 20 + 8 >= 24
    expect(w.time).toBe(20 * 100);
  });

  it('looks only within searchRadius', () => {
    const w = level3({ ruleset: 'd20', map: ['######', '#@.^.#', '######'], traps: [{ kind: 'spear' }], settings: { searchRadius: 1 } });
    const ctx = scripted(w, []);
    d20.search(ctx, player(w));
    expect(trapOf(w, 'spear').knownBy).not.toContain(1);
  });
});

describe('noticing', () => {
  it('an open pit in view is seen without a Search check', () => {
    const w = level3({ ruleset: 'd20', map: ['######', '#@.^.#', '######'], traps: [{ kind: 'pit' }] });
    // Sprung before the hero came.
    edit(w, (p) => {
      p.traps[0]!.armed = false;
    });
    const r = step(w, { type: 'wait' });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'trapRevealed', how: 'seen', to: 1 }));
  });

  it('with passiveSearch, adjacent traps get a Search check every turn', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear' }], settings: { passiveSearch: true }, player: { traits: { search: 100 } } });
    const r = step(w, { type: 'wait' });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'trapRevealed', how: 'passing' }));
  });

  it('without it, they do not', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear' }], player: { traits: { search: 100 } } });
    step(w, { type: 'wait' });
    expect(trapOf(w, 'spear').knownBy).not.toContain(1);
  });
});

describe('Disable Device', () => {
  // Rogue: 6 ranks + Int 2 = +8 with thieves' tools; the spear trap's DC is 20. Dice: 2d4 rounds, then d20.
  const cases: Array<[number, string, boolean]> = [
    [12, 'disarmed', false], // 20: done
    [8, 'failed', true], // 16: fails by 4, still armed, nothing happens
    [7, 'sprung', false], // 15: fails by 5, the trap goes off
  ];
  for (const [natural, result, stillThere] of cases) {
    it(`natural ${natural} + 8 against DC 20: ${result}`, () => {
      const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear', known: true }], player: TOUGH });
      const trap = trapOf(w, 'spear');
      const ctx = scripted(w, [2, 3, natural, ...(result === 'sprung' ? [1] : [])]);
      rulesetDisarm(ctx, player(w), trap);
      expect(eventsOf(ctx, 'disarmAttempted')[0]!.result).toBe(result);
      expect(w.traps.some((t) => t.id === trap.id)).toBe(stillThere || result === 'sprung');
      expect(eventsOf(ctx, 'trapTriggered').map((e) => e.how)).toEqual(result === 'sprung' ? ['disarm'] : []);
      // 2d4 = 5 rounds: the action's own round plus 4 more.
      expect(eventsOf(ctx, 'acted')[0]!.nextAct).toBe(400);
    });
  }

  it('a sprung pit is an open pit: look, the odds and disarming all say it cannot go off, and the refusal costs nothing', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'camo_pit', known: true }], player: TOUGH });
    const pit = trapOf(w, 'camo_pit');
    // It was sprung before (a manual reset leaves it open).
    edit(w, (p) => {
      p.traps.find((t) => t.id === pit.id)!.armed = false;
    });
    expect(describeCell(w, d20, 2, 1)).toMatch(/^A camouflaged pit trap \(sprung\), on stone floor\./);
    const odds = probeTrap(w, pit.id, { trials: 20 });
    expect(odds.enter.trigger).toBe(0);
    const why = 'The camouflaged pit trap has already been sprung: there is nothing to disarm.';
    expect(odds.disarm).toMatchObject({ available: false, reason: why });
    const before = { hash: worldHash(w), nextAct: player(w).nextAct, time: w.time };
    const r = step(w, { type: 'disarm', dx: 1, dy: 0 });
    expect(r.refused).toBe(why);
    expect({ hash: worldHash(w), nextAct: player(w).nextAct, time: w.time }).toEqual(before);
    // Called straight (as a bot or the probe might), disarm rolls nothing and sets nothing off.
    const ctx = scripted(w, []);
    rulesetDisarm(ctx, player(w), pit);
    expect(eventsOf(ctx, 'trapTriggered')).toEqual([]);
    expect(eventsOf(ctx, 'disarmAttempted')).toEqual([]);
    expect(ctx.events.flatMap((e) => (e.type === 'message' ? [e.text] : []))).toEqual([why]);
  });

  it('every trap that cannot go off now (broken, going off, flooded, sprung) refuses a disarm with its reason', () => {
    const states: Array<[string, Record<string, string | number | boolean>, RegExp]> = [
      ['broken', { broken: true }, /is broken: there is nothing to disarm until it is repaired\.$/],
      ['going off', { onsetLeft: 2 }, /has already gone off: it is too late to disarm it\.$/],
      ['flooded', { flooded: '1,2' }, /has already gone off: there is nothing left to disarm\.$/],
      ['sprung', { rearmIn: 3 }, /has already been sprung: there is nothing to disarm\.$/],
    ];
    for (const [state, data, why] of states) {
      const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear', known: true, data }] });
      edit(w, (p) => {
        trapOf(p, 'spear').armed = false;
      });
      expect(describeCell(w, d20, 2, 1), state).toContain(`(${state})`);
      expect(step(w, { type: 'disarm', dx: 1, dy: 0 }).refused, state).toMatch(why);
    }
  });

  it('without thieves\' tools: -2', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear', known: true }], player: { inventory: [] } });
    const ctx = scripted(w, [1, 1, 13]); // 13 + 8 - 2 = 19
    rulesetDisarm(ctx, player(w), trapOf(w, 'spear'));
    expect(eventsOf(ctx, 'disarmAttempted')[0]!.result).toBe('failed');
  });

  it('is trained only, and only trapfinding disarms a magic trap: refused before any time passes', () => {
    const fighter = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear', known: true }], settings: { playerClass: 'fighter' } });
    expect(step(fighter, { type: 'disarm', dx: 1, dy: 0 }).refused).toMatch(/trained only/);
    expect(fighter.time).toBe(0);
    const trained = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'glyph_blast', known: true }], settings: { playerClass: 'fighter' }, player: { traits: { disableRanks: 4 } } });
    expect(step(trained, { type: 'disarm', dx: 1, dy: 0 }).refused).toMatch(/Only a rogue/);
    const rogue = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'glyph_blast', known: true }], player: { traits: { disable: 100 } } });
    expect(step(rogue, { type: 'disarm', dx: 1, dy: 0 }).refused).toBeUndefined();
    expect(rogue.traps).toHaveLength(0);
    // 2d4 rounds.
    expect(rogue.time).toBeGreaterThanOrEqual(200);
    expect(rogue.time).toBeLessThanOrEqual(800);
  });
});

describe('setting trap kits', () => {
  it('a rogue sets a spear trap kit in a minute; a monster walking in is hurt and the kill is the rogue\'s', () => {
    const w = level3({ ruleset: 'd20', map: ['######', '#@..g#', '######'], sleepingMonsters: true, settings: { resetRounds: 10 } });
    const options = d20.rigOptions(w, player(w));
    expect(options.find((o) => o.id === 'spear')).toMatchObject({ available: true });
    expect(options.find((o) => o.id === 'reset')).toMatchObject({ available: false });
    const r = step(w, { type: 'rig', what: 'spear', dx: 1, dy: 0 });
    expect(r.refused).toBeUndefined();
    const trap = trapOf(w, 'spear');
    expect([trap.x, trap.y, trap.owner]).toEqual([2, 1, 1]);
    expect(trap.knownBy).toEqual([1]);
    expect(player(w).inventory.find((i) => i.data?.trap === 'spear')!.count).toBe(1);
    expect(w.time).toBe(10 * 100);
    const goblin = monster(w, 'goblin');
    const ctx = scripted(w, [20, 20, 8, 8, 8]); // critical: 3 x 1d8 = 24
    ctx.moveActor(goblin, 2, 1, 'walk');
    expect(goblin.alive).toBe(false);
    expect(eventsOf(ctx, 'died')[0]).toMatchObject({ killer: 1, trapKind: 'spear' });
    expect(player(w).xp).toBe(goblin.xp);
  });

  it('refuses a wall or an occupied cell before any time passes; a fighter has no kits', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear' }] });
    expect(step(w, { type: 'rig', what: 'spear', dx: 0, dy: -1 }).refused).toMatch(/bare floor/);
    expect(step(w, { type: 'rig', what: 'spear', dx: 1, dy: 0 }).refused).toMatch(/already a trap/);
    expect(w.time).toBe(0);
    const f = level3({ ruleset: 'd20', map: ['###', '#@#', '###'], settings: { playerClass: 'fighter' } });
    expect(d20.rigOptions(f, player(f)).filter((o) => o.available)).toEqual([]);
  });

  it('a monster that saw its trap go off routes round it after', () => {
    const w = level3({ ruleset: 'd20', map: ['#####', '#@^g#', '#####'], traps: [{ kind: 'spear' }], sleepingMonsters: true, monsters: [TOUGH] });
    const goblin = monster(w, 'goblin');
    const trap = trapOf(w, 'spear');
    expect(d20.monsterKnowsTrap(w, goblin, trap)).toBe(false);
    new StepContext(w).moveActor(goblin, 2, 1, 'walk');
    expect(d20.monsterKnowsTrap(w, goblin, trap)).toBe(true);
  });
});

describe('the trap table', () => {
  it('lists every trap with its CR, price and Craft DC from the designer', () => {
    const byId = Object.fromEntries(d20.traps.map((t) => [t.id, t]));
    // The tables' own figures for the samples named in RULES.md (see designer.test.ts).
    expect(byId.arrow!.columns).toMatchObject({ cr: 1, price: 2000, craftDc: 25, trigger: 'proximity', reset: 'manual' });
    expect(byId.pit!.columns).toMatchObject({ cr: 2, price: 2000, craftDc: 20 });
    expect(byId.wall_scythe!.columns).toMatchObject({ cr: 4, price: 17200, craftDc: 30 });
    expect(byId.ungol_vapor!.columns).toMatchObject({ cr: 5, price: 9000 });
    expect(byId.fire_trap!.columns).toMatchObject({ cr: 3, price: 85, type: 'spell', search: 27, disable: 27 });
    for (const t of d20.traps) for (const c of d20.trapColumns) expect(t.columns, `${t.id}.${c}`).toHaveProperty(c);
  });

  it('every setting has a description and, if numeric, bounds around its default', () => {
    for (const s of d20.settings) {
      expect(s.description.length, s.name).toBeGreaterThan(10);
      if (s.type === 'int' || s.type === 'number') {
        expect(s.min, s.name).toBeLessThanOrEqual(s.default as number);
        expect(s.max, s.name).toBeGreaterThanOrEqual(s.default as number);
      }
    }
  });
});
