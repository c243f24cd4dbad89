/**
 * One number reader, one rule, everywhere (issue 19, item 6): the rule's table, then every place
 * that reads a number from text refusing the same spellings with a message naming its field.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { main } from '../../src/cli/main.ts';
import { fractionTextProblem, parseFraction } from '../../src/core/fraction.ts';
import { numberValue, readNumber } from '../../src/core/numbers.ts';
import { checkSetting, CORE_SETTINGS, getRuleset, listRulesets } from '../../src/core/registry.ts';
import { checkInput, fieldByName } from '../../src/rulesets/d20/designer.ts';
import { parseAssertions, AssertionFileError } from '../../src/sim/assertions.ts';
import { checkInputs, runOdds } from '../../src/sim/odds.ts';
import { constant } from '../../src/core/prob.ts';
import type { OddsCheck } from '../../src/core/ruleset.ts';
import { parseVary } from '../../src/sim/sweep.ts';
import { parseVariant } from '../../src/sim/variants.ts';
import { fieldNumber } from '../../src/ui/lab/dom.ts';
import { parseCell } from '../../src/ui/lab/variantEditor.ts';
import { checkDraft } from '../../src/ui/newgame.ts';
import { initialRaw } from '../../src/ui/newgameSettings.ts';
import { parseGameUrl } from '../../src/ui/url.ts';

/** Each spelling: what a whole-number reader gives, and what a real-number reader gives (null: refused). */
const SPELLINGS: ReadonlyArray<readonly [string, number | null, number | null]> = [
  ['12', 12, 12],
  ['-5', -5, -5],
  ['007', 7, 7],
  ['0', 0, 0],
  ['-0', 0, 0],
  ['12.0', null, 12],
  ['12.5', null, 12.5],
  ['-0.25', null, -0.25],
  ['0x10', null, null],
  ['0b11', null, null],
  ['0o7', null, null],
  ['1e3', null, null],
  ['1E3', null, null],
  ['2.5e-1', null, null],
  [' 12 ', null, null],
  ['12 ', null, null],
  ['\t12', null, null],
  ['+5', null, null],
  ['1_000', null, null],
  ['1,000', null, null],
  ['Infinity', null, null],
  ['-Infinity', null, null],
  ['NaN', null, null],
  ['', null, null],
  [' ', null, null],
  ['-', null, null],
  ['.5', null, null],
  ['5.', null, null],
  ['12abc', null, null],
  ['1/2', null, null],
  ['9007199254740993', null, 9007199254740992],
  [`1${'0'.repeat(400)}`, null, null],
];

/** The spellings every whole-number field refuses. */
const BAD_WHOLE = SPELLINGS.filter(([, whole]) => whole === null).map(([text]) => text);
/** The spellings every real-number field refuses. */
const BAD_REAL = SPELLINGS.filter(([, , real]) => real === null).map(([text]) => text);

describe('the rule (core/numbers.ts)', () => {
  it.each(SPELLINGS)('%j reads as %s (whole) and %s (real)', (text, whole, real) => {
    expect(readNumber(text, 'int')).toBe(whole);
    expect(readNumber(text, 'number')).toBe(real);
    // Text in a file reads the same way.
    expect(numberValue(text, 'int')).toBe(whole);
    expect(numberValue(text, 'number')).toBe(real);
  });

  it('-0 reads as +0, never as minus zero', () => {
    expect(Object.is(readNumber('-0', 'int'), 0)).toBe(true);
    expect(Object.is(readNumber('-0.0', 'number'), 0)).toBe(true);
    expect(Object.is(numberValue(-0, 'int'), 0)).toBe(true);
  });

  it('JSON numbers stay numbers: finite, and whole where whole is asked', () => {
    expect(numberValue(1e3, 'int')).toBe(1000);
    expect(numberValue(12.5, 'number')).toBe(12.5);
    expect(numberValue(12.5, 'int')).toBeNull();
    expect(numberValue(Number.POSITIVE_INFINITY, 'number')).toBeNull();
    expect(numberValue(Number.NaN, 'number')).toBeNull();
    expect(numberValue(true, 'int')).toBeNull();
    expect(numberValue(null, 'int')).toBeNull();
    expect(numberValue(2 ** 60, 'int')).toBeNull();
  });
});

