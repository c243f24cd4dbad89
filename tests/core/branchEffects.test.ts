/**
 * The vocabulary's branches and the effects that came with them — `if` over who set a trap off
 * (the hero, a monster, its size and traits, the game's settings), `tell` (one template for the
 * hero and an onlooker), `delay`, `spent`, a `forever` status, a `damage` on a body part, and an
 * `all` of nothing — played in Cēaptūn (a designer's file) and CDDA, and read exactly. The numbers
 * are counted by hand from the definitions written here.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { StepContext } from '../../src/core/context.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { player } from '../../src/core/level.ts';
import { CORE_STATUS_KEY } from '../../src/core/statuses.ts';
import { FOREVER_TURNS } from '../../src/core/traps/play.ts';
import type { Actor, World } from '../../src/core/world.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { scenario } from '../support/scenario.ts';
import { withKinds } from '../support/trapFiles.ts';

function plate(effect: unknown, charges = -1): Record<string, unknown> {
  return { id: 'plate', name: 'pressure plate', colour: '#c0c0c0', hosts: ['floor'], placement: { weight: 0 }, charges, numbers: { difficulty: 10 }, effect };
}

/** A lit room: the hero, the plate beside it and a kobold beyond, all in sight of one another. */
function room(ruleset: string, kobold: Partial<Actor> = {}): World {
  return scenario({ ruleset, seed: 'branch', map: ['#######', '#.@^k.#', '#.....#', '#######'], traps: [{ kind: 'plate' }], level: { danger: 0 }, player: { hp: 20, maxHp: 40 }, monsters: [kobold] });
}

/** The plate goes off at `victim` (null: by itself); the events of that. */
function fire(w: World, victim: Actor | null): GameEvent[] {
  const ctx = new StepContext(w);
  ctx.trigger(w.traps[0]!, victim, 'step');
  return ctx.events;
}

const kobold = (w: World): Actor => w.actors.find((a) => a.kind === 'kobold')!;
const said = (events: readonly GameEvent[]) => events.flatMap((e) => (e.type === 'message' ? [`${e.tone}: ${e.text}`] : []));
const hurt = (events: readonly GameEvent[], who: Actor) => events.flatMap((e) => (e.type === 'damaged' && e.actor === who.id ? [e.amount] : []));

describe('if and tell', () => {
  const id = withKinds('ceaptun', 'two-faced plate', [
    plate({
      do: 'all',
      effects: [
        { do: 'tell', say: '{1} step[s] on the plate.', tone: 'bad', seenTone: 'trap' },
        { do: 'if', if: 'hero', effect: { do: 'damage', damage: '3' }, otherwise: { do: 'damage', damage: '5' } },
      ],
    }),
  ]);

  it('the hero takes the hero branch and is told in its tone; a monster the other, told to the onlooker in seenTone', () => {
    const w = room(id);
    const me = player(w);
    const mine = fire(w, me);
    expect(hurt(mine, me)).toEqual([3]);
    expect(said(mine)).toContain('bad: You step on the plate.');
    const w2 = room(id);
    const theirs = fire(w2, kobold(w2));
    expect(hurt(theirs, kobold(w2))).toEqual([5]);
    expect(said(theirs)).toContain('trap: The kobold steps on the plate.');
    expect(hurt(theirs, player(w2))).toEqual([]);
  });

  it('set off by no one: no line about a victim, no damage', () => {
    const w = room(id);
    const events = fire(w, null);
    expect(said(events).filter((s) => s.includes('plate.'))).toEqual([]);
    expect(events.some((e) => e.type === 'damaged')).toBe(false);
  });

  it('the exact reading follows the hero branch: 3 kills a hero with 3 HP, never one with 4', () => {
    // A hidden plate always goes off under the one who steps (no step past, no Light step by default).
    expect(runOdds(id, 'step', { trap: 'plate', hp: 3 }).outcomes.death!.exact).toBe('1/1');
    expect(runOdds(id, 'step', { trap: 'plate', hp: 4 }).outcomes.death!.exact).toBe('0/1');
  });
});

