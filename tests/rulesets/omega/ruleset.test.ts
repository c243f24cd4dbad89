/**
 * The omega ruleset as a whole: its tables and settings, trap placement, the HUD, the siren's
 * alarms, the rare branches (Yog Sothoth, a dangerous teleport), and every change being an event
 * under dense random play.
 */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { newGame, step } from '../../../src/core/engine.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import { cloneWorld, DIRECTIONS, serializeWorld, type Traits } from '../../../src/core/world.ts';
import { enterAbyss } from '../../../src/rulesets/omega/abyss.ts';
import { trapChance } from '../../../src/rulesets/omega/placement.ts';
import { teleportDangerously } from '../../../src/rulesets/omega/teleport.ts';
import { hero, omegaWorld, stepEast, texts } from './helpers.ts';
import { applyEvents, player } from '../../../src/core/level.ts';

const omega = () => getRuleset('omega');

describe('tables and settings', () => {
  it('has the thirteen traps, nine of them with a component', () => {
    const ids = omega().traps.map((t) => t.id);
    expect(ids).toEqual(['dart', 'pit', 'trapdoor', 'snare', 'blade', 'fire', 'teleport', 'disintegrate', 'sleepgas', 'acid', 'manadrain', 'abyss', 'siren']);
    const withComponent = omega().traps.filter((t) => t.columns.component !== null).map((t) => t.id);
    expect(withComponent.sort()).toEqual(['abyss', 'acid', 'dart', 'disintegrate', 'fire', 'manadrain', 'sleepgas', 'snare', 'teleport']);
    for (const t of omega().traps) for (const c of omega().trapColumns) expect(c in t.columns, `${t.id}.${c}`).toBe(true);
  });

  it('every setting is named, documented and bounded, and the defaults resolve', () => {
    const names = new Set<string>();
    for (const s of omega().settings) {
      expect(names.has(s.name)).toBe(false);
      names.add(s.name);
      expect(s.description.length).toBeGreaterThan(10);
      if (s.type === 'int' || s.type === 'number') {
        expect(s.min, s.name).toBeDefined();
        expect(s.max, s.name).toBeDefined();
      }
    }
    const settings = resolveSettings(omega());
    expect(settings.environment).toBe('caves');
    expect(() => omega().player(settings)).not.toThrow();
    expect(() => omega().player({ ...settings, components: 'pit' })).toThrow(/component/);
    expect(() => omega().player({ ...settings, immunities: 'wet' })).toThrow(/immunity/);
  });

  it('the player has the Omega traits of the settings', () => {
    const spec = omega().player(resolveSettings(omega(), { dex: 15, agility: 9, level: 4, rank: 2, absorption: 3, mana: 7, alignment: -20, carriedWeight: 11 }));
    expect(spec.traits).toMatchObject({ dex: 15, agility: 9, level: 4, rank: 2, absorption: 3, mana: 7, alignment: -20, carriedWeight: 11, mounted: false });
  });

  it('the HUD shows the environment, D and the traits', () => {
    const w = omegaWorld({ map: ['#####', '#.@.#', '#####'], depth: 7, settings: { environment: 'sewers', riding: true } });
    const lines = omega().hud(w, hero(w));
    const get = (label: string) => lines.find((l) => l.label === label)?.value;
    expect(get('Omega location')).toBe('sewers, level 7');
    expect(get('Difficulty D')).toBe('4');
    expect(get('Dex')).toBe('12');
    expect(get('Horse')).toBe('30/30 HP');
  });

  it('invalid check inputs get a message', () => {
    expect(omega().checks.dodge!.validate!({ trap: 'pit' })).toMatch(/--trap/);
    expect(omega().checks.difficulty!.validate!({ environment: 'moon', depth: 1 })).toMatch(/--environment/);
    expect(omega().checks.disarm!.validate!({ dex: 1.5, level: 1, difficulty: 3 })).toMatch(/--dex/);
  });
});

describe('placement', () => {
  it('puts a trap on a floor square with chance trapRate x (depth/6 + 1)/500', () => {
    expect(trapChance(1, 1)).toBe(1 / 500);
    expect(trapChance(6, 1)).toBe(2 / 500);
    expect(trapChance(13, 5)).toBe(15 / 500);
    expect(trapChance(1, 500)).toBe(1);
  });

  it('a generated level gets a sensible number of traps of all kinds, only on floor', () => {
    const kinds = new Set<string>();
    let total = 0;
    for (let i = 0; i < 6; i++) {
      const w = newGame({ seed: `place${i}`, ruleset: 'omega' });
      total += w.traps.length;
      for (const t of w.traps) {
        kinds.add(t.kind);
        expect(t.host.kind).toBe('floor');
        expect(t.knownBy).toEqual([]);
      }
    }
    // Default rate 5 on ~900 floor squares: about 9 a level.
    expect(total / 6).toBeGreaterThan(3);
    expect(total / 6).toBeLessThan(25);
    expect(kinds.size).toBeGreaterThanOrEqual(10);
    expect(newGame({ seed: 'none', ruleset: 'omega', settings: { trapRate: 0 } }).traps).toEqual([]);
  });
});

