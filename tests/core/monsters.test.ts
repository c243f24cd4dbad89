import { describe, expect, it } from 'vitest';
import { step } from '../../src/core/engine.ts';
import { getRuleset, registerRuleset } from '../../src/core/registry.ts';
import type { Ruleset } from '../../src/core/ruleset.ts';
import { actorById, player } from '../../src/core/world.ts';
import { scenario } from '../support/scenario.ts';
import '../support/testRuleset.ts';

// A variant of the test ruleset in which monsters know every trap.
const knowing: Ruleset = { ...getRuleset('test'), id: 'test-knowing', monsterKnowsTrap: () => true };
registerRuleset(knowing);

// The kobold must come left to the player: straight through the trap cell, or round it by the
// row below (same length). Only a monster that knows the trap should take the way round.
const MAP = ['#########', '#@..^..k#', '#.......#', '#########'];

describe('monsters', () => {
  it('walk onto a trap they do not know of', () => {
    const seen = new Set<string>();
    // The route is straight along row 1 unless a random tie-break picks the row below; over seeds one takes the trap cell.
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const w = scenario({ ruleset: 'test', seed, map: MAP, traps: [{ kind: 'spike' }], monsters: [{ ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 20 } }] });
      const kobold = w.actors.find((a) => a.kind === 'kobold')!;
      for (let i = 0; i < 6; i++) {
        step(w, { type: 'wait' });
        const k = actorById(w, kobold.id)!;
        seen.add(`${k.x},${k.y}`);
      }
    }
    expect(seen.has('4,1')).toBe(true);
  });

  it('route round a trap they know of (a path cost, not a wall)', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const w = scenario({ ruleset: 'test-knowing', seed, map: MAP, traps: [{ kind: 'spike' }], monsters: [{ ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 20 } }] });
      const kobold = w.actors.find((a) => a.kind === 'kobold')!;
      for (let i = 0; i < 6; i++) {
        step(w, { type: 'wait' });
        const k = actorById(w, kobold.id)!;
        expect(`${k.x},${k.y}`).not.toBe('4,1');
      }
    }
  });

  it('a trap they know of is still crossed when there is no other way', () => {
    const w = scenario({
      ruleset: 'test-knowing',
      map: ['#########', '#@..^..k#', '#########'],
      traps: [{ kind: 'alarm' }],
      monsters: [{ ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 20 } }],
    });
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    for (let i = 0; i < 8; i++) step(w, { type: 'wait' });
    expect(actorById(w, kobold.id)!.x).toBeLessThan(4);
  });

  it('a noise wakes sleepers and draws them to look', () => {
    const w = scenario({ ruleset: 'test', map: ['###########', '#@^......r#', '###########'], traps: [{ kind: 'alarm' }], sleepingMonsters: true });
    const rat = w.actors.find((a) => a.kind === 'rat')!;
    expect(rat.status.asleep).toBe(1);
    step(w, { type: 'move', dx: 1, dy: 0 });
    const after = actorById(w, rat.id)!;
    expect(after.status.asleep).toBeUndefined();
    expect(['investigate', 'hunt']).toContain(after.ai.mode);
  });

  it('hunt the player they see and attack when adjacent', () => {
    const w = scenario({ ruleset: 'test', map: ['#######', '#@...o#', '#######'] });
    for (let i = 0; i < 6 && player(w).hp === player(w).maxHp; i++) step(w, { type: 'wait' });
    expect(player(w).hp).toBeLessThan(player(w).maxHp);
  });

  it('a death records its cause', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }], player: { hp: 1 } });
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(w.over?.cause).toBe('Killed by a spike trap');
  });
});