describe('conditions', () => {
  /** One line per condition that holds, so a run says which did. */
  const lines = [
    ['monster', 'monster'],
    [{ size: ['medium'] }, 'medium'],
    [{ size: ['tiny', 'small'] }, 'small'],
    [{ trait: 'robotic' }, 'robotic'],
    [{ setting: 'playerTrapwright' }, 'trapwright'],
    [{ not: { setting: 'playerTrapSense' } }, 'no trap sense'],
    [{ all: ['monster', { trait: 'robotic' }] }, 'robot monster'],
    [{ any: ['hero', { trait: 'robotic' }] }, 'hero or robot'],
  ] as const;
  const id = withKinds('ceaptun', 'condition plate', [plate({ do: 'all', effects: lines.map(([c, word]) => ({ do: 'if', if: c, effect: { do: 'say', say: word } })) })]);
  const words = new Set<string>(lines.map(([, word]) => word));
  /** The words said, in order, each as its condition names it (a line is said capitalised). */
  const heard = (events: readonly GameEvent[]) => said(events).map((s) => s.replace(/^\w+: /, '').toLowerCase()).filter((s) => words.has(s));

  it('a robot kobold, a plain kobold, the hero: each condition read of the victim (Cēaptūn calls everyone medium) and the settings', () => {
    const robot = room(id, { traits: { robotic: true } });
    expect(heard(fire(robot, kobold(robot)))).toEqual(['monster', 'medium', 'robotic', 'trapwright', 'no trap sense', 'robot monster', 'hero or robot']);
    const plain = room(id);
    expect(heard(fire(plain, kobold(plain)))).toEqual(['monster', 'medium', 'trapwright', 'no trap sense']);
    const me = room(id);
    expect(heard(fire(me, player(me)))).toEqual(['medium', 'trapwright', 'no trap sense', 'hero or robot']);
    const sensed = scenario({ ruleset: id, seed: 'sense', map: ['#######', '#.@^k.#', '#######'], traps: [{ kind: 'plate' }], level: { danger: 0 }, settings: { playerTrapSense: true } });
    expect(heard(fire(sensed, player(sensed)))).toEqual(['medium', 'trapwright', 'hero or robot']);
  });
});

describe('delay, spent, forever, nothing', () => {
  it('delay: a kobold of speed 100 loses 80 ticks for 0.8 turns, one of speed 50 twice that', () => {
    const id = withKinds('ceaptun', 'sticky plate', [plate({ do: 'delay', turns: 0.8 })]);
    for (const [speed, ticks] of [
      [100, 80],
      [50, 160],
    ] as const) {
      const w = room(id, { speed });
      const k = kobold(w);
      const before = k.nextAct;
      const acted = fire(w, k).filter((e) => e.type === 'acted' && e.actor === k.id);
      expect(acted.map((e) => (e.type === 'acted' ? e.nextAct - before : 0))).toEqual([ticks]);
    }
  });

  it('spent: the plate is gone after it goes off, said when seen; a second spent does nothing', () => {
    const id = withKinds('ceaptun', 'crumbling plate', [plate({ do: 'all', effects: [{ do: 'spent', say: 'The {trap} crumbles.' }, { do: 'spent', say: 'Again?' }] })]);
    const w = room(id);
    const events = fire(w, player(w));
    expect(w.traps).toEqual([]);
    expect(said(events)).toContain('trap: The pressure plate crumbles.');
    expect(said(events).some((s) => s.includes('Again?'))).toBe(false);
  });

  it('forever: a hold that outlasts any game, drawing nothing', () => {
    const id = withKinds('ceaptun', 'glue plate', [plate({ do: 'status', status: 'held', turns: 'forever' })]);
    const w = room(id);
    const k = kobold(w);
    const streams = JSON.stringify(w.rng);
    fire(w, k);
    expect(k.status[CORE_STATUS_KEY.held]).toBe(FOREVER_TURNS);
    expect(JSON.stringify(w.rng)).toBe(streams);
  });

  it('push: the hero lands on a free cell within 1 of the plate (no one\'s, the kobold\'s and its own taken), each of them sometimes', () => {
    const id = withKinds('ceaptun', 'shoving plate', [plate({ do: 'push', radius: 1 })]);
    const seen = new Set<string>();
    for (let i = 0; i < 120; i++) {
      const w = scenario({ ruleset: id, seed: `push-${i}`, map: ['#######', '#.@^k.#', '#.....#', '#######'], traps: [{ kind: 'plate' }], level: { danger: 0 } });
      const me = player(w);
      fire(w, me);
      seen.add(`${me.x},${me.y}`);
    }
    // Set off at the hero beside it (at 2,1): round the plate at (3,1) the free cells are its own
    // and (2..4, 2); the hero's own cell, the kobold's (4,1) and the walls are taken.
    expect([...seen].sort()).toEqual(['2,2', '3,1', '3,2', '4,2']);
    expect(runOdds(id, 'step', { trap: 'plate', hp: 5 }).leavesOut).toContain('where it pushes you');
  });

  it('an all of nothing: the plate goes off and nothing happens', () => {
    const id = withKinds('ceaptun', 'dud plate', [plate({ do: 'all', effects: [] })]);
    const w = room(id);
    const events = fire(w, player(w));
    expect(events.filter((e) => e.type === 'damaged' || e.type === 'actorUpdated')).toEqual([]);
    expect(runOdds(id, 'step', { trap: 'plate', hp: 1 }).outcomes.death!.exact).toBe('0/1');
  });
});

