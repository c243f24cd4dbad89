/**
 * The trap designer form (src/ui/designer): fields per kind, figures per input, SRD samples that
 * load with their listed figures, bad values named, and a designed trap placed in a d20 level —
 * the level as it stands becomes a scenario with the trap, a recorded game on it — and stepped on. Expected figures come from the SRD (as RULES.md and
 * the samples' `listed` quote them) or from plain loops in the test.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.ts';
import { worldHash } from '../../src/core/world.ts';
import { DESIGN_FIELDS, type DesignInputs, designedTrapData, SRD_SAMPLES, sampleByName } from '../../src/rulesets/d20/designer.ts';
import { scenarioWorld } from '../../src/core/scenario.ts';
import { step } from '../../src/core/engine.ts';
import { evaluate, fieldsFor, type FormState, formOfSample, sampleGroups } from '../../src/ui/designer/form.ts';
import { placeBlocker, placeDesigned } from '../../src/ui/designer/place.ts';
import { GameController } from '../../src/ui/game.ts';
import { translateKey } from '../../src/ui/keys.ts';
import { ShareSession } from '../../src/ui/share/session.ts';
import { SaveStore } from '../../src/share/saves.ts';
import { createUiStore } from '../../src/ui/store.ts';
import type { GameOptions } from '../../src/ui/url.ts';
import { type ScenarioOptions, scenario } from '../support/scenario.ts';
import { player, trapAt } from '../../src/core/level.ts';

const figure = (form: FormState, key: string) => evaluate(form).figures.find((f) => f.key === key)?.value;
const sampleForm = (name: string) => formOfSample(sampleByName(name)!);

describe('the form fields', () => {
  it('shows only the fields of the chosen kind', () => {
    const mech = fieldsFor('mechanical').map((f) => f.name);
    const magic = fieldsFor('device').map((f) => f.name);
    expect(mech).toContain('reflex-dc');
    expect(mech).toContain('pit-spikes');
    expect(mech).not.toContain('spell-level');
    expect(magic).toContain('spell-level');
    expect(magic).toContain('caster-level');
    expect(magic).not.toContain('reflex-dc');
    // Shared fields appear in both; the `magic` input is the kind choice, not a field.
    for (const n of ['trigger', 'reset', 'damage', 'avg-damage', 'multiple-targets']) {
      expect(mech).toContain(n);
      expect(magic).toContain(n);
    }
    expect([...mech, ...magic]).not.toContain('magic');
    // Every other designer input is in one of the two forms.
    for (const f of DESIGN_FIELDS) if (f.name !== 'magic') expect([...mech, ...magic]).toContain(f.name);
  });
});

describe('figures as the form is edited', () => {
  it('a 40-ft. pit: CR 2, base cost 1,000 gp, price 2,000 gp, Craft DC 20 (RULES.md: pit trap 40 ft.)', () => {
    const form = { kind: 'mechanical' as const, values: { trigger: 'location', reset: 'manual', 'reflex-dc': '20', damage: '4d6' } };
    const e = evaluate(form);
    expect(e.fieldErrors).toEqual({});
    expect(e.inputs).toEqual({ trigger: 'location', reset: 'manual', 'reflex-dc': 20, damage: '4d6' });
    expect(Object.fromEntries(e.figures.map((f) => [f.key, f.value]))).toEqual({ cr: '2', baseCost: '1,000 gp', price: '2,000 gp', craftDc: '20' });
    // One more input changes the figures: spikes add +1 CR (RULES.md), so CR 3 and 3,000 gp.
    const spiked = { ...form, values: { ...form.values, 'pit-spikes': true } };
    expect(figure(spiked, 'cr')).toBe('3');
    expect(figure(spiked, 'price')).toBe('3,000 gp');
  });

  it('a proximity trigger and an automatic reset each add 5 to the Craft DC (SRD table: CR 1-3 base 20)', () => {
    const base = { trigger: 'location', reset: 'manual', attack: '10', damage: '1d6' };
    expect(figure({ kind: 'mechanical', values: base }, 'craftDc')).toBe('20');
    expect(figure({ kind: 'mechanical', values: { ...base, trigger: 'proximity' } }, 'craftDc')).toBe('25');
    expect(figure({ kind: 'mechanical', values: { ...base, trigger: 'proximity', reset: 'automatic' } }, 'craftDc')).toBe('30');
  });

  it('a magic device trap shows gp, XP and its Search, Disable and save DCs', () => {
    const e = evaluate({ kind: 'device', values: { 'spell-level': '3', 'caster-level': '5', 'automatic-reset': true, damage: '5d6' } });
    expect(e.inputs.magic).toBe('device');
    // The SRD's Lightning Bolt Trap (CR 4): 7,500 gp, 600 XP, Search and Disable DC 28, Reflex DC 14.
    expect(e.figures.map((f) => [f.key, f.value])).toEqual([
      ['cr', '4'],
      ['price', '7,500 gp'],
      ['xp', '600 XP'],
      ['searchDc', '28'],
      ['disableDc', '28'],
      ['saveDc', '14'],
    ]);
  });

  it('gives the breakdown and the warnings with the figures', () => {
    const e = evaluate({ kind: 'mechanical', values: { trigger: 'location', reset: 'manual', damage: '2d6', 'never-miss': true } });
    expect(e.design?.warnings.join(' ')).toMatch(/onset/);
    expect(e.design?.crLines.length).toBeGreaterThan(0);
  });
});

describe('bad values', () => {
  it('a value out of bounds is named by its field, and nothing is computed', () => {
    const e = evaluate({ kind: 'mechanical', values: { trigger: 'location', reset: 'manual', 'search-dc': '120', attack: 'ten' } });
    expect(e.fieldErrors['search-dc']).toBe('Search DC: 120 is above the maximum 99');
    expect(e.fieldErrors.attack).toMatch(/^Attack bonus: expected a whole number, got "ten"/);
    expect(e.design).toBeNull();
    expect(e.figures).toEqual([]);
  });

  it('inputs that are each fine but clash get the designer\'s message with the labels, and the fields it names', () => {
    const e = evaluate({ kind: 'mechanical', values: { trigger: 'location', reset: 'manual', attack: '10', 'reflex-dc': '20', damage: '1d6' } });
    expect(e.error?.text).toBe('“Attack bonus” and “Reflex save DC” cannot both be given: a trap makes an attack or allows a save');
    expect(e.error?.fields).toEqual(['attack', 'reflex-dc']);
  });

  it('bad damage dice are named', () => {
    const e = evaluate({ kind: 'mechanical', values: { trigger: 'location', reset: 'manual', attack: '10', damage: 'two dice' } });
    expect(e.error?.fields).toEqual(['damage']);
    expect(e.error?.text).toMatch(/^“Damage”/);
  });

  it('user text is kept as text (it is never markup)', () => {
    const e = evaluate({ kind: 'mechanical', values: { trigger: 'location', reset: 'manual', attack: '<img src=x onerror=alert(1)>' } });
    expect(e.fieldErrors.attack).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('the SRD samples', () => {
  it('lists the RULES.md samples first, then the others that agree with the tables, each once', () => {
    const groups = sampleGroups();
    expect(groups[0]!.samples.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Basic Arrow Trap', 'Pit Trap (40 ft. deep)', 'Camouflaged Pit Trap (CR 2)', 'Wall Scythe Trap', 'Water-Filled Room Trap (CR 4)', 'Ungol Dust Vapor Trap', 'Poison Dart Trap', 'Swinging Block Trap', 'Javelin Trap', 'Rolling Rock Trap']),
    );
    expect(groups[0]!.samples).toHaveLength(10);
    expect(groups[0]!.samples.length + groups[1]!.samples.length).toBe(SRD_SAMPLES.length);
  });

  it.each([
    // Figures as the SRD lists them.
    ['Basic Arrow Trap', { cr: '1', price: '2,000 gp' }],
    ['Wall Scythe Trap', { cr: '4', price: '17,200 gp' }],
    ['Ungol Dust Vapor Trap', { cr: '5', price: '9,000 gp' }],
    ['Poison Dart Trap', { cr: '1', price: '700 gp' }],
    ['Fire Trap (CR 3)', { cr: '3', price: '85 gp', xp: '0 XP', searchDc: '27', disableDc: '27', saveDc: '13' }],
    ['Destruction Trap', { cr: '8', price: '45,500 gp', xp: '3,640 XP', searchDc: '32', disableDc: '32', saveDc: '20' }],
  ])('%s loads with the SRD figures', (name, expected) => {
    const shown = Object.fromEntries(evaluate(sampleForm(name)).figures.map((f) => [f.key, f.value]));
    expect(shown).toMatchObject(expected);
  });

  it('every sample in the list shows its listed figures once loaded', () => {
    for (const s of SRD_SAMPLES) {
      const shown = Object.fromEntries(evaluate(formOfSample(s)).figures.map((f) => [f.key, f.value.replace(/[^0-9]/g, '')]));
      for (const [k, v] of Object.entries(s.listed)) expect(shown[k], `${s.name} ${k}`).toBe(String(v));
    }
  });
});

// ------------------------------------------------------------------ placing in the level

const D20: GameOptions = { seed: 'designer', ruleset: 'd20', width: 40, height: 25, style: 'rooms', settings: {} };

function d20Game(opts: Partial<ScenarioOptions> = {}) {
  const store = createUiStore();
  const game = new GameController(store);
  const published: Array<{ events: readonly GameEvent[]; fresh: boolean }> = [];
  game.onWorld((_w, events, fresh) => published.push({ events, fresh }));
  // Big enough to be a scenario (10 x 5, stairs down): placing a trap makes the level one.
  const world = game.useWorld(scenario({ ruleset: 'd20', map: ['##########', '#@......>#', '#........#', '#........#', '##########'], ...opts }), D20);
  const press = (key: string) => {
    const cmd = translateKey({ key }, store.getState().mode);
    if (cmd) game.handle(cmd);
  };
  return { store, game, world, published, press };
}

/** Every total of n dice of `sides` faces, by plain loops: the range of nds. */
function diceRange(n: number, sides: number): [number, number] {
  let totals = [0];
  for (let i = 0; i < n; i++) {
    const next: number[] = [];
    for (const t of totals) for (let f = 1; f <= sides; f++) next.push(t + f);
    totals = [...new Set(next)];
  }
  return [Math.min(...totals), Math.max(...totals)];
}

