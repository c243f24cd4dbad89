// The New game panel's Settings section, without a DOM: the controls' raw text turned into a
// game's settings (defaults omitted, bad values refused with the link's own message), and what
// carries over when the ruleset select changes.
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/core/engine.ts';
import { CORE_SETTINGS, getRuleset, listRulesets } from '../../src/core/registry.ts';
import { checkDraft, type PanelDraft } from '../../src/ui/newgame.ts';
import { carryRaw, changedCount, initialRaw, isDefault, settingGroups } from '../../src/ui/newgameSettings.ts';
import { gameQuery, parseGameUrl } from '../../src/ui/url.ts';
import { RULES_VERSION } from '../../src/core/rulesVersion.ts';
import { player } from '../../src/core/level.ts';

const rulesets = listRulesets();
const omega = getRuleset('omega');
const cdda = getRuleset('cdda');

/** A draft for omega with every control at its default, then `changes` typed over it. */
function draft(changes: Record<string, string> = {}, ruleset = omega): PanelDraft {
  return { seed: 'panel', ruleset: ruleset.id, width: '80', height: '40', style: 'rooms', settings: { ...initialRaw(ruleset), ...changes } };
}

describe('the Settings section for a ruleset', () => {
  it('has one control per setting: the ruleset\'s own first, then the core\'s', () => {
    const groups = settingGroups(omega);
    expect(groups.map((g) => g.title)).toEqual([omega.name, 'Every ruleset']);
    expect(groups[0]!.specs.map((s) => s.name)).toContain('environment');
    expect(groups[1]!.specs.map((s) => s.name)).toEqual(['lightRadius', 'monsters', 'goalDepth', 'turnLimit']);
    // Filled with the defaults: the core's light radius is 9, omega's place the caves, no horse.
    const raw = initialRaw(omega);
    expect(raw.lightRadius).toBe('9');
    expect(raw.environment).toBe('caves');
    expect(raw.riding).toBe('false');
    expect(raw.components).toBe('snare,sleepgas,?teleport');
    expect(Object.keys(raw)).toHaveLength(omega.settings.length + CORE_SETTINGS.length);
  });

  it('fills in what the running game changed', () => {
    const raw = initialRaw(omega, { environment: 'castle', lightRadius: 4 });
    expect(raw.environment).toBe('castle');
    expect(raw.lightRadius).toBe('4');
    expect(changedCount(omega, raw)).toBe(2);
  });
});

