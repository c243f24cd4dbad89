/**
 * A trap that stays where it is but cannot go off now (d20's sprung pit, a Cēaptūn door trap left
 * unset by opening the door, CDDA's raised tile once the flood has started): every reader agrees
 * (issue 19, item 17, as a class). Stepping on it sets nothing off, the odds say 0%, look says
 * "sprung", and a disarm either is refused with a reason (costing nothing) or, where it is tried,
 * never claims to set off what does not go off.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../src/core/engine.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { worldHash } from '../../src/core/world.ts';
import { RULESETS } from '../../src/rulesets/index.ts';
import { probeTrap } from '../support/probe.ts';
import { describeCell } from '../../src/ui/look.ts';
import { scenario } from '../support/scenario.ts';
import { edit, player } from '../../src/core/level.ts';

const SAYS_SET_OFF = /set(s)? off|springs?\b|fumble/i;

function messages(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
}

describe('a trap resting unarmed', () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset.id}: step, odds, look and disarm agree that it cannot go off`, () => {
      const kinds = ruleset.traps.map((d) => d.id).filter((id) => !(ruleset.id === 'd20' && id === 'designed'));
      for (const kind of kinds) {
        const make = (seed: string) => {
          const w = scenario({ ruleset: ruleset.id, seed, map: ['#####', '#@^.#', '#####'], traps: [{ kind, known: true }], player: { hp: 5000, maxHp: 5000 } });
          edit(w, (p) => {
            p.traps[0]!.armed = false;
          });
          return w;
        };
        const w = make('rest');
        const trap = w.traps[0]!;
        expect(describeCell(w, ruleset, 2, 1), kind).toMatch(/sprung/);
        const odds = probeTrap(w, trap.id, { trials: 8 });
        expect(odds.enter.trigger, `${kind}: the odds of setting it off by a step`).toBe(0);
        const before = worldHash(w);
        const tried = step(w, { type: 'disarm', dx: 1, dy: 0 });
        if (tried.refused) {
          expect(tried.refused.length, kind).toBeGreaterThan(0);
          expect(worldHash(w), `${kind}: a refused disarm changes nothing`).toBe(before);
          expect(odds.disarm, kind).toMatchObject({ available: false, reason: tried.refused });
          continue;
        }
        // Tried: over a few seeds, a message that says it went off comes with it going off.
        for (let i = 0; i < 12; i++) {
          const again = make(`rest-${i}`);
          const events = step(again, { type: 'disarm', dx: 1, dy: 0 }).events;
          const wentOff = events.some((e) => e.type === 'trapTriggered' && e.trap === again.traps[0]?.id);
          expect(wentOff, `${kind}: a trap that cannot go off went off in a disarm`).toBe(false);
          for (const text of messages(events)) expect(text, `${kind}: says it went off, but nothing went off`).not.toMatch(SAYS_SET_OFF);
          expect(player(again).alive).toBe(true);
        }
      }
    });
  }
});