describe('fractions in a file: a zero denominator is refused, not an internal error', () => {
  it('parseFraction gives null for "1/0" and fractionTextProblem says why', () => {
    expect(parseFraction('1/0')).toBeNull();
    expect(parseFraction('0/0')).toBeNull();
    expect(parseFraction('27/65')).toEqual({ num: 27n, den: 65n });
    expect(parseFraction(' 1/2')).toBeNull();
    expect(fractionTextProblem('1/0')).toBe('"1/0" has a zero denominator');
    expect(fractionTextProblem('1/2')).toBeNull();
  });

  it('an assertion bound "1/0" names the field (trapsmith assert exits 2)', async () => {
    const file = (bound: unknown) => ({
      assertions: [{ id: 'x', ruleset: 'ceaptun', says: 's', exact: { check: 'disarm', inputs: { difficulty: 12, modifier: 0 }, measure: 'P(set_off)', expect: { lt: bound } } }],
    });
    for (const bound of ['1/0', '-3/0', '0/00']) {
      expect(() => parseAssertions(file(bound), 'f.json')).toThrow(AssertionFileError);
      expect(() => parseAssertions(file(bound), 'f.json')).toThrow(`f.json: assertions.0.exact.expect.lt: ${JSON.stringify(bound)} has a zero denominator`);
    }
    expect(() => parseAssertions(file('0x10'), 'f.json')).toThrow(/assertions\.0\.exact\.expect\.lt: expected a number, a fraction like "27\/65" or "playerHp", got "0x10"/);
    expect(parseAssertions(file('1/2'), 'f.json').assertions).toHaveLength(1);
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const path = join(mkdtempSync(join(tmpdir(), 'trapsmith-')), 'a.json');
    writeFileSync(path, JSON.stringify(file('1/0')));
    const r = await cli(['assert', '--file', path]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('assertions.0.exact.expect.lt: "1/0" has a zero denominator');
  });
});

async function cli(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => stdin });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('every place refuses the same spellings, naming the field', () => {
  it('a CLI flag read by args.ts intFlag (trapsmith map --width)', async () => {
    for (const bad of BAD_WHOLE) {
      const r = await cli(['map', '--ruleset', 'test', '--seed', '1', `--width=${bad}`]);
      expect(r.code, JSON.stringify(bad)).toBe(2);
      expect(r.err, JSON.stringify(bad)).toContain(`--width must be a whole number from 40 to 200, got "${bad}"`);
    }
    expect((await cli(['map', '--ruleset', 'test', '--seed', '1', '--width', '040'])).code).toBe(0);
    // Within the range, blanks still break the rule (the flag once trimmed them).
    expect((await cli(['map', '--ruleset', 'test', '--seed', '1', '--width= 50 '])).err).toContain('--width must be a whole number from 40 to 200, got " 50 "');
  });

  it('a game flag read by the lab commands (trapsmith sim --runs)', async () => {
    for (const bad of BAD_WHOLE) {
      const r = await cli(['sim', '--ruleset', 'test', `--runs=${bad}`, '--quiet']);
      expect(r.code, JSON.stringify(bad)).toBe(2);
      expect(r.err, JSON.stringify(bad)).toContain(`--runs: expected a whole number, got ${JSON.stringify(bad)}`);
    }
  });

  it('a check input from a flag (trapsmith odds) or a batch line', async () => {
    for (const bad of BAD_WHOLE) {
      const r = await cli(['odds', 'ceaptun', 'disarm', `--difficulty=${bad}`, '--modifier', '0']);
      expect(r.code, JSON.stringify(bad)).toBe(2);
      expect(r.err, JSON.stringify(bad)).toContain(`--difficulty: expected a whole number, got ${JSON.stringify(bad)}`);
      expect(() => runOdds('ceaptun', 'disarm', { difficulty: bad, modifier: 0 })).toThrow(`--difficulty: expected a whole number, got ${JSON.stringify(bad)}`);
    }
    // A real-valued input refuses the real spellings the rule refuses, and takes the rest.
    const real = { name: 'c', description: '', params: [{ name: 'rate', type: 'number', description: '' }], program: () => constant(0) } as unknown as OddsCheck;
    for (const bad of BAD_REAL) expect(() => checkInputs(real, { rate: bad })).toThrow(`--rate: expected a number, got ${JSON.stringify(bad)}`);
    expect(checkInputs(real, { rate: '-0.5' })).toEqual({ rate: -0.5 });
    // A JSON number in a batch line is a number, whatever its JSON spelling.
    const r = await cli(['odds', '--batch', '-'], '{"ruleset":"ceaptun","check":"disarm","inputs":{"difficulty":1.2e1,"modifier":0}}\n');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).inputs.difficulty).toBe(12);
  });

  it('a setting by --set, by a link (s.<name>=), in a variant file and in the New game panel', async () => {
    const spec = CORE_SETTINGS.find((s) => s.name === 'lightRadius')!;
    for (const bad of BAD_WHOLE) {
      expect(() => checkSetting(spec, bad)).toThrow(`setting "lightRadius": expected a whole number, got ${JSON.stringify(bad)}`);
      const r = await cli(['sim', '--ruleset', 'test', '--runs', '1', '--quiet', '--set', `lightRadius=${bad}`]);
      expect(r.code, JSON.stringify(bad)).toBe(2);
      expect(r.err).toContain(`--set: setting "lightRadius": expected a whole number, got ${JSON.stringify(bad)}`);
      const link = parseGameUrl(`?ruleset=ceaptun&s.lightRadius=${encodeURIComponent(bad)}`, listRulesets());
      // A value longer than any setting a save holds is refused by its length first (the header schema).
      const why = bad.length > 200 ? `too long (${bad.length} characters; at most 200)` : `expected a whole number, got ${JSON.stringify(bad)}`;
      expect(link.errors).toEqual([`Setting "lightRadius": ${why}; using the default 9.`]);
      expect(link.options.settings.lightRadius).toBeUndefined();
      expect(() => parseVariant({ name: 'v', ruleset: 'ceaptun', settings: { lightRadius: bad } })).toThrow(`variant: settings.lightRadius: expected a whole number, got ${JSON.stringify(bad)}`);
      const omega = getRuleset('omega');
      const panel = checkDraft({ seed: 's', ruleset: 'omega', width: '80', height: '40', style: 'rooms', settings: { ...initialRaw(omega), lightRadius: bad } }, listRulesets(), null);
      expect(panel.options).toBeNull();
      expect(panel.errors).toEqual([`Setting "lightRadius": ${why}.`]);
    }
    // A real setting takes a decimal with a dot and refuses the rest.
    const real = getRuleset('ceaptun').settings.find((s) => s.name === 'doorTrapChance')!;
    expect(checkSetting(real, '0.5')).toBe(0.5);
    for (const bad of BAD_REAL) expect(() => checkSetting(real, bad)).toThrow(`setting "doorTrapChance": expected a number, got ${JSON.stringify(bad)}`);
    // JSON numbers in a variant file are numbers.
    expect(parseVariant({ name: 'v', ruleset: 'ceaptun', settings: { lightRadius: 1e1 } }).settings).toEqual({ lightRadius: 10 });
  });

  it('the link\'s map size (w=, h=)', () => {
    for (const bad of BAD_WHOLE) {
      const link = parseGameUrl(`?ruleset=ceaptun&w=${encodeURIComponent(bad)}`, listRulesets());
      expect(link.errors).toEqual([`Map width: must be a whole number from 40 to 200, got ${JSON.stringify(bad)}; using 80.`]);
    }
    expect(parseGameUrl('?ruleset=ceaptun&w=090', listRulesets()).options.width).toBe(90);
    expect(parseGameUrl('?ruleset=ceaptun&w=%2090%20', listRulesets()).errors).toEqual(['Map width: must be a whole number from 40 to 200, got " 90 "; using 80.']);
  });

  it('a designer input (trapsmith design d20 --attack, and its batch lines)', async () => {
    const attack = fieldByName('attack')!;
    for (const bad of BAD_WHOLE) {
      expect(checkInput(attack, bad)).toEqual({ error: `--attack: expected a whole number, got ${JSON.stringify(bad)}` });
      const r = await cli(['design', 'd20', '--trigger', 'location', '--reset', 'manual', '--damage', '1d6', `--attack=${bad}`]);
      expect(r.code, JSON.stringify(bad)).toBe(2);
      expect(r.err).toContain(`--attack: expected a whole number, got ${JSON.stringify(bad)}`);
    }
    const avg = fieldByName('avg-damage')!;
    for (const bad of BAD_REAL) expect(checkInput(avg, bad)).toEqual({ error: `--avg-damage: expected a number, got ${JSON.stringify(bad)}` });
    expect(checkInput(avg, '17.5')).toBe(17.5);
    expect(checkInput(attack, 12)).toBe(12);
  });

  it('a sweep range (trapsmith sweep --vary)', () => {
    for (const bad of BAD_REAL.filter((b) => !b.includes('.'))) expect(() => parseVary(`difficulty=${bad}..20`), JSON.stringify(bad)).toThrow(/^--vary "?difficulty/);
    expect(parseVary('dex=3..18:3')).toEqual({ name: 'dex', from: 3, to: 18, step: 3 });
    expect(() => parseVary(' dex=3..18 ')).toThrow('--vary " dex=3..18 ": expected name=from..to');
    expect(parseVary('p=-0.5..0.5:0.25')).toEqual({ name: 'p', from: -0.5, to: 0.5, step: 0.25 });
  });

  it('the Lab: its number fields and the variant form read by the same rule', () => {
    const box = (value: string) => ({ value }) as HTMLInputElement;
    for (const bad of BAD_WHOLE) expect(fieldNumber(box(bad)), JSON.stringify(bad)).toBeNaN();
    for (const bad of BAD_REAL) expect(fieldNumber(box(bad), 'number'), JSON.stringify(bad)).toBeNaN();
    expect(fieldNumber(box('200'))).toBe(200);
    expect(fieldNumber(box('2.5'), 'number')).toBe(2.5);
    // A table cell that breaks the rule stays text, and the variant check names the cell.
    for (const bad of BAD_REAL.filter((b) => b !== '' && b.trim() === b)) {
      const cell = parseCell(bad, 17);
      expect(typeof cell, JSON.stringify(bad)).toBe('string');
      expect(() => parseVariant({ name: 'v', ruleset: 'ceaptun', traps: { fireball: { difficulty: cell } } })).toThrow(`variant: traps.fireball.difficulty: expected a number like 17, got ${JSON.stringify(cell)}`);
    }
    expect(parseCell(' 15 ', 17)).toBe(15); // the form trims what was typed, as it always did
  });
});
