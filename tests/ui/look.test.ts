import { describe, expect, it } from 'vitest';
import { step } from '../../src/core/engine.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { newGame } from '../../src/core/engine.ts';
import { trapNameIn } from '../../src/core/registry.ts';
import { idx, type World } from '../../src/core/world.ts';
import { GameController } from '../../src/ui/game.ts';
import { describeCell, healthWord } from '../../src/ui/look.ts';
import { createUiStore } from '../../src/ui/store.ts';
import type { GameOptions } from '../../src/ui/url.ts';
import { scenario } from '../support/scenario.ts';

const rules = getRuleset('test');

describe('look mode sentences', () => {
  it('a known trap on the floor: "A spike trap, on stone floor.", and the exact odds of stepping on it', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike', known: true }] });
    // The spike always goes off for 1d4: it always hurts the hero's 20 HP and never kills.
    expect(describeCell(w, rules, 2, 1)).toBe('A spike trap, on stone floor. Stepping on it: it hurts you 100%; it cannot kill you.');
  });

  it('a hidden trap is not mentioned: the cell reads as its floor', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }] });
    expect(describeCell(w, rules, 2, 1)).toBe('Stone floor.');
  });

  it('a monster on a known trap: "A kobold (hostile, unhurt), on a spike trap, on stone floor."', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike', known: true }] });
    // The kobold stands on the trap cell (placed after drawing: the map has one glyph per cell).
    const k = scenario({ ruleset: 'test', map: ['#####', '#@k.#', '#####'] }).actors.find((a) => a.kind === 'kobold')!;
    w.actors.push({ ...k, id: 99 });
    expect(describeCell(w, rules, 2, 1)).toBe('A kobold (hostile, unhurt), on a spike trap, on stone floor.');
  });

  it('names sleep and wounds', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@.o#', '#####'], sleepingMonsters: true, monsters: [{ hp: 5 }] });
    expect(describeCell(w, rules, 3, 1)).toBe('An orc (hostile, asleep, wounded), on stone floor.');
  });

  it('the player is "You"', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
    expect(describeCell(w, rules, 1, 1)).toBe('You (unhurt), on stone floor.');
  });

  it('doors, chests and stairs take an article; a secret door is a wall', () => {
    const w = scenario({
      ruleset: 'test',
      map: ['#######', '#@+C>S#', '#######'],
      traps: [],
    });
    // The player sees through nothing past the closed door: look at what it sees.
    expect(describeCell(w, rules, 2, 1)).toBe('A closed door.');
    const open = scenario({ ruleset: 'test', map: ['#######', "#@'C>S#", '#######'] });
    expect(describeCell(open, rules, 3, 1)).toBe('A chest, on stone floor.');
    expect(describeCell(open, rules, 4, 1)).toBe('A staircase down.');
    expect(describeCell(open, rules, 5, 1)).toBe('A stone wall.');
  });

  it('a known trap on a door', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'dart', known: true, host: 'door' }] });
    // Opening the door: the dart (1d3) always hurts and never kills 20 HP.
    expect(describeCell(w, rules, 2, 1)).toBe('A dart trap, on a closed door. Opening it: it hurts you 100%; it cannot kill you.');
  });

  it('items lying there are named, counted', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
    w.items.push({ id: 50, kind: 'arrow', name: 'arrow', count: 3, x: 2, y: 1 });
    w.items.push({ id: 51, kind: 'gold', name: 'gold coins', count: 12, x: 3, y: 1 });
    expect(describeCell(w, rules, 2, 1)).toBe('3 arrows, on stone floor.');
    expect(describeCell(w, rules, 3, 1)).toBe('12 gold coins, on stone floor.');
  });

  it('never seen, remembered, and off the map', () => {
    // A long corridor with a light radius of 2: the far end has never been seen.
    const w = scenario({ ruleset: 'test', map: ['############', '#@.^......>#', '############'], traps: [{ kind: 'spike', known: true }], settings: { lightRadius: 2 } });
    expect(describeCell(w, rules, 9, 1)).toBe('You have not seen that place.');
    expect(describeCell(w, rules, 3, 1)).toBe('A spike trap, on stone floor. Stepping on it: it hurts you 100%; it cannot kill you.');
    // Walk five cells east: the start of the corridor is now out of sight, but remembered.
    const far = scenario({ ruleset: 'test', map: ['############', '#.@........#', '############'], settings: { lightRadius: 2 } });
    for (let i = 0; i < 5; i++) step(far, { type: 'move', dx: 1, dy: 0 });
    expect(far.actors[0]!.x).toBe(7);
    expect(describeCell(far, rules, 1, 1)).toBe('Stone floor (remembered).');
    expect(describeCell(far, rules, -1, 0)).toBeNull();
  });

  it('each ruleset\'s own words for a trap make one sentence, what it lies on after ", on", details after that', () => {
    // Where the ruleset reads the step exactly, look mode ends with its odds (tested per ruleset).
    const withOdds = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( Stepping on it: .+\\.)?$`);
    const look = (ruleset: string, kind: string, owner: number | null = null) => {
      const w = scenario({ ruleset, map: ['#####', '#@^.#', '#####'], traps: [{ kind, known: true }] });
      w.traps[0]!.owner = owner;
      return describeCell(w, getRuleset(ruleset), 2, 1);
    };
    expect(look('cdda', 'beartrap')).toMatch(/^A bear trap \(visibility \d+, avoidance \d+, difficulty \d+\), on stone floor\. Its jaws snap shut on one of your legs for 10 to 16 damage; /);
    // Cēaptūn reads the step exactly (its numbers are tested in tests/rulesets/ceaptun/stepOdds.test.ts).
    expect(look('ceaptun', 'arrow')).toMatch(/^An arrow trap, on stone floor\. Stepping on it: you avoid it \d+% \(\d+\/\d+\); .*it (kills you|cannot kill you).*\.$/);
    expect(look('omega', 'dart')).toMatch(withOdds('A dart trap, on stone floor.'));
    expect(look('d20', 'darts')).toMatch(withOdds('A fusillade of darts, on stone floor. It is a CR 1 mechanical trap (location trigger, manual reset).'));
    expect(look('wasteland', 'caltrops')).toMatch(withOdds('Caltrops, on stone floor.'));
    expect(look('wasteland', 'bear_trap', 1)).toMatch(withOdds('A bear trap, on stone floor. A hero placed it.'));
    for (const [ruleset, kind] of [['cdda', 'landmine'], ['omega', 'pit'], ['d20', 'pit'], ['wasteland', 'mine']] as const) expect(look(ruleset, kind)).not.toMatch(/\.,|\.\./);
  });

  it('health words', () => {
    expect(healthWord({ hp: 10, maxHp: 10 })).toBe('unhurt');
    expect(healthWord({ hp: 7, maxHp: 10 })).toBe('lightly wounded');
    expect(healthWord({ hp: 4, maxHp: 10 })).toBe('wounded');
    expect(healthWord({ hp: 1, maxHp: 10 })).toBe('badly wounded');
    expect(healthWord({ hp: 0, maxHp: 10 })).toBe('dying');
  });
});

describe('a known trap on a cell never seen (Cēaptūn: "some places show you their traps")', () => {
  // A corridor lit 2 cells around the player: the trap at x 9 is known, its place never seen.
  const corridor = (owner: number | null = null): World => {
    const w = scenario({ ruleset: 'test', map: ['############', '#@.......^>#', '############'], traps: [{ kind: 'spike', known: true, owner }], settings: { lightRadius: 2 } });
    expect(w.visible[idx(w, 9, 1)]).toBe(0);
    expect(w.memory[idx(w, 9, 1)]).toBe(0);
    return w;
  };

  it('looking names the trap and why the player knows of it, not "You have not seen that place."', () => {
    expect(describeCell(corridor(), rules, 9, 1)).toBe('You know of a spike trap here (its place was shown to you when you came to this level), though you have not seen the place itself.');
  });

  it('the reason follows how the player came to know: the debug link, their own trap', () => {
    const w = corridor();
    expect(describeCell(w, rules, 9, 1, { reveal: true })).toBe('You know of a spike trap here (this game shows you every trap: its link asks for them all), though you have not seen the place itself.');
    expect(describeCell(corridor(1), rules, 9, 1)).toBe('You know of a spike trap here (you set it there yourself), though you have not seen the place itself.');
  });

  it('a hidden trap on a never-seen cell stays unsaid', () => {
    const w = corridor();
    w.traps[0]!.knownBy = [];
    expect(describeCell(w, rules, 9, 1)).toBe('You have not seen that place.');
  });

  it('every trap a Cēaptūn level shows from the start, wherever it is, can be looked at', () => {
    const cea = getRuleset('ceaptun');
    const settings = Object.fromEntries(cea.settings.map((d) => [d.name, d.default]));
    const w = newGame({ seed: 'shown-1', ruleset: 'ceaptun', settings: { ...settings, knownLevelChance: 1 }, width: 60, height: 30, style: 'rooms' });
    const unseen = w.traps.filter((t) => w.visible[idx(w, t.x, t.y)] === 0 && w.memory[idx(w, t.x, t.y)] === 0);
    expect(unseen.length).toBeGreaterThan(2);
    for (const t of unseen) {
      const name = trapNameIn(cea, t);
      const article = /^[aeiou]/i.test(name) ? 'an' : 'a';
      expect(describeCell(w, cea, t.x, t.y)).toBe(`You know of ${article} ${name} here (its place was shown to you when you came to this level), though you have not seen the place itself.`);
    }
  });

  it('the controller says which: a game whose link reveals every trap', () => {
    const options: GameOptions = { seed: 'scenario', ruleset: 'test', width: 12, height: 3, style: 'rooms', settings: {} };
    const game = new GameController(createUiStore());
    game.useWorld(corridor(), options);
    game.lookAt(9, 1);
    expect(game.store.getState().look?.text).toMatch(/\(its place was shown to you when you came to this level\)/);
    game.useWorld(corridor(), options, { reveal: true });
    game.lookAt(9, 1);
    expect(game.store.getState().look?.text).toMatch(/\(this game shows you every trap: its link asks for them all\)/);
  });
});
