/**
 * A scenario's `player.traits` are read against the traits its ruleset declares (core/traits.ts):
 * an unknown name (`constructor` and `toString` are not traits), a value of the wrong kind or out
 * of range is refused naming the field and, for a name, the known ones; what the level editor
 * writes of a game in progress (traits play set: Cēaptūn's look in passing, Omega's timed states)
 * and every shipped scenario are accepted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { parseScenario, type Scenario, scenarioWorld } from '../../src/core/scenario.ts';
import { getBot } from '../../src/sim/bots/index.ts';
import { draftOfWorld } from '../../src/ui/editor/draft.ts';

const EXAMPLES = new URL('../../examples/scenarios/', import.meta.url);
const corridor = (): Scenario => parseScenario(readFileSync(new URL('pit-corridor.json', EXAMPLES), 'utf8'));

function refusal(traits: Record<string, unknown>): string {
  const s = corridor();
  try {
    scenarioWorld(parseScenario({ ...s, player: { traits } }, 'the file'), s.ruleset, 'seed', {}, 'the file');
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

describe("a scenario's player.traits", () => {
  it('refuses a name its ruleset does not know, naming the field and the known ones', () => {
    for (const name of ['nope', 'constructor', 'toString', 'hasOwnProperty']) {
      const message = refusal({ [name]: 1 });
      expect(message).toMatch(new RegExp(`^the file: player\\.traits\\.${name}: ceaptun has no trait "${name}" \\(its traits: `));
      // The known ones: the character's own (seed 002's Dexterity, Disable device) and those play sets.
      expect(message).toMatch(/\bdex\b.*\bdisableDevice\b.*\bpassX\b/);
    }
  });

  it('refuses a `__proto__` key by its field', () => {
    expect(refusal(JSON.parse('{"__proto__": {"dex": 3}}'))).toMatch(/player\.traits/);
  });

  it('refuses a value of the wrong kind or out of its range', () => {
    // ceaptun's settings: playerDex is 1 to 40; a talent is true or false.
    expect(refusal({ dex: 'quick' })).toBe('the file: player.traits.dex: expected a whole number from 1 to 40, not "quick"');
    expect(refusal({ dex: 41 })).toBe('the file: player.traits.dex: expected a whole number from 1 to 40, not 41');
    expect(refusal({ dex: 12.5 })).toMatch(/player\.traits\.dex: expected a whole number/);
    expect(refusal({ trapSense: 1 })).toBe('the file: player.traits.trapSense: expected true or false, not 1');
    expect(refusal({ dex: 16, trapSense: true })).toBe('accepted');
  });

  it('accepts every shipped scenario', () => {
    for (const f of readdirSync(EXAMPLES).filter((n) => n.endsWith('.json'))) {
      const s = parseScenario(readFileSync(new URL(f, EXAMPLES), 'utf8'), f);
      expect(() => scenarioWorld(s, s.ruleset, 'shipped'), f).not.toThrow();
    }
  });

  // Omega's levitation counts down in play (a timed state kept in the traits).
  const games: Array<[string, Record<string, number>, readonly string[]]> = [
    ['ceaptun', {}, ['passX', 'passY']],
    ['omega', { levitation: 30, statusTurns: 1 }, ['levitating']],
    ['cdda', {}, ['lastDetectTurn']],
    ['d20', {}, []],
    ['wasteland', {}, []],
  ];
  for (const [ruleset, settings, played] of games) {
    it(`accepts what the level editor saves of a ${ruleset} game in progress, the traits play set included`, () => {
      // Cēaptūn on the shipped corridor (the generated level of this seed has its stairs walled off from the editor's map).
      const world = ruleset === 'ceaptun' ? scenarioWorld(corridor(), ruleset, 'editor') : newGame({ seed: `editor-${ruleset}`, ruleset, width: 40, height: 25, settings });
      const bot = getBot('careful').create(world);
      for (let i = 0; i < 60 && !world.over; i++) {
        const action = bot.act(world);
        if (!action) break;
        step(world, action);
      }
      const saved = parseScenario(JSON.parse(JSON.stringify(draftOfWorld(world, 'saved').scenario())), 'saved');
      for (const name of played) expect(Object.keys(saved.player?.traits ?? {})).toContain(name);
      expect(() => scenarioWorld(saved, ruleset, 'again', {}, 'saved')).not.toThrow();
    });
  }
});
