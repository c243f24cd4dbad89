/**
 * Omega's one truth of a trap the player knows (issue #39 item 11): a scenario's known trap (and
 * every trap the debug reveal tells of) is drawn and asked about before a step, and so it is a
 * square that shows TRAP: it can be disarmed (no "You can't see a trap there!"), the hover reads
 * the disarm odds, and monsters avoid it (m_unblocked: a square showing TRAP is blocked to them).
 * A trap the player set still looks like floor until it goes off.
 */
import { describe, expect, it } from 'vitest';
import '../../../src/rulesets/index.ts';
import { step } from '../../../src/core/engine.ts';
import { applyEvents, player, trapAt } from '../../../src/core/level.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { disarmOdds } from '../../../src/core/stepOdds.ts';
import { trapOddsLines } from '../../../src/ui/lab/trapOdds.ts';
import type { World } from '../../../src/core/world.ts';
import { omegaWorld, texts } from './helpers.ts';

const MAP = ['#########', '#.@^...r#', '#########'];

/** The two ways the player comes to know a trap it never found: the scenario's flag, and the debug reveal's event. */
const WAYS: Array<[string, () => World]> = [
  ['a scenario\'s known trap', () => omegaWorld({ seed: 'known-1', map: MAP, traps: [{ kind: 'dart', known: true }] })],
  [
    'the debug reveal',
    () => {
      const w = omegaWorld({ seed: 'known-2', map: MAP, traps: [{ kind: 'dart' }] });
      const t = w.traps[0]!;
      applyEvents(w, [{ type: 'trapRevealed', trap: t.id, kind: t.kind, to: w.playerId, how: 'told' }]);
      return w;
    },
  ],
];

describe('Omega: a trap the player knows is a square that shows TRAP', () => {
  it.each(WAYS)('%s: the step is asked about (a known trap)', (_, make) => {
    const w = make();
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(r.events.some((e) => e.type === 'moved' && e.actor === w.playerId)).toBe(false);
  });

  it.each(WAYS)('%s: disarming is an attempt, not "You can\'t see a trap there!"', (_, make) => {
    const w = make();
    const r = step(w, { type: 'disarm', dx: 1, dy: 0 });
    expect(r.refused).toBeUndefined();
    expect(texts(r.events)).not.toContain("You can't see a trap there!");
    expect(r.events.some((e) => e.type === 'disarmAttempted')).toBe(true);
  });

  it.each(WAYS)('%s: the hover reads the disarm odds', (_, make) => {
    const w = make();
    expect(disarmOdds(w, player(w), trapAt(w, 3, 1)!)).not.toBeNull();
    const lines = trapOddsLines(w, 3, 1);
    expect(lines.find((l) => l.startsWith('Disarming:'))).toMatch(/^Disarming: disarmed \d+%/);
  });

  it.each(WAYS)('%s: monsters avoid it', (_, make) => {
    const w = make();
    const rat = w.actors.find((a) => a.id !== w.playerId)!;
    expect(getRuleset('omega').monsterKnowsTrap(w, rat, trapAt(w, 3, 1)!)).toBe(true);
  });

  it('a trap the player set looks like floor: monsters walk onto it, and it cannot be disarmed', () => {
    const w = omegaWorld({ seed: 'known-own', map: MAP, traps: [{ kind: 'dart', known: true }] });
    w.traps[0]!.owner = w.playerId;
    const rat = w.actors.find((a) => a.id !== w.playerId)!;
    expect(getRuleset('omega').monsterKnowsTrap(w, rat, trapAt(w, 3, 1)!)).toBe(false);
    expect(step(w, { type: 'disarm', dx: 1, dy: 0 }).refused).toBe("You can't see a trap there!");
  });
});
