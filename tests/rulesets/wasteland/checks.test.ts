/**
 * The odds checks against independent numbers: RULES.md's figures and a brute-force enumeration
 * over every sequence of die faces, written here with plain loops.
 */
import { describe, expect, it } from 'vitest';
import { type Fraction, fraction } from '../../../src/core/fraction.ts';
import { exact, probabilityOf, sample } from '../../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import type { CheckInputs } from '../../../src/core/ruleset.ts';
import { Stream } from '../../../src/core/rng.ts';

const ruleset = getRuleset('wasteland');
const defaults = resolveSettings(ruleset);

/** The die as a list of its faces, one entry per face. */
function faceList(skull: number, shield: number, blank: number): string[] {
  return [...Array(skull).fill('skull'), ...Array(shield).fill('shield'), ...Array(blank).fill('blank')];
}

/** P(at least one shield among n dice), by walking every one of faces^n sequences. */
function bruteDisarm(skull: number, shield: number, blank: number, n: number): Fraction {
  const faces = faceList(skull, shield, blank);
  const k = faces.length;
  let total = 0;
  let good = 0;
  const idx = new Array<number>(n).fill(0);
  for (;;) {
    total++;
    let anyShield = false;
    for (let i = 0; i < n; i++) if (faces[idx[i]!] === 'shield') anyShield = true;
    if (anyShield) good++;
    let d = 0;
    while (d < n && ++idx[d]! === k) idx[d++] = 0;
    if (d === n) break;
  }
  return fraction(good, total);
}

/** P(a skull on one die), by counting faces. */
function bruteEnter(skull: number, shield: number, blank: number): Fraction {
  const faces = faceList(skull, shield, blank);
  return fraction(faces.filter((f) => f === 'skull').length, faces.length);
}

function odds(check: string, inputs: CheckInputs, outcome: string): Fraction {
  const c = ruleset.checks[check]!;
  expect(c.validate?.(inputs) ?? null).toBeNull();
  const p = probabilityOf(c.program(inputs, defaults), outcome);
  expect(p.exact).not.toBeNull();
  return p.exact!;
}

const FACE_CHOICES: Array<[number, number, number]> = [
  [3, 2, 1],
  [1, 1, 4],
  [2, 3, 1],
  [4, 1, 1],
  [0, 6, 0],
  [6, 0, 0],
  [2, 2, 2],
  [1, 2, 0],
];