describe('the controls turned into settings', () => {
  it('leaves every default out, so an untouched panel gives no settings and a plain link', () => {
    const r = checkDraft(draft(), rulesets, null);
    expect(r.errors).toEqual([]);
    expect(r.options!.settings).toEqual({});
    expect(gameQuery(r.options!)).toBe(`?seed=panel&ruleset=omega&w=80&h=40&style=rooms&rules=${RULES_VERSION}`);
  });

  it('reads a number as a number: "012" is the default 12, not a change; "12.0" is no whole number', () => {
    const dex = omega.settings.find((s) => s.name === 'dex')!;
    expect(isDefault(dex, '012')).toBe(true);
    // One rule for numbers everywhere (core/numbers.ts): a whole number has no decimal point.
    expect(isDefault(dex, '12.0')).toBe(false);
    expect(checkDraft(draft({ dex: '012' }), rulesets, null).options!.settings).toEqual({});
    expect(checkDraft(draft({ agility: '12.0' }), rulesets, null).errors).toEqual(['Setting "agility": expected a whole number, got "12.0".']);
  });

  it('keeps an enum, an int, a number, a boolean and text that differ, and the link carries them', () => {
    const r = checkDraft(
      draft({ environment: 'castle', dex: '15', trapRate: '2.5', riding: 'true', immunities: 'poison', lightRadius: '12' }),
      rulesets,
      null,
    );
    expect(r.errors).toEqual([]);
    expect(r.options!.settings).toEqual({ environment: 'castle', dex: 15, trapRate: 2.5, riding: true, immunities: 'poison', lightRadius: 12 });
    const url = new URLSearchParams(gameQuery(r.options!));
    expect(url.get('s.environment')).toBe('castle');
    expect(url.get('s.dex')).toBe('15');
    expect(url.get('s.riding')).toBe('true');
    expect(url.get('s.trapRate')).toBe('2.5');
    // The link reads back into the very same options.
    expect(parseGameUrl(gameQuery(r.options!), rulesets).options).toEqual(r.options);
  });

  it('a boolean back at its default is left out (an unticked box where the default is off)', () => {
    expect(checkDraft(draft({ riding: 'false', orderDestroyed: 'false' }), rulesets, null).options!.settings).toEqual({});
    // cdda's startingKit is on by default: unticking it is the change.
    expect(checkDraft(draft({ startingKit: 'false' }, cdda), rulesets, null).options!.settings).toEqual({ startingKit: false });
  });

  it('refuses a bad value with the link\'s message (without its fallback) and starts nothing', () => {
    const link = parseGameUrl('?ruleset=omega&s.lightRadius=0', rulesets).errors;
    expect(link).toEqual(['Setting "lightRadius": 0 is below the minimum 1; using the default 9.']);
    const r = checkDraft(draft({ lightRadius: '0' }), rulesets, null);
    expect(r.options).toBeNull();
    expect(r.errors).toEqual(['Setting "lightRadius": 0 is below the minimum 1.']);
  });

  it('names each bad value: a fraction for an int, text for a number, an empty box, over the maximum', () => {
    const r = checkDraft(draft({ dex: '2.5', trapRate: 'lots', rank: '', alignment: '1001' }), rulesets, null);
    expect(r.options).toBeNull();
    expect(r.errors).toEqual([
      'Setting "dex": expected a whole number, got "2.5".',
      'Setting "rank": expected a whole number, got "".',
      'Setting "alignment": 1001 is above the maximum 1000.',
      'Setting "trapRate": expected a number, got "lots".',
    ]);
  });

  it('refuses a boolean that is not true or false, and an enum value not in its list', () => {
    const r = checkDraft(draft({ riding: 'yes', environment: 'atlantis' }), rulesets, null);
    expect(r.options).toBeNull();
    expect(r.errors.some((m) => m.startsWith('Setting "environment": expected one of countryside, city, village'))).toBe(true);
    expect(r.errors).toContain('Setting "riding": expected true or false, got "yes".');
  });

  it('lists the seed and map errors before the settings\' ones', () => {
    const r = checkDraft({ ...draft({ lightRadius: '99' }), seed: 's'.repeat(201), width: '5' }, rulesets, null);
    expect(r.errors).toHaveLength(3);
    expect(r.errors[0]).toMatch(/^Seed: too long/);
    expect(r.errors[1]).toMatch(/^Map width: must be a whole number from 40 to 200, got 5/);
    expect(r.errors[2]).toBe('Setting "lightRadius": 99 is above the maximum 30.');
  });

  it('asks the ruleset about text it parses itself: an unknown component kind starts nothing', () => {
    const r = checkDraft(draft({ components: 'snare,banana' }), rulesets, null);
    expect(r.options).toBeNull();
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^Setting "components": "banana" is not a trap kind/);
  });

  it('the panel\'s controls win over the running game\'s settings', () => {
    const keep = { seed: 'k', ruleset: 'omega', width: 80, height: 40, style: 'rooms' as const, settings: { lightRadius: 4 } };
    // The player put the light radius back to its default in the panel: it stays default.
    expect(checkDraft(draft(), rulesets, keep).options!.settings).toEqual({});
  });
});

describe('switching the ruleset select', () => {
  it('carries changed values to the names the other ruleset has, and takes its defaults for the rest', () => {
    const raw = { ...initialRaw(omega), lightRadius: '12', environment: 'castle', agility: '20' };
    const to = carryRaw(omega, raw, cdda);
    expect(to.lightRadius).toBe('12');
    // omega's dex (12, untouched) is not carried: cdda's own default (8) is shown.
    expect(to.dex).toBe('8');
    expect(to).not.toHaveProperty('environment');
    expect(to).not.toHaveProperty('agility');
    expect(changedCount(cdda, to)).toBe(1);
    // A dex the player changed does carry.
    expect(carryRaw(omega, { ...raw, dex: '15' }, cdda).dex).toBe('15');
  });
});

describe('omega: the environment chosen in the panel is the level\'s', () => {
  // D from RULES.md section 2, at depth 1 with integer division: castle depth/4 + 4, village 1,
  // volcano depth/4 + 5.
  const cases: Array<[string, string, number]> = [
    ['castle', 'castle, level 1', Math.trunc(1 / 4) + 4],
    ['village', 'village', 1],
    ['volcano', 'volcano, level 1', Math.trunc(1 / 4) + 5],
  ];
  for (const [env, place, d] of cases) {
    it(`${env}: the HUD shows "${place}" and D ${d}`, () => {
      const r = checkDraft(draft({ environment: env }), rulesets, null);
      const o = r.options!;
      const world = newGame({ seed: o.seed, ruleset: o.ruleset, settings: o.settings, width: o.width, height: o.height, style: o.style });
      const lines = omega.hud(world, player(world));
      expect(lines.find((l) => l.label === 'Omega location')?.value).toBe(place);
      expect(lines.find((l) => l.label === 'Difficulty D')?.value).toBe(String(d));
    });
  }
});