describe('placing a designed trap', () => {
  /** Places the design at the cell asked for; the game on the level with the trap starts. */
  const placeAndPlay = (g: ReturnType<typeof d20Game>, inputs: DesignInputs, x: number, y: number, name: string) => {
    const r = placeDesigned(g.game, inputs, x, y, name);
    if ('refused' in r) throw new Error(r.refused);
    g.game.start(r.options);
    return r;
  };

  it('asks for a cell; the level as it stands, with the trap in it, becomes a scenario, and a game on it goes on from where the player stands', () => {
    const g = d20Game();
    g.press('l');
    expect(g.world.turn).toBeGreaterThan(0);
    const inputs = evaluate(sampleForm('Pit Trap (40 ft. deep)')).inputs;
    let placed: ReturnType<typeof placeDesigned> | null = null;
    g.game.askPlace((x, y) => {
      placed = placeDesigned(g.game, inputs, x, y, 'Pit Trap (40 ft. deep)');
    });
    expect(g.store.getState().mode).toBe('direction');
    expect(g.store.getState().prompt).toMatch(/Place the designed trap where\?/);
    g.press('l');
    const r = placed! as Exclude<ReturnType<typeof placeDesigned>, { refused: string }>;
    expect(r.scenario.map).toEqual(['##########', '#.@.....>#', '#........#', '#........#', '##########']);
    expect(r.scenario.traps).toEqual([{ kind: 'designed', x: 3, y: 1, known: true, design: { name: 'Pit Trap (40 ft. deep)', inputs } }]);
    expect(r.text).toMatch(/^You place the Pit Trap \(40 ft\. deep\) on the floor\. The level as it stood, with the trap, is a scenario now/);
    // Placing changes nothing by itself: the running world is as it was.
    expect(g.world.traps).toEqual([]);
    const world = g.game.start(r.options);
    const trap = trapAt(world, 3, 1)!;
    expect(trap).toMatchObject({ kind: 'designed', host: { kind: 'floor' }, knownBy: [world.playerId], owner: null, armed: true });
    expect(trap.data).toEqual(designedTrapData(inputs, 'Pit Trap (40 ft. deep)'));
    expect([player(world).x, player(world).y, world.turn]).toEqual([2, 1, 0]);
    expect(g.game.options?.scenario).toEqual(r.scenario);
  });

  it('a click on the map answers the question; a wall or a cell with a trap is refused', () => {
    const g = d20Game();
    const inputs = { trigger: 'location', reset: 'manual', attack: 10, damage: '1d6' };
    const answers: string[] = [];
    const ask = () =>
      g.game.askPlace((x, y) => {
        const r = placeDesigned(g.game, inputs, x, y, '');
        if ('refused' in r) answers.push(r.refused);
        else {
          g.game.start(r.options);
          answers.push(`placed ${x},${y}`);
        }
      });
    expect(g.game.pickCell(3, 1)).toBe(false); // nothing asked yet
    ask();
    expect(g.game.pickCell(3, 1)).toBe(true);
    ask();
    g.game.pickCell(3, 0);
    ask();
    g.game.pickCell(3, 1);
    expect(answers).toEqual(['placed 3,1', expect.stringMatching(/wall/), expect.stringMatching(/already/)]);
    expect(g.game.world!.traps.filter((t) => t.kind === 'designed')).toHaveLength(1);
    // Esc leaves the question without placing anything.
    ask();
    g.press('Escape');
    expect(g.store.getState().prompt).toBeNull();
    expect(g.game.pickCell(4, 1)).toBe(false);
  });

  it('placing needs a d20 game, and a design that makes a trap', () => {
    const store = createUiStore();
    const game = new GameController(store);
    game.useWorld(scenario({ ruleset: 'test', map: ['####', '#@.#', '####'] }), { ...D20, ruleset: 'test' });
    expect(placeBlocker(game)).toMatch(/needs a d20 game/);
    const r = placeDesigned(game, { trigger: 'location', reset: 'manual', attack: 10, damage: '1d6' }, 2, 1, 'x');
    expect(r).toEqual({ refused: expect.stringMatching(/needs a d20 game/) });
    expect(game.world!.traps).toHaveLength(0);
    const g = d20Game();
    expect(placeDesigned(g.game, { trigger: 'location', reset: 'manual', attack: 10, damage: 'lots' }, 2, 1, 'x')).toEqual({ refused: expect.stringMatching(/damage/) });
  });

  it('a designed pit placed next to the player plays by its elements when stepped on: 4d6 falling damage or a save', () => {
    const [lo, hi] = diceRange(4, 6);
    let falls = 0;
    for (let i = 0; i < 12; i++) {
      const g = d20Game({ seed: `pit-${i}`, player: { hp: 1000, maxHp: 1000, traits: { ref: -100 } } });
      placeAndPlay(g, { trigger: 'location', reset: 'manual', 'reflex-dc': 20, damage: '4d6' }, 2, 1, 'test pit');
      // The character goes on as it was: its hit points and its Reflex.
      expect(player(g.game.world!)).toMatchObject({ hp: 1000, traits: expect.objectContaining({ ref: -100 }) });
      g.press('l');
      // The trap is known: the game asks first (naming the kind, as for every trap).
      // It goes by the name it was given.
      expect(g.store.getState().confirm?.text).toBe('Really step onto the test pit?');
      g.press('y');
      const events = g.published.at(-1)!.events;
      expect(events).toContainEqual(expect.objectContaining({ type: 'trapTriggered', kind: 'designed' }));
      const fall = events.filter((e) => e.type === 'damaged' && e.damageType === 'falling').reduce((s, e) => s + (e.type === 'damaged' ? e.amount : 0), 0);
      if (events.some((e) => e.type === 'trapAvoided')) expect(fall).toBe(0);
      else {
        falls++;
        expect(fall).toBeGreaterThanOrEqual(lo);
        expect(fall).toBeLessThanOrEqual(hi);
      }
    }
    // Reflex -100 saves only on a natural 20: most of the twelve fall.
    expect(falls).toBeGreaterThanOrEqual(6);
  });

  it('a designed arrow trap attacks: 1d8 + ranged strength 2 per hit, so 3 to 10', () => {
    const [lo, hi] = diceRange(1, 8);
    let hits = 0;
    for (let i = 0; i < 12; i++) {
      const g = d20Game({ seed: `arrow-${i}`, player: { hp: 1000, maxHp: 1000, traits: { ac: -100, touchAc: -100 } } });
      placeAndPlay(g, { trigger: 'location', reset: 'manual', attack: 10, damage: '1d8', 'ranged-str': 2 }, 2, 1, 'test arrows');
      g.press('l');
      g.press('y');
      const events = g.published.at(-1)!.events;
      expect(events).toContainEqual(expect.objectContaining({ type: 'trapTriggered', kind: 'designed' }));
      const dmg = events.filter((e) => e.type === 'damaged' && e.actor === g.game.world!.playerId).reduce((s, e) => s + (e.type === 'damaged' ? e.amount : 0), 0);
      if (dmg > 0) {
        hits++;
        expect(dmg).toBeGreaterThanOrEqual(lo + 2);
        expect(dmg).toBeLessThanOrEqual(hi + 2);
      }
      expect(player(g.game.world!).hp).toBe(1000 - dmg);
    }
    // Against AC -100 only a natural 1 misses.
    expect(hits).toBeGreaterThanOrEqual(6);
  });
});

