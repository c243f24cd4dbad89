/**
 * A ruleset's named custom effects (core/traps `custom`): the schema takes them by name, play
 * hands them the trap and its victim, the exact reading uses their own reading, what that leaves
 * out is said, and a designer's kind naming one the ruleset lacks (or one it has without a
 * reading) is refused with the field.
 */
import { describe, expect, it } from 'vitest';
import { constant, exact, roll } from '../../src/core/prob.ts';
import type { RuleContext } from '../../src/core/ruleset.ts';
import type { TrapKind } from '../../src/core/traps/definition.ts';
import type { TrapDialect } from '../../src/core/traps/dialect.ts';
import { playEffect } from '../../src/core/traps/play.ts';
import { dialectProblems, readDamage, readingLeavesOut } from '../../src/core/traps/read.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import type { Actor, Trap } from '../../src/core/world.ts';

const played: string[] = [];

/** A dialect with two named effects: one read exactly (1d6), one that plays only. */
const DIALECT: TrapDialect = {
  tier: () => 0,
  damageRoll: () => constant(0),
  attack: () => 'miss',
  deal: () => {},
  custom: {
    quake: {
      description: 'The floor shakes: 1d6 to whoever stands on it.',
      play: (_ctx, trap, kind, victim) => played.push(`${kind.id} at ${trap.x},${trap.y} on ${victim?.name ?? 'no one'}`),
      read: () => roll(1, 6),
      leavesOut: ['where the rubble falls'],
    },
    portal: { description: 'Opens a way to elsewhere.', play: () => played.push('portal') },
  },
  read: { tier: () => 0, attack: () => constant('miss'), damage: () => constant(0) },
};

function kindWith(effect: unknown): TrapKind {
  return parseTrapFile(
    { format: 'trapsmith-traps', version: 1, ruleset: 'test', name: 'custom', traps: [{ id: 'k', name: 'k', colour: '#fff', hosts: ['floor'], placement: { weight: 1 }, charges: 1, numbers: {}, effect }] },
    'custom',
  ).traps[0]!;
}

describe('named custom effects', () => {
  it('the schema takes one by a lower-case name, and names the field of a bad one', () => {
    expect(kindWith({ do: 'custom', name: 'quake' }).effect).toEqual({ do: 'custom', name: 'quake' });
    expect(() => kindWith({ do: 'custom', name: 'Big Quake' })).toThrow(/traps\[0\]\.effect\.name: expected the name of one of the ruleset's custom effects/);
    expect(() => kindWith({ do: 'custom' })).toThrow(/traps\[0\]\.effect\.name/);
  });

  it('play hands it the trap, its kind and its victim, in the tree\'s order', () => {
    played.length = 0;
    const kind = kindWith({ do: 'all', effects: [{ do: 'custom', name: 'portal' }, { do: 'custom', name: 'quake' }] });
    const trap = { x: 3, y: 4 } as Trap;
    const victim = { name: 'kobold' } as Actor;
    // The custom effects touch nothing of the context here; play passes it through.
    playEffect({ ctx: {} as RuleContext, trap, kind, dialect: DIALECT, victim }, kind.effect);
    expect(played).toEqual(['portal', 'k at 3,4 on kobold']);
  });

  it('the exact reading is its own (1d6: 4 or more half the time), and what it leaves out is said', () => {
    const kind = kindWith({ do: 'chance', percent: 50, effect: { do: 'custom', name: 'quake' } });
    const read = exact(readDamage(kind, DIALECT, {}, {}));
    const p = (v: number) => read.find((o) => o.value === v)?.exact;
    // Half the time nothing; else 1..6 each 1/6: 0 is 1/2, each face 1/12.
    expect(p(0)).toEqual({ num: 1n, den: 2n });
    expect(p(6)).toEqual({ num: 1n, den: 12n });
    expect(readingLeavesOut(kind, DIALECT)).toEqual(['where the rubble falls']);
  });

  it('a designer may not name one the ruleset lacks, nor one without a reading', () => {
    const kinds = [kindWith({ do: 'custom', name: 'quake' }), kindWith({ do: 'all', effects: [{ do: 'say', say: 'Hm.' }, { do: 'custom', name: 'portal' }] }), kindWith({ do: 'custom', name: 'constructor' })];
    expect(dialectProblems(kinds, DIALECT, 'test')).toEqual([
      `traps[1].effect.effects[1].name: test's "portal" plays in its own kinds only, it has no exact reading (a designer may use: quake)`,
      'traps[2].effect.name: test has no custom effect "constructor" (quake)',
    ]);
  });
});
