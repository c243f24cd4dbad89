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
  it('spotting, stepping on it and disarming, read exactly from the rules: no sampling', () => {
    // Test ruleset: the spike always fires for 1d4; disarm 2d6 + 2 >= 7, i.e. 2d6 >= 5 (30 in 36); search 1 in 2.
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike', known: true }], player: { hp: 3, maxHp: 20 } });
    expect(trapOddsLines(w, 2, 1)).toEqual([
      'Spike trap — odds for you, read exactly from the rules',
      'Spotting: 50% (1/2) per search beside it, 0% in passing',
      // Death from 3 HP: a 3 or a 4 on 1d4, one time in two.
      'Stepping on it (from your 3 HP): avoided 0%, unhurt 0%, hurt 50% (1/2), killed 50% (1/2)',
      'Disarming: disarmed 83% (5/6), sets it off 17% (1/6)',
    ]);
  });

  it('a trapped door in d20 reads as opening it; a question with no reading says so and why', () => {
    // A swinging block (+5, 4d6) on a door, AC 14 (the rogue of level 3): hits on 9..20, 12 of 20.
    const w = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'swinging_block', host: 'door', known: true }], player: { hp: 49, maxHp: 49 } });
    const lines = trapOddsLines(w, 2, 1);
    expect(lines[2]).toBe('Opening it (from your 49 HP): avoided 0%, unhurt 40% (2/5), hurt 60% (3/5), killed 0%');
    // An arrow trap (proximity) with a kobold already inside its reach: whoever comes first sets it off.
    const crowded = scenario({ ruleset: 'd20', map: ['######', '#@^k.#', '######'], traps: [{ kind: 'arrow', known: true }] });
    expect(trapOddsLines(crowded, 2, 1)[2]).toBe('Stepping on it: no exact reading here: another creature has just come within its reach too: it goes off at whichever comes first');
  });

  it('says nothing about a trap the player does not know of', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }] });
    expect(trapOddsLines(w, 2, 1)).toEqual([]);
    expect(trapOddsLines(w, 3, 1)).toEqual([]);
  });
});

describe('spotting odds: a fresh look, whatever the rules remember of looking', () => {
  const spotting = (w: ReturnType<typeof scenario>, x: number, y: number) => {
    // Read exactly from the ruleset's finding checks (a fraction beside the percent where it is short).
    const m = /^Spotting: (\d+)%(?: \(\d+\/\d+\))? per search beside it, (\d+)%(?: \(\d+\/\d+\))? in passing$/.exec(trapOddsLines(w, x, y)[1]!);
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
    const lines = trapOddsLines(w, 2, 1);
    // CDDA reads the step exactly: killed is the head or the torso at 0, no HP total named.
    expect(lines[2]).toMatch(/^Stepping on it: avoided .*, killed [<>]?\d+%/);
    expect(lines[2]).not.toMatch(/HP/);
    w.traps[0]!.armed = false;
    expect(trapOddsLines(w, 2, 1)[2]).toMatch(/\(it is sprung\)$/);
  });

  it('where disarming is refused, says the real reason, not where you stand', () => {
    const far = scenario({ ruleset: 'test', map: ['######', '#@.^.#', '######'], traps: [{ kind: 'spike', known: true }] });
    expect(trapOddsLines(far, 3, 1).at(-1)).toBe('Disarming: not possible. You are too far away from it.');
    // d20: a sprung pit, right beside you: nothing to disarm (the distance is not the reason).
    const pit = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'camo_pit', known: true }] });
    pit.traps[0]!.armed = false;
    const lines = trapOddsLines(pit, 2, 1);
    expect(lines[2]).toBe('Stepping on it: sets it off 0% (it is sprung)');
    expect(lines.at(-1)).toBe('Disarming: not possible. The camouflaged pit trap has already been sprung: there is nothing to disarm.');
    // wasteland: beside the trap, the place is the reason, and the line says how.
    const w = scenario({ ruleset: 'wasteland', map: ['######', '#@.^.#', '######'], traps: [{ kind: 'caltrops', known: true }] });
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(trapOddsLines(w, 3, 1).at(-1)).toBe('Disarming: not possible. You must stand on the trap to disarm it.');
  });
});
