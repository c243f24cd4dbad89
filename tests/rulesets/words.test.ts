/**
 * The words every ruleset shows the player read as sentences (issue 19, item 22, as classes):
 * look text for every trap kind in every state, every message and refusal of long random games,
 * and every rig option's reason. A sentence starts with a capital, ends with one full stop (an
 * ellipsis is three), has a comma before each ", on" after a parenthesis, and names no ruleset
 * by its id.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/core/actions.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { type Actor, DIRECTIONS, type World } from '../../src/core/world.ts';
import { RULESETS } from '../../src/rulesets/index.ts';
import { describeCell } from '../../src/ui/look.ts';
import { scenario } from '../support/scenario.ts';
import { sentenceProblem } from '../support/sentences.ts';
import { edit, player } from '../../src/core/level.ts';
import { heroIn } from '../support/heroIn.ts';

const IDS = RULESETS.map((r) => r.id);

/** A small deterministic generator for the actions (independent of the game's streams). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Trap kinds a bare spec can place (d20's designed trap carries its design in its data). */
function plainKinds(ruleset: (typeof RULESETS)[number]): string[] {
  return ruleset.traps.map((d) => d.id).filter((id) => !(ruleset.id === 'd20' && id === 'designed'));
}

function expectSentence(text: string, where: string): void {
  expect(sentenceProblem(text), `${where}: "${text}"`).toBeNull();
  for (const id of IDS.filter((id) => id.length > 3)) expect(text, `${where}: names the ruleset by its id`).not.toMatch(new RegExp(`\\b${id}\\b`));
}

describe('sentenceProblem', () => {
  it('finds each fault it names, and passes good sentences', () => {
    expect(sentenceProblem('Placing a trap must be your only action this turn: end this turn first (wait)..')).toBe('a double full stop');
    expect(sentenceProblem('You (unhurt), on a snare you set (it looks like floor) on stone floor.')).toBe('no comma after a parenthesis');
    expect(sentenceProblem('reveal "2" should be 1 or 0; ignored.')).toBe('starts lowercase');
    expect(sentenceProblem('A pit, on stone floor. it is deep.')).toBe('a sentence starts lowercase');
    expect(sentenceProblem('You die... Killed by a pit.')).toBeNull();
    expect(sentenceProblem('Fiddling with the thing, you have a small accident....')).toBeNull();
    expect(sentenceProblem('(2 rounds until it takes effect.)')).toBeNull();
    expect(sentenceProblem('"Stakes" cannot go there.')).toBeNull();
  });
});

describe('look text for every trap kind of every ruleset', () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset.id}: armed or sprung, yours or not, with a monster on it or not`, () => {
      let checked = 0;
      const kinds = plainKinds(ruleset);
      for (const kind of kinds) {
        for (const armed of [true, false]) {
          for (const owner of [null, 1]) {
            for (const withMonster of [false, true]) {
              const w = scenario({ ruleset: ruleset.id, map: ['#####', '#@^r#', '#####'], traps: [{ kind, known: true }], sleepingMonsters: true });
              edit(w, (p) => {
                const trap = p.traps[0]!;
                trap.armed = armed;
                trap.owner = owner;
                if (withMonster) {
                  const rat = p.actors.find((a) => a.kind === 'rat') as Actor;
                  rat.x = 2;
                }
              });
              const text = describeCell(w, ruleset, 2, 1)!;
              expectSentence(text, `${kind} armed=${armed} owner=${owner} monster=${withMonster}`);
              // A trap that cannot go off says so, as the odds tooltip does.
              if (!armed) expect(text, kind).toMatch(/\(sprung|sprung[;,)]/);
              checked++;
            }
          }
        }
      }
      expect(checked).toBe(kinds.length * 8);
    });
  }
});

describe('rig options', () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset.id}: every greyed option says why in a sentence`, () => {
      for (const seed of ['r1', 'r2']) {
        const w = newGame({ seed, ruleset: ruleset.id, width: 40, height: 25 });
        const hero = player(w);
        // As the hero starts, and with an empty pack (what it lacks).
        for (const empty of [false, true]) {
          if (empty) {
            edit(w, (p) => {
              heroIn(p).inventory = [];
            });
            expect(hero.inventory).toEqual([]);
          }
          for (const o of ruleset.rigOptions(w, hero)) {
            expectSentence(o.name.replace(/^./, (c) => c.toUpperCase()).concat('.'), `${o.id} name`);
            if (!o.available) expectSentence(o.reason ?? '', `${o.id} reason`);
          }
        }
      }
    });
  }
});

function randomAction(w: World, r: () => number): Action {
  const [dx, dy] = DIRECTIONS[Math.floor(r() * 8)]!;
  const pick = r();
  const ruleset = RULESETS.find((x) => x.id === w.ruleset)!;
  if (pick < 0.55) return { type: 'move', dx, dy, confirm: r() < 0.7 };
  if (pick < 0.65) return { type: 'search' };
  if (pick < 0.73) return { type: 'disarm', dx, dy };
  if (pick < 0.8) {
    const options = ruleset.rigOptions(w, player(w));
    const o = options[Math.floor(r() * options.length)];
    // Now and then a greyed one, or a direction where none belongs: their refusals are read too.
    if (o) return { type: 'rig', what: o.id, ...(o.where === 'here' && r() < 0.8 ? { dx: 0, dy: 0 } : { dx, dy }) };
    return { type: 'wait' };
  }
  if (pick < 0.84) return { type: 'trigger' };
  if (pick < 0.88) return { type: 'open', dx, dy };
  if (pick < 0.9) return { type: 'close', dx, dy };
  if (pick < 0.92) return { type: 'kick', dx, dy };
  if (pick < 0.94) return { type: 'descend' };
  if (pick < 0.96) return { type: 'pickup' };
  return { type: 'wait' };
}

describe('messages and refusals of random games', () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset.id}: every line of the log reads as a sentence`, () => {
      let lines = 0;
      for (const seed of ['w1', 'w2', 'w3']) {
        const w = newGame({ seed, ruleset: ruleset.id, width: 40, height: 25 });
        const r = lcg(seed.charCodeAt(1));
        for (let n = 0; n < 400 && !w.over; n++) {
          const action = randomAction(w, r);
          const result = step(w, action);
          for (const e of result.events) {
            if (e.type !== 'message' && e.type !== 'refused') continue;
            const text = e.type === 'message' ? e.text : e.reason;
            expectSentence(text, `${seed} step ${n} (${JSON.stringify(action)})`);
            lines++;
          }
        }
      }
      expect(lines).toBeGreaterThan(100);
    });
  }
});