describe('a game with a placed trap is recorded', () => {
  it('the share session records the game on the level with the trap: its file replays to the running world', () => {
    const store = createUiStore();
    const game = new GameController(store);
    game.start({ ...D20, seed: 'placed-1' });
    const data = new Map<string, string>();
    const session = new ShareSession(game, store, new SaveStore({ getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }));
    expect(session.recording).not.toBeNull();
    const hero = player(game.world!);
    // Any free floor cell next to the hero.
    const spots = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1]] as const;
    let placed: Exclude<ReturnType<typeof placeDesigned>, { refused: string }> | null = null;
    for (const [dx, dy] of spots) {
      const r = placeDesigned(game, { trigger: 'location', reset: 'manual', attack: 10, damage: '1d6' }, hero.x + dx, hero.y + dy, '');
      if (!('refused' in r)) {
        placed = r;
        break;
      }
    }
    expect(placed).not.toBeNull();
    game.start(placed!.options);
    const [dx, dy] = [placed!.scenario.traps!.find((t) => t.kind === 'designed')!.x - hero.x, placed!.scenario.traps!.find((t) => t.kind === 'designed')!.y - hero.y];
    game.handle({ type: 'move', dx, dy });
    game.handle({ type: 'yes' });
    expect(session.recording).not.toBeNull();
    expect(session.unrecorded).toBeNull();
    const file = session.file()!;
    expect(file.scenario).toEqual(placed!.scenario);
    expect(file.actions.length).toBeGreaterThan(0);
    const replayed = scenarioWorld(file.scenario!, 'd20', file.seed, file.settings);
    for (const a of file.actions) step(replayed, a);
    expect(worldHash(replayed)).toBe(worldHash(game.world!));
  });
});

describe('the key', () => {
  it('T opens the trap designer from play, and the ? help lists it from the one key table', async () => {
    expect(translateKey({ key: 'T' }, 'play')).toEqual({ type: 'designer' });
    const { PLAY_BINDINGS, MODE_HELP } = await import('../../src/ui/keys.ts');
    expect(PLAY_BINDINGS.find((b) => b.keys.includes('T'))?.help).toMatch(/trap designer/);
    expect(MODE_HELP.some((m) => /Placing a designed trap/.test(m.mode))).toBe(true);
  });
});
