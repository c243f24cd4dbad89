import { describe, expect, it } from 'vitest';
import { getRuleset, listRulesets } from '../../src/core/registry.ts';
import type { Ruleset } from '../../src/core/ruleset.ts';
import { checkDraft } from '../../src/ui/newgame.ts';
import { gameQuery, parseGameUrl, randomSeed, SEED_PATTERN, withRuleset } from '../../src/ui/url.ts';
import { sentenceProblem } from '../support/sentences.ts';

const rulesets = listRulesets();
const fixedSeed = () => 'fresh123';

describe('parseGameUrl', () => {
  it('reads seed, ruleset, size, style and settings', () => {
    const r = parseGameUrl('?seed=abc-1&ruleset=test&w=60&h=30&style=caves&s.lightRadius=12&s.spikeSides=8', rulesets, fixedSeed);
    expect(r.errors).toEqual([]);
    expect(r.options).toEqual({ seed: 'abc-1', ruleset: 'test', width: 60, height: 30, style: 'caves', settings: { lightRadius: 12, spikeSides: 8 } });
    expect(r.reveal).toBe(false);
  });

  it('gives defaults and a fresh seed for an empty query, without complaint', () => {
    const r = parseGameUrl('', rulesets, fixedSeed);
    expect(r.errors).toEqual([]);
    expect(r.options).toEqual({ seed: 'fresh123', ruleset: rulesets[0]!.id, width: 80, height: 40, style: 'rooms', settings: {} });
  });

  it('names every bad value and falls back for each one alone', () => {
    const r = parseGameUrl(`?seed=${'s'.repeat(201)}&ruleset=nethack&w=abc&h=9999&style=maze&s.lightRadius=0&s.nope=1&zap=2&reveal=maybe`, rulesets, fixedSeed);
    expect(r.options.seed).toBe('fresh123');
    expect(r.options.ruleset).toBe(rulesets[0]!.id);
    expect(r.options.width).toBe(80);
    expect(r.options.height).toBe(40);
    expect(r.options.style).toBe('rooms');
    expect(r.options.settings).toEqual({});
    expect(r.reveal).toBe(false);
    const text = r.errors.join('\n');
    expect(r.errors).toHaveLength(9);
    expect(text).toContain('Seed: too long (201 characters; at most 200)');
    expect(text).toContain('Unknown ruleset "nethack"');
    expect(text).toContain('Map width: must be a whole number from 40 to 200, got "abc"; using 80.');
    expect(text).toContain('Map height: must be a whole number from 25 to 200, got 9999; using 40.');
    expect(text).toContain('Map style: expected one of "rooms", "caves", got text "maze"; using rooms.');
    expect(text).toContain('Setting "lightRadius": 0 is below the minimum 1; using the default 9.');
    expect(text).toContain('Unknown setting "nope"');
    expect(text).toContain('Unknown link parameter "zap"');
    expect(text).toContain('Reveal "maybe"');
    // Each is a notice of its own: a sentence that starts with a capital and ends with one full stop.
    for (const e of r.errors) expect(sentenceProblem(e), e).toBeNull();
  });

  it('settings that pass one by one but not together: the ruleset\'s own go back to defaults, with a message', () => {
    const r = parseGameUrl('?seed=abc&ruleset=wasteland&s.skullFaces=0&s.shieldFaces=0&s.blankFaces=0&s.monsters=3', rulesets, fixedSeed);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^Settings: the die has no faces; using the defaults of Wasteland Battles's own settings\./);
    expect(r.options.settings).toEqual({ monsters: 3 });
    // One face is a die.
    expect(parseGameUrl('?ruleset=wasteland&s.skullFaces=0&s.shieldFaces=0&s.blankFaces=1', rulesets, fixedSeed).errors).toEqual([]);
    // The new game panel refuses the same draft and starts nothing.
    const draft = { seed: 'n', ruleset: 'wasteland', width: '80', height: '40', style: 'rooms', settings: { skullFaces: '0', shieldFaces: '0', blankFaces: '0' } };
    const refused = checkDraft(draft, rulesets, null);
    expect(refused.options).toBeNull();
    expect(refused.errors.join(' ')).toMatch(/no faces/);
  });

  it('keeps the good values next to a bad one', () => {
    const r = parseGameUrl('?seed=keep&ruleset=test&w=13&h=33', rulesets, fixedSeed);
    expect(r.options.seed).toBe('keep');
    expect(r.options.ruleset).toBe('test');
    expect(r.options.width).toBe(80);
    expect(r.options.height).toBe(33);
    expect(r.errors).toHaveLength(1);
  });

  it('accepts the size limits and refuses one past them', () => {
    expect(parseGameUrl('?w=40&h=25', rulesets, fixedSeed).errors).toEqual([]);
    expect(parseGameUrl('?w=200&h=200', rulesets, fixedSeed).errors).toEqual([]);
    expect(parseGameUrl('?w=39', rulesets, fixedSeed).errors).toHaveLength(1);
    expect(parseGameUrl('?h=201', rulesets, fixedSeed).errors).toHaveLength(1);
    expect(parseGameUrl('?w=50.5', rulesets, fixedSeed).errors).toHaveLength(1);
  });

  it('reads the debug reveal flag', () => {
    expect(parseGameUrl('?reveal=1', rulesets, fixedSeed).reveal).toBe(true);
    expect(parseGameUrl('?reveal=0', rulesets, fixedSeed).reveal).toBe(false);
  });

  it('a game written as a query reads back as the same game', () => {
    const o = { seed: 'Xy_9', ruleset: 'test', width: 123, height: 45, style: 'caves' as const, settings: { monsters: 0, spikeSides: 6 } };
    const q = gameQuery(o, { reveal: true });
    const back = parseGameUrl(q, rulesets, fixedSeed);
    expect(back.errors).toEqual([]);
    expect(back.options).toEqual(o);
    expect(back.reveal).toBe(true);
  });
});

