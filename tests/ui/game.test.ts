import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.ts';
import { type World, Terrain } from '../../src/core/world.ts';
import { GameController } from '../../src/ui/game.ts';
import { type Command, translateKey } from '../../src/ui/keys.ts';
import { createUiStore } from '../../src/ui/store.ts';
import type { GameOptions } from '../../src/ui/url.ts';
import { type ScenarioOptions, scenario } from '../support/scenario.ts';
import { edit, player } from '../../src/core/level.ts';
import { heroIn } from '../support/heroIn.ts';

const OPTIONS: GameOptions = { seed: 'scenario', ruleset: 'test', width: 40, height: 25, style: 'rooms', settings: {} };

function play(opts: ScenarioOptions) {
  const store = createUiStore();
  const game = new GameController(store);
  const published: Array<{ events: readonly GameEvent[]; fresh: boolean }> = [];
  game.onWorld((_w, events, fresh) => published.push({ events, fresh }));
  const world = game.useWorld(scenario(opts), OPTIONS);
  /** Presses a key the way the page does: translate in the current mode, then handle. */
  const press = (key: string, repeat = false) => {
    const cmd = translateKey({ key }, store.getState().mode);
    if (cmd) game.handle(cmd, { repeat });
    return cmd;
  };
  return { store, game, world, published, press, hero: () => player(world), log: () => store.getState().log.map((l) => l.text) };
}

const corridor = (traps: ScenarioOptions['traps'] = [{ kind: 'spike', known: true }]): ScenarioOptions => ({
  ruleset: 'test',
  map: ['#######', '#@^..>#', '#######'],
  traps,
});

describe('moving', () => {
  it('a movement key moves the player and counts the turn in the HUD', () => {
    const g = play({ ruleset: 'test', map: ['######', '#@...#', '######'] });
    g.press('l');
    expect(g.hero().x).toBe(2);
    expect(g.store.getState().hud?.turn).toBe(1);
    g.press('ArrowRight');
    g.press('6');
    expect(g.hero().x).toBe(4);
    expect(g.store.getState().hud?.turn).toBe(3);
    // Each step was published to the renderer with its events.
    expect(g.published.filter((p) => !p.fresh)).toHaveLength(3);
    expect(g.published[1]!.events.some((e) => e.type === 'moved')).toBe(true);
  });

  it('a refused move says why and takes no turn', () => {
    const g = play({ ruleset: 'test', map: ['####', '#@.#', '####'] });
    g.press('k');
    expect(g.world.turn).toBe(0);
    expect(g.log().at(-1)).toBe('There is a stone wall in the way.');
  });
});

describe('the confirm dialog', () => {
  it('a held key\'s auto-repeat never answers it: holding y next to a trap does not step on', () => {
    const g = play(corridor());
    // y is also the vi key north-west; from a cell beside the trap, l asks, then y held answers nothing.
    g.press('l');
    expect(g.store.getState().mode).toBe('confirm');
    g.press('y', true);
    g.press('y', true);
    expect(g.store.getState().mode).toBe('confirm');
    expect(g.hero().x).toBe(1);
    g.press('y');
    expect(g.hero().x).toBe(2);
  });

  it('stepping toward a known trap asks "Really step onto the spike trap?" and n stays back', () => {
    const g = play(corridor());
    g.press('l');
    expect(g.store.getState().confirm?.text).toBe('Really step onto the spike trap?');
    expect(g.store.getState().mode).toBe('confirm');
    // While it is open, movement keys do nothing.
    g.press('l');
    expect(g.hero().x).toBe(1);
    g.press('n');
    expect(g.store.getState().confirm).toBeNull();
    expect(g.hero().x).toBe(1);
    expect(g.world.turn).toBe(0);
  });

  it('Esc stays back too', () => {
    const g = play(corridor());
    g.press('l');
    g.press('Escape');
    expect(g.store.getState().confirm).toBeNull();
    expect(g.hero().x).toBe(1);
  });

  it('y steps onto it and the trap goes off', () => {
    const g = play(corridor());
    const hp = g.hero().hp;
    g.press('l');
    g.press('y');
    expect(g.hero().x).toBe(2);
    expect(g.world.turn).toBe(1);
    expect(g.hero().hp).toBeLessThan(hp);
    const events = g.published.at(-1)!.events;
    expect(events.some((e) => e.type === 'trapTriggered')).toBe(true);
    expect(events.some((e) => e.type === 'effect' && e.effect === 'flash')).toBe(true);
  });

  it('a held-down movement key stops short of a known trap instead of asking', () => {
    const g = play(corridor());
    g.press('l', true);
    expect(g.store.getState().confirm).toBeNull();
    expect(g.hero().x).toBe(1);
    expect(g.world.turn).toBe(0);
    expect(g.log().at(-1)).toBe('You stop short of the spike trap.');
  });

  it('a hidden trap is walked onto without a question', () => {
    const g = play(corridor([{ kind: 'spike' }]));
    g.press('l');
    expect(g.store.getState().confirm).toBeNull();
    expect(g.hero().x).toBe(2);
  });
});

