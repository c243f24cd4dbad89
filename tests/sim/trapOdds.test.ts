import { describe, expect, it } from 'vitest';
import { StepContext } from '../../src/core/context.ts';
import { step } from '../../src/core/engine.ts';
import { exact } from '../../src/core/prob.ts';
import { detectCheck } from '../../src/rulesets/cdda/checks.ts';
import { detectInputs as cddaDetectInputs } from '../../src/rulesets/cdda/detection.ts';
import { trapOddsLines } from '../../src/ui/lab/trapOdds.ts';
import { scenario } from '../support/scenario.ts';
import { player } from '../../src/core/level.ts';

describe('the odds shown when hovering a known trap', () => {
  it('spotting, setting it off, damage, death and disarming, read from the rules', () => {
    // Test ruleset: the spike always fires for 1d4; disarm 2d6 + 2 >= 7 (30 in 36); search 1 in 2.
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike', known: true }], player: { hp: 3, maxHp: 20 } });
    const lines = trapOddsLines(w, 2, 1, 1000);
    expect(lines[0]).toBe('Spike trap — odds for you (1000 tries of the rules where not read exactly)');
    expect(lines[1]).toMatch(/^Spotting: (4[5-9]|5[0-5])% per search beside it, 0% in passing$/);
    expect(lines[2]).toBe('Stepping on it: sets it off 100%');
    // Death from 3 HP: a 3 or a 4 on 1d4, one time in two.
    const m = /^Expected damage per step \(misses count as 0\): (\d\.\d); death from your 3 HP: (\d+)%$/.exec(lines[3]!);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(2.4);
    expect(Number(m![1])).toBeLessThanOrEqual(2.6);
    expect(Number(m![2])).toBeGreaterThanOrEqual(45);
    expect(Number(m![2])).toBeLessThanOrEqual(55);
    const d = /^Disarming: (\d+)% success, (\d+)% sets it off$/.exec(lines[4]!);
    expect(Math.abs(Number(d![1]) + Number(d![2]) - 100)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(d![1]) - 83)).toBeLessThanOrEqual(4);
  });

  it('says nothing about a trap the player does not know of', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }] });
    expect(trapOddsLines(w, 2, 1)).toEqual([]);
    expect(trapOddsLines(w, 3, 1)).toEqual([]);
  });
});

describe('spotting odds: a fresh look, whatever the rules remember of looking', () => {
  const spotting = (w: ReturnType<typeof scenario>, x: number, y: number) => {
    // Sampled, or read exactly where the ruleset gives its spotting checks (then with a fraction).
    const m = /^Spotting(?:, exactly)?: (\d+)%(?: \(\d+\/\d+\))? per search beside it, (\d+)%(?: \(\d+\/\d+\))? in passing$/.exec(trapOddsLines(w, x, y, 1000)[1]!);
    expect(m).not.toBeNull();
    return { search: Number(m![1]), passing: Number(m![2]) };
  };

  it('cdda: a search is a turn of detection rolls, even after this turn\'s roll was made', () => {
    const w = scenario({ ruleset: 'cdda', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'beartrap', known: true }] });
    step(w, { type: 'wait' });
    const hero = player(w);
    expect(hero.traits.lastDetectTurn).toBeDefined();
    // The exact interpreter of the same detection check, for this character beside this trap.
    const ctx = new StepContext(w);
    const p = exact(detectCheck(cddaDetectInputs(ctx, hero, w.traps[0]!))).find((o) => o.value === 'seen')!.p;
    expect(p).toBeGreaterThan(0.1);
    const o = spotting(w, 2, 1);
    expect(Math.abs(o.search - 100 * p)).toBeLessThanOrEqual(5);
    expect(Math.abs(o.passing - 100 * p)).toBeLessThanOrEqual(5);
    // A cdda search is only the turn's look in passing: on the same dice the two read the same.
    expect(o.search).toBe(o.passing);
  });

  it('omega: a trap found and shown on the map is 2 in 3 per search, never found in passing', () => {
    const w = scenario({ ruleset: 'omega', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'dart', known: true, data: { shown: true, shows: 'trap' } }] });
    const o = spotting(w, 2, 1);
    expect(Math.abs(o.search - 67)).toBeLessThanOrEqual(5);
    expect(o.passing).toBe(0);
  });

  it('ceaptun: the look in passing is the same beside the trap as seen from afar (it was 0% beside it)', () => {
    const beside = scenario({ ruleset: 'ceaptun', map: ['#######', '#.@^..#', '#######'], traps: [{ kind: 'arrow', known: true }] });
    step(beside, { type: 'wait' });
    const far = scenario({ ruleset: 'ceaptun', map: ['#######', '#@..^.#', '#######'], traps: [{ kind: 'arrow', known: true }] });
    const near = spotting(beside, 3, 1);
    const away = spotting(far, 4, 1);
    expect(near.passing).toBeGreaterThan(0);
    expect(Math.abs(near.passing - away.passing)).toBeLessThanOrEqual(6);
    // A search turn rolls the search alone (no second look in passing on the same cell), at no penalty.
    expect(near.search).toBeGreaterThanOrEqual(near.passing);
  });
});

describe('the tooltip\'s words', () => {
  it('a body of parts (cdda) is not given one HP total to die from; a sprung trap says so', () => {
    const w = scenario({ ruleset: 'cdda', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'beartrap', known: true }] });
    const lines = trapOddsLines(w, 2, 1, 100);
    // CDDA reads the step exactly: killed is the head or the torso at 0, no HP total named.
    expect(lines[2]).toMatch(/^Stepping on it, exactly: avoided .*, killed [<>]?\d+%/);
    expect(lines[2]).not.toMatch(/HP/);
    w.traps[0]!.armed = false;
    expect(trapOddsLines(w, 2, 1, 100)[2]).toMatch(/\(it is sprung\)$/);
  });

  it('where disarming is refused, says the real reason, not where you stand', () => {
    const far = scenario({ ruleset: 'test', map: ['######', '#@.^.#', '######'], traps: [{ kind: 'spike', known: true }] });
    expect(trapOddsLines(far, 3, 1, 20).at(-1)).toBe('Disarming: not possible. You are too far away from it.');
    // d20: a sprung pit, right beside you: nothing to disarm (the distance is not the reason).
    const pit = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'camo_pit', known: true }] });
    pit.traps[0]!.armed = false;
    const lines = trapOddsLines(pit, 2, 1, 20);
    expect(lines[2]).toBe('Stepping on it: sets it off 0% (it is sprung)');
    expect(lines.at(-1)).toBe('Disarming: not possible. The camouflaged pit trap has already been sprung: there is nothing to disarm.');
    // wasteland: beside the trap, the place is the reason, and the line says how.
    const w = scenario({ ruleset: 'wasteland', map: ['######', '#@.^.#', '######'], traps: [{ kind: 'caltrops', known: true }] });
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(trapOddsLines(w, 3, 1, 20).at(-1)).toBe('Disarming: not possible. You must stand on the trap to disarm it.');
  });
});