describe('wasteland odds checks', () => {
  it('has the names, flags and outcomes the issue gives', () => {
    // And `find` (no roll: how a hidden trap is found, for the hover's spotting line).
    expect(Object.keys(ruleset.checks).sort()).toEqual(['disarm', 'enter', 'find', 'step']);
    const enter = ruleset.checks.enter!;
    const disarm = ruleset.checks.disarm!;
    expect(enter.outcomes).toEqual(['triggered', 'safe']);
    expect(disarm.outcomes).toEqual(['disarmed', 'sprung']);
    for (const name of ['skull-faces', 'shield-faces', 'detector']) expect(enter.params.map((p) => p.name)).toContain(name);
    for (const name of ['skull-faces', 'shield-faces', 'detector', 'dice']) expect(disarm.params.map((p) => p.name)).toContain(name);
  });

  it("gives RULES.md's figures for the default die (3 skull, 2 shield, 1 blank)", () => {
    expect(odds('enter', {}, 'triggered')).toEqual(fraction(1, 2));
    expect(odds('disarm', {}, 'disarmed')).toEqual(fraction(19, 27));
    expect(odds('disarm', { detector: true }, 'disarmed')).toEqual(fraction(665, 729));
    expect(odds('enter', { detector: true }, 'triggered')).toEqual(fraction(0, 1));
    expect(odds('enter', { detector: true }, 'safe')).toEqual(fraction(1, 1));
  });

  it('entering matches counting faces for several dice', () => {
    for (const [skull, shield, blank] of FACE_CHOICES) {
      const inputs = { 'skull-faces': skull, 'shield-faces': shield, 'blank-faces': blank };
      expect(odds('enter', inputs, 'triggered')).toEqual(bruteEnter(skull, shield, blank));
      const safe = bruteEnter(skull, shield, blank);
      expect(odds('enter', inputs, 'safe')).toEqual(fraction(safe.den - safe.num, safe.den));
    }
  });

  it('disarming matches brute-force enumeration for several dice and dice counts', () => {
    for (const [skull, shield, blank] of FACE_CHOICES) {
      for (const n of [1, 2, 3, 5]) {
        const inputs = { 'skull-faces': skull, 'shield-faces': shield, 'blank-faces': blank, dice: n };
        const brute = bruteDisarm(skull, shield, blank, n);
        expect(odds('disarm', inputs, 'disarmed')).toEqual(brute);
        expect(odds('disarm', inputs, 'sprung')).toEqual(fraction(brute.den - brute.num, brute.den));
      }
      // The detector means 6 dice.
      const withDetector = { 'skull-faces': skull, 'shield-faces': shield, 'blank-faces': blank, detector: true };
      expect(odds('disarm', withDetector, 'disarmed')).toEqual(bruteDisarm(skull, shield, blank, 6));
    }
  });

  it('without --blank-faces the rest of the d6 is blank (RULES.md: "rest blank")', () => {
    // 4 skull + 1 shield on a d6 leaves 1 blank: enter 4/6, disarm with 3 dice 1 - (5/6)^3.
    expect(odds('enter', { 'skull-faces': 4, 'shield-faces': 1 }, 'triggered')).toEqual(fraction(4, 6));
    expect(odds('disarm', { 'skull-faces': 4, 'shield-faces': 1 }, 'disarmed')).toEqual(fraction(216 - 125, 216));
    // Only the skulls given: the shields stay at the setting (2), the blanks fill the d6: 1 - (4/6)^3.
    expect(odds('disarm', { 'skull-faces': 1 }, 'disarmed')).toEqual(fraction(27 - 8, 27));
    // More than six faces without --blank-faces does not fit on the die.
    expect(() => ruleset.checks.enter!.program({ 'skull-faces': 5, 'shield-faces': 3 }, defaults)).toThrow(/do not fit/);
  });

  it('follows the settings when no flag is given', () => {
    const settings = resolveSettings(ruleset, { skullFaces: 1, shieldFaces: 1, blankFaces: 2, disarmDice: 2, detectorDisarmDice: 4 });
    const p = (check: string, inputs: CheckInputs, outcome: string) => probabilityOf(ruleset.checks[check]!.program(inputs, settings), outcome).exact;
    expect(p('enter', {}, 'triggered')).toEqual(fraction(1, 4));
    expect(p('disarm', {}, 'disarmed')).toEqual(fraction(16 - 9, 16));
    expect(p('disarm', { detector: true }, 'disarmed')).toEqual(fraction(256 - 81, 256));
  });

  it('refuses settings whose die has no faces (each count alone may be 0)', () => {
    expect(() => resolveSettings(ruleset, { skullFaces: 0, shieldFaces: 0, blankFaces: 0 })).toThrow(/settings: the die has no faces/);
    expect(resolveSettings(ruleset, { skullFaces: 0, shieldFaces: 0, blankFaces: 1 }).blankFaces).toBe(1);
  });

  it('refuses --detector together with --dice, and bad counts', () => {
    const disarm = ruleset.checks.disarm!;
    expect(disarm.validate?.({ detector: true, dice: 4 })).toMatch(/exclude/);
    expect(disarm.validate?.({ dice: 0 })).toMatch(/--dice/);
    expect(disarm.validate?.({ 'skull-faces': -1 })).toMatch(/--skull-faces/);
    expect(disarm.validate?.({ dice: 4 })).toBeNull();
  });

  it('the sampler (used in play) agrees with the exact reading', () => {
    const rng = Stream.fromSeed(12345);
    const n = 20_000;
    for (const [check, inputs, outcome] of [
      ['enter', { 'skull-faces': 2, 'shield-faces': 1, 'blank-faces': 3 }, 'triggered'],
      ['disarm', { 'skull-faces': 3, 'shield-faces': 1, 'blank-faces': 2, dice: 3 }, 'disarmed'],
    ] as const) {
      const program = ruleset.checks[check]!.program(inputs, defaults);
      let hits = 0;
      for (let i = 0; i < n; i++) if (sample(program, rng) === outcome) hits++;
      const p = exact(program).find((o) => o.value === outcome)!.p;
      // Four standard errors (the seed is fixed, so the test is repeatable).
      expect(Math.abs(hits / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    }
  });
});

describe('wasteland: finding a trap (find), no roll', () => {
  const found = (inputs: Record<string, string | boolean>, settings: Record<string, boolean> = {}) =>
    exact(ruleset.checks.find!.program(inputs, resolveSettings(ruleset, settings))).find((o) => o.value === 'found')?.p ?? 0;
  it('a search finds every trap around you; in passing a visible token is seen, else only a detector finds one beside you', () => {
    expect(found({ way: 'search' })).toBe(1);
    expect(found({ way: 'search', beside: false })).toBe(0);
    expect(found({ way: 'passing' })).toBe(1);
    expect(found({ way: 'passing' }, { trapsVisible: false })).toBe(0);
    expect(found({ way: 'passing', detector: true }, { trapsVisible: false })).toBe(1);
    expect(found({ way: 'passing', detector: true, beside: false }, { trapsVisible: false })).toBe(0);
  });
});