describe('seeds', () => {
  it('random seeds are valid link seeds', () => {
    let k = 0;
    const values = [0, 0.999999, 0.5, 0.25, 0.1, 0.9, 0.33, 0.77];
    const s = randomSeed(() => values[k++ % values.length]!);
    expect(s).toMatch(SEED_PATTERN);
    expect(s).toHaveLength(8);
    expect(s[0]).toBe('0');
    expect(s[1]).toBe('z');
  });
});

describe('same seed, other ruleset', () => {
  it('keeps seed and map, switches ruleset, drops settings the other ruleset lacks', () => {
    const other: Ruleset = getRuleset('cdda');
    const o = { seed: 's', ruleset: 'test', width: 70, height: 30, style: 'rooms' as const, settings: { lightRadius: 5, spikeSides: 9 } };
    const w = withRuleset(o, { ...other, settings: [] });
    expect(w).toEqual({ seed: 's', ruleset: 'cdda', width: 70, height: 30, style: 'rooms', settings: { lightRadius: 5 } });
  });
});

describe('the new game panel', () => {
  it('turns a good draft into options', () => {
    const r = checkDraft({ seed: ' abc ', ruleset: 'test', width: '60', height: '30', style: 'caves' }, rulesets, null);
    expect(r.errors).toEqual([]);
    expect(r.options).toEqual({ seed: 'abc', ruleset: 'test', width: 60, height: 30, style: 'caves', settings: {} });
  });

  it('refuses a bad draft with the reasons and starts nothing', () => {
    const r = checkDraft({ seed: 's'.repeat(201), ruleset: 'test', width: '10', height: '30', style: 'rooms' }, rulesets, null);
    expect(r.options).toBeNull();
    expect(r.errors).toHaveLength(2);
    expect(r.errors[0]).toMatch(/^Seed: too long/);
    expect(r.errors[1]).toMatch(/^Map width: must be a whole number from 40 to 200, got 10/);
    expect(checkDraft({ seed: '', ruleset: 'test', width: '60', height: '30', style: 'rooms' }, rulesets, null).errors).toHaveLength(1);
  });

  it('carries the running game\'s settings where the chosen ruleset has them', () => {
    const keep = { seed: 'k', ruleset: 'test', width: 80, height: 40, style: 'rooms' as const, settings: { monsters: 0, spikeSides: 3 } };
    expect(checkDraft({ seed: 'n', ruleset: 'test', width: '80', height: '40', style: 'rooms' }, rulesets, keep).options?.settings).toEqual({ monsters: 0, spikeSides: 3 });
  });
});

describe('the page\'s lazy ruleset list', () => {
  it('names the same rulesets, in the same order, as src/rulesets/index.ts', async () => {
    const { RULESETS } = await import('../../src/rulesets/index.ts');
    const { RULESET_IDS, requestedRuleset } = await import('../../src/ui/rulesets.ts');
    expect(RULESET_IDS).toEqual(RULESETS.map((r) => r.id));
    expect(requestedRuleset('?ruleset=omega')).toBe('omega');
    expect(requestedRuleset('?ruleset=nope')).toBe(RULESET_IDS[0]);
    expect(requestedRuleset('')).toBe(RULESET_IDS[0]);
  });

  it('knows each ruleset\'s display name before loading it: the name the ruleset itself gives', async () => {
    const { RULESETS } = await import('../../src/rulesets/index.ts');
    const { rulesetDisplayName } = await import('../../src/ui/rulesets.ts');
    for (const r of RULESETS) expect(rulesetDisplayName(r.id)).toBe(r.name);
    expect(rulesetDisplayName('ceaptun')).toBe('Cēaptūn');
    // Not a ruleset: shown as the text it is, quoted; JavaScript's own names are not rulesets.
    expect(rulesetDisplayName('constructor')).toBe('"constructor"');
  });
});