describe('body parts', () => {
  let files = 0;
  const cdda = (effect: unknown) =>
    withKinds('cdda', `cdda part ${++files}`, [{ id: 'jaw', name: 'iron jaw', colour: '#c0c0c0', hosts: ['floor'], placement: { weight: 0 }, charges: -1, numbers: { V: 1, A: 0, D: 1 }, effect }]);

  it('CDDA: a damage on the head kills at the head\'s HP, one on a leg never kills; either leg is drawn (1/2 each)', () => {
    // Whatever the avoidance dice leave (A 0 still avoids now and then), the jaw kills or hurts.
    const odds = (ruleset: string, head: number, torso: number) => runOdds(ruleset, 'step', { trap: 'jaw', head, torso }).outcomes;
    const head = cdda({ do: 'damage', damage: '10', part: 'head' });
    const avoided = odds(head, 10, 50).avoided!.p;
    expect(odds(head, 10, 50).death!.p).toBeCloseTo(1 - avoided, 12);
    expect(odds(head, 11, 50).death!.exact).toBe('0/1');
    expect(odds(head, 11, 50).hurt!.p).toBeCloseTo(1 - avoided, 12);
    const leg = cdda({ do: 'damage', damage: '500', part: 'leg' });
    expect(odds(leg, 1, 1).death!.exact).toBe('0/1');
    const sides = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const w = scenario({ ruleset: leg, seed: `leg-${i}`, map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'jaw' }] });
      const events = fire(w, player(w));
      for (const e of events) if (e.type === 'damaged' && e.part) sides.set(e.part, (sides.get(e.part) ?? 0) + 1);
    }
    expect([...sides.keys()].sort()).toEqual(['leg_l', 'leg_r']);
    // 200 draws of a fair side: each within 5 standard deviations of 100.
    for (const n of sides.values()) expect(Math.abs(n - 100)).toBeLessThan(5 * Math.sqrt(50));
  });

  it('CDDA: a check of a roll against the victim\'s Dex reads exactly: 1d20 beats Dex 8 twelve times in twenty', () => {
    const nettle = cdda({ do: 'check', roll: '1d20', beats: 'dex', effect: { do: 'damage', damage: '50', part: 'torso' } });
    const o = runOdds(nettle, 'step', { trap: 'jaw', head: 40, torso: 50, dex: 8 }).outcomes;
    // Set off (not avoided), the roll must beat 8: 12 of 20 faces kill at 50 to a torso of 50.
    expect(o.death!.p).toBeCloseTo((1 - o.avoided!.p) * (12 / 20), 12);
    expect(o.unhurt!.p).toBeCloseTo((1 - o.avoided!.p) * (8 / 20), 12);
    // In play, against a hero of Dex 20 no face of a d20 beats it.
    const w = scenario({ ruleset: nettle, seed: 'dex', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'jaw' }], player: { traits: { dex: 20 } } });
    expect(fire(w, player(w)).some((e) => e.type === 'damaged')).toBe(false);
  });

  it('a part or a status `as` the ruleset lacks is refused, naming the field', () => {
    expect(() => cdda({ do: 'damage', damage: '1', part: 'tail' })).toThrow(/traps\[0\]\.effect\.part: cdda has no body part "tail"/);
    expect(() => cdda({ do: 'status', status: 'held', turns: '2', as: 'net' })).toThrow(/traps\[0\]\.effect\.as: cdda has no status "net" of its own \(it has beartrap, lightsnare, heavysnare\)/);
    expect(() => withKinds('ceaptun', 'parted plate', [plate({ do: 'damage', damage: '1', part: 'head' })])).toThrow(/traps\[0\]\.effect\.part: ceaptun has no body parts/);
    expect(() => withKinds('ceaptun', 'bad if', [plate({ do: 'if', if: 'the hero', effect: { do: 'all', effects: [] } })])).toThrow(/traps\[0\]\.effect\.if/);
  });
});