describe('siren alarms', () => {
  it('elsewhere it wakes every monster, doubles its senses and sets the hostile ones hunting', () => {
    const w = omegaWorld({ map: ['##########', '#.@^....r#', '#.......o#', '##########'], traps: [{ kind: 'siren' }], settings: { environment: 'caves' }, sleepingMonsters: true });
    stepEast(w);
    for (const m of w.actors.filter((a) => a.id !== 1)) {
      expect(m.status.asleep ?? 0).toBe(0);
      expect(m.traits.sense).toBe(16);
      expect(m.ai.mode).toBe('hunt');
    }
  });

  it("in the city the guards turn hostile; in the Circle's demesne three demon princes come", () => {
    const city = omegaWorld({
      map: ['##########', '#.@^....k#', '##########'],
      traps: [{ kind: 'siren' }],
      settings: { environment: 'city' },
      monsters: [{ faction: 'neutral', traits: { guard: true } }],
    });
    stepEast(city);
    expect(city.actors.find((a) => a.kind === 'kobold')!.faction).toBe('hostile');
    const circle = omegaWorld({ map: ['##########', '#.@^.....#', '#........#', '##########'], traps: [{ kind: 'siren' }], settings: { environment: 'circle' } });
    stepEast(circle);
    expect(circle.actors.filter((a) => a.kind === 'demon-prince' && a.alive).length).toBe(3);
  });
});

describe('rare branches', () => {
  it('Yog Sothoth: one abyss entry in a hundred; kills above alignment -10, else a portal down and 2000 xp', () => {
    let met = 0;
    for (let i = 0; i < 600 && met < 2; i++) {
      const w = omegaWorld({ seed: `yog${i}`, map: ['#####', '#.@.#', '#####'], settings: { environment: 'caves', goalDepth: 60 }, player: { hp: 100000, traits: { alignment: -20 } } });
      const ctx = new StepContext(w);
      const r = enterAbyss(ctx, hero(w), 0);
      if (!texts(ctx.events).includes('You have met Yog Sothoth!!!')) continue;
      met++;
      expect(r.levels).toBe(1);
      expect(hero(w).xp).toBe(2000);
      expect(hero(w).traits.alignment).toBe(-70);
      const good = omegaWorld({ seed: `yog${i}`, map: ['#####', '#.@.#', '#####'], settings: { environment: 'caves' }, player: { hp: 100000, traits: { alignment: 0 } } });
      const gctx = new StepContext(good);
      enterAbyss(gctx, hero(good), 0);
      expect(hero(good).alive).toBe(false);
      expect(good.over?.cause).toMatch(/Eater of Souls/);
    }
    expect(met).toBeGreaterThan(0);
  });

  it('a dangerous teleport kills unless it lands on floor or an open door', () => {
    // Only three of fifteen squares are floor: over seeds some land, some die.
    let died = 0;
    let landed = 0;
    for (let i = 0; i < 30; i++) {
      const w = omegaWorld({ seed: `tp${i}`, map: ['#####', '#.@^#', '#####'], traps: [{ kind: 'teleport' }] });
      const ctx = new StepContext(w);
      teleportDangerously(ctx, hero(w), false, w.traps[0]);
      if (hero(w).alive) {
        landed++;
        expect(w.terrain[hero(w).y * w.width + hero(w).x]).toBe(1);
      } else {
        died++;
        expect(texts(ctx.events)).toContain('You teleported into a solid object....');
        // The death counts against the teleport trap in the lab's statistics.
        expect(ctx.events.find((e) => e.type === 'died')).toMatchObject({ trapKind: 'teleport' });
      }
    }
    expect(died).toBeGreaterThan(0);
    expect(landed).toBeGreaterThan(0);
  });
});

describe('every change is an event', () => {
  it('replaying each step onto the old world gives the new one, in every kind of trap and state', () => {
    const settingsList: Traits[] = [
      { trapRate: 120, environment: 'castle', hp: 3000 },
      { trapRate: 120, environment: 'city', riding: true, hp: 3000 },
      { trapRate: 120, environment: 'circle', levitation: 3, hp: 3000, mana: 0 },
      { trapRate: 120, environment: 'volcano', components: '?fire,?teleport,?abyss,snare', hp: 3000, carriedWeight: 5000 },
    ];
    let triggered = 0;
    settingsList.forEach((settings, k) => {
      const w = newGame({ seed: `replay${k}`, ruleset: 'omega', width: 40, height: 25, settings });
      let s = 1 + k;
      const r = () => (s = (s * 48271) % 2147483647) / 2147483647;
      for (let n = 0; n < 120 && !w.over; n++) {
        const [dx, dy] = DIRECTIONS[Math.floor(r() * 8)]!;
        const p = r();
        const options = omega().rigOptions(w, player(w));
        const action =
          p < 0.6
            ? { type: 'move' as const, dx, dy, confirm: true }
            : p < 0.7
              ? { type: 'search' as const }
              : p < 0.8
                ? { type: 'disarm' as const, dx, dy }
                : p < 0.88 && options.length > 0
                  ? { type: 'rig' as const, what: options[Math.floor(r() * options.length)]!.id, dx, dy }
                  : p < 0.94
                    ? { type: 'trigger' as const }
                    : { type: 'wait' as const };
        const before = cloneWorld(w);
        const res = step(w, action);
        applyEvents(before, res.events);
        expect(serializeWorld(before)).toBe(serializeWorld(w));
        triggered += res.events.filter((e) => e.type === 'trapTriggered').length;
      }
    });
    expect(triggered).toBeGreaterThan(10);
  });
});
