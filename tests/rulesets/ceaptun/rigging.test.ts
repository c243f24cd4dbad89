/** Rigging with Trapwright: options, where, time, the check, interruption, and the rigged traps. */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { step } from '../../../src/core/engine.ts';
import type { Random } from '../../../src/core/rng.ts';
import { ruleset } from '../../../src/rulesets/ceaptun/index.ts';
import { finishRig, startRig } from '../../../src/rulesets/ceaptun/rigging.ts';
import { trapOf } from '../../support/scenario.ts';
import { act, messages, ofType, SEEDS, world } from './helpers.ts';
import { edit, player } from '../../../src/core/level.ts';
import { heroIn } from '../../support/heroIn.ts';

const room = ['#######', '#.....#', '#.@...#', '#.....#', '#######'];
const count = (kind: string, w: ReturnType<typeof world>) => player(w).inventory.filter((i) => i.kind === kind).reduce((s, i) => s + i.count, 0);

describe('rig options', () => {
  it('lists tripwire, stakes and pitfall, greyed out with what is lacking', () => {
    const w = world({ map: room });
    expect(ruleset.rigOptions(w, player(w))).toEqual([
      { id: 'tripwire', name: 'Tripwire', available: true },
      { id: 'stakes', name: 'Stakes', available: true },
      { id: 'pitfall', name: 'Pitfall', available: true },
    ]);
    const bare = world({ map: room, player: { inventory: [] } });
    expect(ruleset.rigOptions(bare, player(bare)).map((o) => o.reason)).toEqual([
      'You need arrows (up to 3).',
      'You need a wood billet and a knife.',
      'You need a digging tool ready.',
    ]);
    const novice = world({ map: room, player: { traits: { craftLevel: 24 } } });
    expect(ruleset.rigOptions(novice, player(novice)).every((o) => !o.available && /Trapwright/.test(o.reason ?? ''))).toBe(true);
    expect(step(novice, { type: 'rig', what: 'stakes', dx: 1, dy: 0 }).refused).toMatch(/Trapwright/);
  });
});

describe('where a trap may be rigged', () => {
  it('refuses water, ice, stairs, doors, occupied cells, chests, known traps, and a tripwire with no wall near', () => {
    const w = world({ map: ['##########', '#~=>+C.k.#', '#.@.^...##', '#........#', '##########'], traps: [{ kind: 'pit', known: true }] });
    const p = player(w);
    const refused = (what: string, dx: number, dy: number) => ruleset.refuse!(w, p, { type: 'rig', what, dx, dy });
    const standAt = (x: number, y: number) =>
      edit(w, (plain) => {
        const h = heroIn(plain);
        h.x = x;
        h.y = y;
      });
    expect(refused('stakes', -1, -1)).toMatch(/water/);
    expect(refused('stakes', 0, -1)).toMatch(/ice/);
    expect(refused('stakes', 1, -1)).toMatch(/staircase/);
    expect(refused('stakes', 0, 0)).toMatch(/beside you/);
    expect(refused('stakes', 1, 0)).toBeNull();
    expect(refused('tripwire', 0, 1)).toBeNull();
    standAt(4, 2);
    expect(refused('stakes', 0, -1)).toMatch(/door/);
    expect(refused('stakes', 1, -1)).toBe('There is a chest there.');
    standAt(3, 2);
    expect(refused('stakes', 1, 0)).toBe('There is a trap there already.');
    standAt(6, 2);
    expect(refused('stakes', 1, -1)).toBe('Someone is standing there.');
    // A refusal costs no time.
    expect(step(w, { type: 'rig', what: 'stakes', dx: 1, dy: -1 }).refused).toBe('Someone is standing there.');
    expect(w.time).toBe(0);
    const open = world({ map: ['#########', '#.......#', '#.......#', '#.......#', '#...@...#', '#.......#', '#.......#', '#########'] });
    expect(step(open, { type: 'rig', what: 'tripwire', dx: 0, dy: -1 }).refused).toMatch(/wall within 2 cells/);
    expect(step(open, { type: 'rig', what: 'stakes', dx: 0, dy: -1 }).refused).toBeUndefined();
    expect(open.time).toBe(10 * 1000);
  });

  it('a hidden trap there all along is found instead, in one turn', () => {
    const w = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'pit' }] });
    const events = act(w, { type: 'rig', what: 'stakes', dx: 1, dy: 0 });
    expect(messages(events)).toContain('You find a pit there instead.');
    expect(trapOf(w, 'pit').knownBy).toContain(1);
    expect(w.time).toBe(100);
    expect(count('wood_billet', w)).toBe(2);
  });
});

