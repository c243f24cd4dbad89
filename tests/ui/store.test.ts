import { describe, expect, it } from 'vitest';
import { getRuleset } from '../../src/core/registry.ts';
import { appendLog, createUiStore, hudOf, keyModeOf, LOG_LIMIT, logText, patch } from '../../src/ui/store.ts';
import { scenario } from '../support/scenario.ts';

describe('the UI store', () => {
  it('the innermost open thing decides what keys mean', () => {
    const none = { overlay: null, confirm: null, rigMenu: null, prompt: null, look: null, over: null };
    expect(keyModeOf(none)).toBe('play');
    expect(keyModeOf({ ...none, look: { x: 0, y: 0, text: '' } })).toBe('look');
    expect(keyModeOf({ ...none, look: { x: 0, y: 0, text: '' }, prompt: 'p' })).toBe('direction');
    expect(keyModeOf({ ...none, confirm: { text: 't', trapName: 'n' }, prompt: 'p' })).toBe('confirm');
    expect(keyModeOf({ ...none, overlay: 'help', confirm: { text: 't', trapName: 'n' } })).toBe('help');
    expect(keyModeOf({ ...none, overlay: 'newGame' })).toBe('panel');
    expect(keyModeOf({ ...none, over: { won: false, dead: true, cause: 'c', seed: 's', ruleset: 'r', turn: 1, depth: 1, lure: null } })).toBe('over');
  });

  it('patch keeps mode in step', () => {
    const store = createUiStore();
    patch(store, { prompt: 'Disarm which way?' });
    expect(store.getState().mode).toBe('direction');
    patch(store, { prompt: null });
    expect(store.getState().mode).toBe('play');
  });

  it('the log keeps the newest lines up to its limit, each with a fresh id', () => {
    const store = createUiStore();
    for (let i = 0; i < LOG_LIMIT + 20; i++) appendLog(store, [{ text: `line ${i}`, tone: 'info' }], i);
    const log = store.getState().log;
    expect(log).toHaveLength(LOG_LIMIT);
    expect(log[0]!.text).toBe('line 20');
    expect(log.at(-1)!.text).toBe(`line ${LOG_LIMIT + 19}`);
    expect(new Set(log.map((l) => l.id)).size).toBe(LOG_LIMIT);
  });

  it('a line said again straight after itself is counted on that line, not repeated', () => {
    const store = createUiStore();
    const wall = { text: 'There is a stone wall in the way.', tone: 'info' as const };
    appendLog(store, [wall], 1);
    const id = store.getState().log[0]!.id;
    appendLog(store, [wall], 1);
    appendLog(store, [wall, wall], 2);
    expect(store.getState().log.map(logText)).toEqual(['There is a stone wall in the way. (×4)']);
    expect(store.getState().log[0]!).toMatchObject({ id, turn: 2, repeat: 4 });
    // Another line between, or the same words in another tone, start a new line.
    appendLog(store, [{ text: 'You search and find nothing.', tone: 'info' }, wall, { ...wall, tone: 'bad' }], 3);
    expect(store.getState().log.map(logText)).toEqual([
      'There is a stone wall in the way. (×4)',
      'You search and find nothing.',
      'There is a stone wall in the way.',
      'There is a stone wall in the way.',
    ]);
  });

  it('conditions read as words; a ruleset\'s own bookkeeping (wasteland\'s action-point counters) is not one', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['####', '#@.#', '####'] });
    const hero = w.actors.find((a) => a.id === w.playerId)!;
    hero.status = { turnRound: 8, turnActs: 1, turnLost: 1, turnOver: 1, heldUntil: 9, slowed: 1, lostActions: 2, held: 0 };
    expect(hudOf(w, getRuleset('wasteland')).status).toEqual(['slowed 1', 'lost actions 2']);
    // Another ruleset hides none of them.
    hero.status = { in_pit: 3, turnActs: 1 };
    expect(hudOf(w, getRuleset('test')).status).toEqual(['in pit 3', 'turn acts 1']);
  });

  it('a status the ruleset\'s own lines already say is not listed again', () => {
    const c = scenario({ ruleset: 'cdda', map: ['####', '#@.#', '####'] });
    c.actors.find((a) => a.id === c.playerId)!.status = { in_pit: 3, bleeding: 2 };
    const cdda = hudOf(c, getRuleset('cdda'));
    expect(cdda.stats.find((l) => l.label === 'Condition')?.value).toBe('in a pit');
    expect(cdda.status).toEqual(['bleeding 2']);
    const o = scenario({ ruleset: 'omega', map: ['####', '#@.#', '####'] });
    o.actors.find((a) => a.id === o.playerId)!.status = { poisoned: 1, held: 2 };
    const omega = hudOf(o, getRuleset('omega'));
    expect(omega.stats.filter((l) => l.label === 'Poisoned' || l.label === 'Immobile').map((l) => l.value)).toEqual(['1', '2']);
    expect(omega.status).toEqual([]);
  });

  it('the HUD shows HP per body part where the player has them, and the ruleset\'s stats', () => {
    const w = scenario({
      ruleset: 'test',
      map: ['####', '#@.#', '####'],
      player: { hp: 30, maxHp: 40, parts: { head: { hp: 10, max: 10 }, torso: { hp: 8, max: 20 } } },
    });
    const hud = hudOf(w, getRuleset('test'));
    expect(hud.hp).toEqual({ label: 'HP', value: 30, max: 40 });
    expect(hud.parts).toEqual([
      { label: 'head', value: 10, max: 10 },
      { label: 'torso', value: 8, max: 20 },
    ]);
    expect(hud.stats).toEqual([{ label: 'Skill', value: '2' }]);
    expect(hud.level).toEqual([{ label: 'Danger', value: '1' }]);
    expect(hud.depth).toBe(1);
    expect(hud.turn).toBe(0);
  });

  it('a ruleset line repeating HP or a body part is shown once, as the meter (with the ruleset\'s name)', () => {
    const w = scenario({
      ruleset: 'test',
      map: ['####', '#@.#', '####'],
      player: { hp: 30, maxHp: 40, parts: { arm_l: { hp: 7, max: 10 }, head: { hp: 10, max: 10 } } },
    });
    const repeating = {
      ...getRuleset('test'),
      hud: () => [
        { label: 'HP', value: '30/40' },
        { label: 'Left arm', value: '7/10' },
        { label: 'Head', value: '9/10' },
        { label: 'Dex', value: '8' },
      ],
    };
    w.level = { danger: 2, depth: 1 };
    const hud = hudOf(w, repeating);
    expect(hud.parts).toEqual([
      { label: 'Left arm', value: 7, max: 10 },
      { label: 'head', value: 10, max: 10 },
    ]);
    // "Head 9/10" disagrees with the part's 10/10, so it is kept: nothing is hidden that differs.
    expect(hud.stats).toEqual([
      { label: 'Head', value: '9/10' },
      { label: 'Dex', value: '8' },
    ]);
    expect(hud.level).toEqual([{ label: 'Danger', value: '2' }]);
  });
});

describe('the level lines', () => {
  it("show what the ruleset's own stats do not: Omega's location and D once, the dungeon flag; d20's CR once", async () => {
    const { hudOf } = await import('../../src/ui/store.ts');
    const { getRuleset } = await import('../../src/core/registry.ts');
    const { scenario } = await import('../support/scenario.ts');
    const w = scenario({ ruleset: 'omega', map: ['####', '#@.#', '####'] });
    const hud = hudOf(w, getRuleset('omega'));
    // Omega's HUD has "Difficulty D" and "Omega location"; the level adds only the dungeon flag.
    expect(hud.stats.some((s) => s.label === 'Difficulty D')).toBe(true);
    expect(hud.level.map((l) => l.label)).toEqual(['Dungeon']);
    // d20's "Trap CR here" says the level's cr: no "Cr" line beside it.
    const d20 = scenario({ ruleset: 'd20', map: ['####', '#@.#', '####'] });
    expect(hudOf(d20, getRuleset('d20')).level).toEqual([]);
  });
});