describe('prompts and menus', () => {
  it('D asks for a direction and disarms that way', () => {
    const g = play(corridor());
    g.press('D');
    expect(g.store.getState().prompt).toMatch(/^Disarm which way\?/);
    g.press('l');
    expect(g.store.getState().prompt).toBeNull();
    const events = g.published.at(-1)!.events;
    expect(events.some((e) => e.type === 'disarmAttempted')).toBe(true);
    expect(g.world.turn).toBe(1);
  });

  it('Esc cancels a direction prompt without a turn', () => {
    const g = play(corridor());
    g.press('D');
    g.press('Escape');
    expect(g.store.getState().prompt).toBeNull();
    expect(g.world.turn).toBe(0);
  });

  it('D at a cell with no known trap is refused with the core\'s reason', () => {
    const g = play(corridor([{ kind: 'spike' }]));
    g.press('D');
    g.press('l');
    expect(g.log().at(-1)).toBe('You know of no trap there.');
    expect(g.world.turn).toBe(0);
  });

  it('R lists rig options; a greyed one says why, an available one asks where and sets it', () => {
    const unskilled = play({ ruleset: 'test', map: ['#####', '#@..#', '#####'], player: { traits: { skill: 0 } } });
    unskilled.press('R');
    const menu = unskilled.store.getState().rigMenu!;
    expect(menu).toEqual([{ id: 'spike', name: 'spike trap', available: false, reason: 'You need skill 1.' }]);
    unskilled.press('a');
    expect(unskilled.log().at(-1)).toBe('You need skill 1.');
    expect(unskilled.store.getState().rigMenu).not.toBeNull();
    unskilled.press('Escape');
    expect(unskilled.store.getState().rigMenu).toBeNull();

    const g = play({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
    g.press('R');
    g.press('a');
    expect(g.store.getState().prompt).toMatch(/^Rig it which way\?/);
    g.press('l');
    expect(g.world.traps).toHaveLength(1);
    expect(g.world.traps[0]).toMatchObject({ kind: 'spike', x: 2, y: 1, owner: 1 });
  });

  it('an option that goes under you (Omega\'s components) asks no direction: chosen, it is set where you stand', () => {
    const g = play({ ruleset: 'omega', map: ['#####', '#.@.#', '#####'], settings: { components: 'snare', dispelScrolls: 1 } });
    g.press('R');
    g.press('a');
    expect(g.store.getState().prompt).toBeNull();
    expect(g.world.traps[0]).toMatchObject({ kind: 'snare', x: 2, y: 1, owner: 1 });
    expect(g.log().at(-1)).toBe('You successfully set a trap at your location.');
    // The scroll of dispelling is read in a direction: that one asks.
    g.press('R');
    g.press('a');
    expect(g.store.getState().prompt).toMatch(/^Rig it which way\?/);
  });

  it('a greyed option chosen says its reason as the log line, once punctuated (wasteland: "(wait)." not "(wait)..")', () => {
    const g = play({ ruleset: 'wasteland', map: ['######', '#@...#', '######'] });
    g.press('l');
    g.press('R');
    g.press('a');
    expect(g.log().at(-1)).toBe('Placing a trap must be your only action this turn: end this turn first (wait).');
  });

  it('o opens the only door next to you without asking; c closes it', () => {
    const g = play({ ruleset: 'test', map: ['#####', '#@+.#', '#####'] });
    g.press('o');
    expect(g.world.terrain[1 * 5 + 2]).toBe(Terrain.DoorOpen);
    g.press('c');
    expect(g.world.terrain[1 * 5 + 2]).toBe(Terrain.DoorClosed);
  });

  it('o asks when two doors are next to you', () => {
    const g = play({ ruleset: 'test', map: ['#####', '#+@+#', '#####'] });
    g.press('o');
    expect(g.store.getState().prompt).toMatch(/^Open which way\?/);
    g.press('h');
    expect(g.world.terrain[1 * 5 + 1]).toBe(Terrain.DoorOpen);
    expect(g.world.terrain[1 * 5 + 3]).toBe(Terrain.DoorClosed);
  });

  it('K kicks, s searches, . waits, > off the stairs travels to them (here: not seen)', () => {
    const g = play({ ruleset: 'test', map: ['#####', '#@L.#', '#####'] });
    g.press('K');
    expect(g.log().some((l) => l.startsWith('WHAMM!'))).toBe(true);
    const t = g.world.turn;
    g.press('s');
    g.press('.');
    expect(g.world.turn).toBe(t + 2);
    g.press('>');
    expect(g.log().at(-1)).toBe('You have not found the stairs down yet.');
    expect(g.world.turn).toBe(t + 2);
  });
});

describe('look mode', () => {
  it('x names the player\'s cell; moving the cursor names the next one; Esc leaves', () => {
    const g = play(corridor());
    g.press('x');
    expect(g.store.getState().look).toEqual({ x: 1, y: 1, text: 'You (unhurt), on stone floor.' });
    g.press('l');
    expect(g.store.getState().look).toEqual({ x: 2, y: 1, text: 'A spike trap, on stone floor. Stepping on it: it hurts you 100%; it cannot kill you.' });
    // Looking takes no time.
    expect(g.world.turn).toBe(0);
    g.press('Escape');
    expect(g.store.getState().look).toBeNull();
    expect(g.store.getState().mode).toBe('play');
  });

  it('a click looks at a cell; the cursor stays on the map', () => {
    const g = play(corridor());
    g.game.lookAt(5, 1);
    expect(g.store.getState().look?.text).toBe('A staircase down.');
    g.game.lookAt(-3, 99);
    expect(g.store.getState().look).toMatchObject({ x: 0, y: 2 });
  });
});

describe('the end of a game', () => {
  it('a trap that kills names itself on the death screen', () => {
    const g = play({ ...corridor(), player: { hp: 1 } });
    g.press('l');
    g.press('y');
    const over = g.store.getState().over;
    // Died on the first move: turn 1, the turn the HUD shows.
    expect(over).toEqual({ won: false, dead: true, cause: 'Killed by a spike trap', seed: 'scenario', ruleset: 'test', turn: 1, depth: 1, lure: null });
    expect(g.store.getState().hud?.turn).toBe(1);
    expect(g.store.getState().mode).toBe('over');
    // Nothing moves any more; N opens the new game panel.
    g.press('h');
    expect(g.hero().x).toBe(2);
    g.press('N');
    expect(g.store.getState().overlay).toBe('newGame');
  });

  it('the turn limit ends the game ("Ran out of time")', () => {
    const g = play({ ruleset: 'test', map: ['#####', '#@..#', '#####'], settings: { turnLimit: 10 } });
    for (let i = 0; i < 12; i++) g.press('.');
    expect(g.store.getState().over).toMatchObject({ cause: 'Ran out of time', dead: false, won: false, turn: 10 });
    expect(g.world.turn).toBe(10);
  });
});

describe('overlays', () => {
  it('? opens help and takes the keys until closed', () => {
    const g = play({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
    g.press('?');
    expect(g.store.getState().overlay).toBe('help');
    g.press('l');
    expect(g.hero().x).toBe(1);
    g.press('Escape');
    expect(g.store.getState().overlay).toBeNull();
    g.press('l');
    expect(g.hero().x).toBe(2);
  });
});

describe('a new game', () => {
  it('start() builds the level from the options, and reveal marks every trap known', () => {
    const store = createUiStore();
    const game = new GameController(store);
    const options: GameOptions = { seed: 'ui-test', ruleset: 'test', width: 60, height: 30, style: 'rooms', settings: { monsters: 0 } };
    const w: World = game.start(options, { reveal: true });
    expect(w.seed).toBe('ui-test');
    expect(w.width).toBe(60);
    expect(w.actors).toHaveLength(1);
    expect(w.traps.length).toBeGreaterThan(0);
    for (const t of w.traps) expect(t.knownBy).toContain(w.playerId);
    expect(store.getState().options).toEqual(options);
    expect(store.getState().log).toHaveLength(1);
    const again = new GameController(createUiStore()).start(options);
    expect(Array.from(again.terrain)).toEqual(Array.from(w.terrain));
    expect(again.traps.every((t) => t.knownBy.length === 0)).toBe(true);
  });
});

it('commands only reach the game through the current mode', () => {
  const g = play(corridor());
  const cmds: Array<Command | null> = [g.press('x'), g.press('s')];
  expect(cmds[0]).toEqual({ type: 'look' });
  // In look mode `s` means nothing: no search happened.
  expect(cmds[1]).toBeNull();
  expect(g.world.turn).toBe(0);
});

describe('setting off the square beneath you', () => {
  it('@ sets off a trap under the player, and says "Nothing happens." on bare floor, a turn each', () => {
    const g = play({ ruleset: 'test', map: ['#####', '#@..#', '#####'], traps: [], player: { hp: 50 } });
    g.press('@');
    expect(g.log()).toContain('Nothing happens.');
    expect(g.store.getState().hud?.turn).toBe(1);
    // The player stands on a hidden spike trap (drawn next to it, then moved onto it).
    const h = play({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }], player: { hp: 50 } });
    edit(h.world, (w) => {
      heroIn(w).x = 2;
    });
    h.press('@');
    expect(h.hero().hp).toBeLessThan(50);
  });
});

describe('q near full health asks first', () => {
  const part = (hp: number, max = 84) => ({ hp, max });
  const whole = { head: part(84), torso: part(84), arm_l: part(84), arm_r: part(84), leg_l: part(84), leg_r: part(84) };
  const survivor = (parts: typeof whole) =>
    play({
      ruleset: 'cdda',
      map: ['#######', '#..@..#', '#######'],
      settings: { monsters: 0, regenTurns: 0, firstAidKits: 1, firstAidHeal: 20 },
      player: { hp: Object.values(parts).reduce((s, p) => s + p.hp, 0), maxHp: 6 * 84, parts },
    });
  const kits = (g: ReturnType<typeof play>) => g.hero().inventory.find((i) => i.kind === 'first_aid')?.count ?? 0;

  it('a first aid kit on a torso 3 HP down (a kit restores 20): asked, n keeps it, y applies it', () => {
    const g = survivor({ ...whole, torso: part(81) });
    g.press('q');
    expect(g.store.getState().confirm).toMatchObject({ text: 'Your torso has lost only 3 HP; a kit restores 20. Apply the first aid kit anyway?', go: 'Apply it', stay: 'Keep it' });
    expect(g.world.turn).toBe(0);
    g.press('n');
    expect(kits(g)).toBe(1);
    expect(g.world.turn).toBe(0);
    g.press('q');
    g.press('y');
    expect(kits(g)).toBe(0);
    expect(g.hero().parts!.torso!.hp).toBe(84);
  });

  it('a kit that would be well used is applied at once', () => {
    const g = survivor({ ...whole, arm_l: part(50) });
    g.press('q');
    expect(g.store.getState().confirm).toBeNull();
    expect(kits(g)).toBe(0);
  });

  it('an Omega potion at full health with no poison would do nothing: asked', () => {
    const g = play({ ruleset: 'omega', map: ['#######', '#..@..#', '#######'], settings: { monsters: 0, regenTurns: 0 } });
    g.press('q');
    expect(g.store.getState().confirm?.text).toBe('You are not hurt or poisoned: it would do nothing. Quaff the potion of healing anyway?');
  });
});