describe('the work and the check', () => {
  it('takes its time; made, the trap is in place, known to you, and the arrows or billet used', () => {
    const cases = [
      { what: 'tripwire', kind: 'tripwire', minutes: 5, charges: 3, used: ['arrow', 3] },
      { what: 'stakes', kind: 'stake', minutes: 10, charges: 2, used: ['wood_billet', 1] },
      { what: 'pitfall', kind: 'pitfall', minutes: 20, charges: 3, used: ['digging_tool', 0] },
    ] as const;
    for (const c of cases) {
      let done = false;
      for (const seed of SEEDS) {
        const w = world({ map: room, seed, player: { traits: { dex: 14 } } });
        const before = count(c.used[0], w);
        const events = act(w, { type: 'rig', what: c.what, dx: 1, dy: 0 });
        // minutes x 60 s at 6 s a turn, 100 ticks a turn.
        expect(w.time).toBe(c.minutes * 1000);
        const result = ofType(events, 'rigAttempted')[0]!.result;
        if (result !== 'rigged') continue;
        const trap = trapOf(w, c.kind);
        expect([trap.x, trap.y, trap.owner, trap.charges, trap.knownBy]).toEqual([3, 2, 1, c.charges, [1]]);
        expect(count(c.used[0], w)).toBe(before - c.used[1]);
        expect(count('knife', w)).toBe(1);
        expect(messages(events)).toContain(`You rig a ${c.kind === 'stake' ? 'stake trap' : c.kind}.`);
        done = true;
        break;
      }
      expect(done, c.what).toBe(true);
    }
  });

  it('a tripwire loads at most 3 arrows, one charge each', () => {
    const w = world({ map: room, player: { traits: { dex: 40 }, inventory: [{ id: 5, kind: 'arrow', name: 'arrow', count: 2, x: -1, y: -1 }] } });
    act(w, { type: 'rig', what: 'tripwire', dx: 1, dy: 0 });
    expect(trapOf(w, 'tripwire').charges).toBe(2);
    expect(count('arrow', w)).toBe(0);
  });

  it('failed, nothing is rigged and you keep what you had', () => {
    for (const seed of SEEDS) {
      const w = world({ map: room, seed, player: { traits: { dex: 3 } } });
      const events = act(w, { type: 'rig', what: 'stakes', dx: 1, dy: 0 });
      if (ofType(events, 'rigAttempted')[0]!.result !== 'failed') continue;
      expect(w.traps).toEqual([]);
      expect(count('wood_billet', w)).toBe(2);
      expect(messages(events)).toContain('You fail to rig the stake trap.');
      return;
    }
    throw new Error('never failed');
  });

  it('on a natural 2 the trap goes off at you as you set it, and stays with a charge less', () => {
    const ones: Random = { uniform: () => 0, int: (lo) => lo, normal: (m) => m };
    for (const places of [true, false]) {
      const w = world({ map: room, settings: { rigSprungPlaces: places } });
      const hero = player(w);
      const ctx = new StepContext(w);
      startRig(ctx, hero, 'stakes', 3, 2);
      edit(w, (p) => {
        p.time = Number(hero.traits.rigEnd);
      });
      ctx.rng = () => ones;
      finishRig(ctx, hero);
      expect(ctx.events.find((e) => e.type === 'rigAttempted')).toMatchObject({ result: 'sprung' });
      expect(ctx.events.some((e) => e.type === 'trapTriggered' && e.how === 'rig' && e.actor === 1)).toBe(true);
      expect(count('wood_billet', w)).toBe(1);
      if (places) expect(trapOf(w, 'stake').charges).toBe(1);
      else expect(w.traps).toEqual([]);
    }
  });

  it('a creature coming into view stops the work: nothing rigged, nothing used, the time spent gone', () => {
    // A kobold comes down the corridor from 30 cells away; the light reaches 9.
    const w = world({
      map: ['#'.repeat(34), `#@.${'.'.repeat(29)}k#`, '#'.repeat(34)],
      monsters: [{ ai: { mode: 'investigate', targetX: 1, targetY: 1, patience: 60 } }],
    });
    const events = act(w, { type: 'rig', what: 'tripwire', dx: 1, dy: 0 });
    expect(messages(events)).toContain('A kobold comes into view: you stop rigging. Nothing is rigged.');
    expect(ofType(events, 'rigAttempted').map((e) => e.result)).toEqual(['interrupted']);
    expect(w.traps).toEqual([]);
    expect(count('arrow', w)).toBe(6);
    expect(w.time).toBeGreaterThan(1000);
    expect(w.time).toBeLessThan(5000);
    expect(player(w).traits.rigWhat).toBe('');
  });

  it('your own trap asks first, and creatures know nothing of it', () => {
    const w = world({ map: ['######', '#@^.k#', '######'], traps: [{ kind: 'pitfall', owner: 1, known: true, charges: 3 }] });
    expect(step(w, { type: 'move', dx: 1, dy: 0 }).confirmTrap?.name).toBe('pitfall');
    const k = w.actors.find((a) => a.kind === 'kobold')!;
    expect(ruleset.monsterKnowsTrap(w, k, trapOf(w, 'pitfall'))).toBe(false);
  });
});
