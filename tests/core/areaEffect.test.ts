/**
 * The vocabulary's `area` (one roll for everyone within a square, each saving for itself where
 * the ruleset has saving throws) and a kind's own numbers in its dice (`#name`): played and read,
 * the readings' numbers counted by hand, and what a ruleset cannot do refused by field.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { step } from '../../src/core/engine.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { exact } from '../../src/core/prob.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { floorKind, withKinds } from '../support/trapFiles.ts';
import { scenario } from '../support/scenario.ts';

const DEAD_AT_0 = { dying: 'dead-at-0' };

/** Who the trap itself hurt, and by how much, in order (not bleeding afterwards). */
function damaged(events: readonly GameEvent[]): Array<[number, number]> {
  return events.flatMap((e) => (e.type === 'damaged' && e.trap !== undefined ? [[e.actor, e.amount] as [number, number]] : []));
}

function exactOf(r: ReturnType<typeof runOdds>, outcome: string): string | null {
  return r.outcomes[outcome]?.exact ?? null;
}

describe('area: one roll for everyone within the square', () => {
  // Cēaptūn has no saving throws: everyone in the area takes the roll.
  const id = withKinds('ceaptun', 'quake plate', [floorKind('quake', { difficulty: 10 }, { do: 'area', radius: 2, damage: '2d6', type: 'crushing', each: '{1} [are|is] shaken for {damage}.' })]);

  it('reaches walls and all within radius 2 of the trap, the hero first, each taking the one roll; one 3 cells off is spared', () => {
    // Kobolds beside the trap (3,1), 2 cells off behind a wall (5,3: walls do not stop it) and 3 off (6,1: outside).
    const map = ['#########', '#.@^k.k.#', '#########', '#....k..#', '#########'];
    let seen = 0;
    for (let i = 0; i < 20; i++) {
      const w = scenario({ ruleset: id, seed: `area-${i}`, map, traps: [{ kind: 'quake' }], level: { danger: 0 }, player: { hp: 60, maxHp: 60 }, sleepingMonsters: true, monsters: [{ hp: 60 }, { hp: 60 }, { hp: 60 }] });
      const at = (x: number, y: number) => w.actors.find((a) => a.x === x && a.y === y)!.id;
      const [beside, behindWall] = [at(4, 1), at(5, 3)];
      const r = step(w, { type: 'move', dx: 1, dy: 0 });
      const hits = damaged(r.events);
      if (hits.length === 0) continue; // Cēaptūn's own step past: it did not go off
      seen++;
      expect(hits.map(([a]) => a)).toEqual([w.playerId, ...[beside, behindWall].sort((a, b) => a - b)]);
      // One roll: the same amount for all (Cēaptūn reduces nothing here: no ward, no trap sense).
      expect(new Set(hits.map(([, n]) => n)).size).toBe(1);
      const said = r.events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
      expect(said.find((t) => t.startsWith('You are shaken for '))).toBeDefined();
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('reads for the one stepping as the roll itself: death at 7 HP is 2d6 >= 7 (21 of 36) of the times it goes off', () => {
    const r = runOdds(id, 'step', { trap: 'quake', hp: 7 });
    const avoided = r.outcomes.avoided!.p;
    expect(r.outcomes.death!.p).toBeCloseTo((1 - avoided) * (21 / 36), 12);
    expect(r.leavesOut).toContain('anyone else caught in it');
  });

  it('radius 0 reaches the one who set it off alone, and its reading leaves no one out', () => {
    const alone = withKinds('ceaptun', 'quake alone', [floorKind('quake', { difficulty: 10 }, { do: 'area', radius: 0, damage: '2d6' })]);
    expect(runOdds(alone, 'step', { trap: 'quake', hp: 7 }).leavesOut ?? []).not.toContain('anyone else caught in it');
  });
});

describe('area with a saving throw (d20): half or none on a save, the DC a number of the kind', () => {
  // A burning hands device (SRD: 1d4 fire, Reflex half) of spell level `level`: its DC is the
  // device's, floor(10 + 1.5 x level) (RULES.md: SL1 11, SL4 16), read through "#save-dc".
  const device = (level: number, success: 'half' | 'none') =>
    floorKind(
      'fan',
      { magic: 'device', trigger: 'location', 'spell-level': level, 'caster-level': 2 * level - 1, 'automatic-reset': true, damage: '1d4' },
      { do: 'area', radius: 1, damage: '#damage', type: 'fire', save: { save: 'ref', dc: '#save-dc', success, say: '[You resist: {damage:no effect|half damage}.|]' }, each: '{1} [are|is] burned[!|.]' },
    );

  it('at 3 HP a full 1d4 kills on 3 or 4 and half never does: death = P(fail) x 1/2, the DC following the spell level', () => {
    for (const [level, dc] of [
      [1, 11],
      [4, 16],
    ] as const) {
      const id = withKinds('d20', `fan ${level}`, [device(level, 'half')]);
      // Reflex +0: a save is a d20 of dc or more (a natural 1 fails, a 20 succeeds).
      const fail = (dc - 1) / 20;
      expect(runOdds(id, 'step', { trap: 'fan', hp: 3, ref: 0 }, DEAD_AT_0).outcomes.death!.p).toBeCloseTo(fail * 0.5, 12);
    }
  });

  it('none on a save: at 1 HP death is exactly the failed save (the roll is at least 1)', () => {
    const id = withKinds('d20', 'fan none', [device(1, 'none')]);
    const r = runOdds(id, 'step', { trap: 'fan', hp: 1, ref: 2 }, DEAD_AT_0);
    // DC 11 at Reflex +2: a natural 9 or more saves (12 of 20), a natural 1 fails anyway.
    expect(exactOf(r, 'death')).toBe('2/5');
    expect(exactOf(r, 'unhurt')).toBe('3/5');
  });

  it('in play the saved take half the one roll and are told so; the others take it whole', () => {
    const id = withKinds('d20', 'fan play', [device(1, 'half')]);
    let both = 0;
    for (let i = 0; i < 60 && both < 3; i++) {
      const w = scenario({ ruleset: id, seed: `fan-${i}`, map: ['######', '#@^k.#', '######'], settings: DEAD_AT_0, traps: [{ kind: 'fan' }], player: { hp: 40, maxHp: 40 }, sleepingMonsters: true, monsters: [{ hp: 40 }] });
      const said = (r: ReturnType<typeof step>) => r.events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
      const r = step(w, { type: 'move', dx: 1, dy: 0 });
      const hits = damaged(r.events);
      const resisted = said(r).find((t) => t.startsWith('You resist'));
      const burned = said(r).includes('You are burned!');
      expect(Boolean(resisted) !== burned).toBe(true);
      if (hits.length === 2 && resisted && hits[0]![1] !== hits[1]![1]) {
        // The hero saved and the kobold did not: half of the kobold's roll, rounded down.
        expect(hits[0]![1]).toBe(Math.floor(hits[1]![1] / 2));
        both++;
      }
    }
    expect(both).toBeGreaterThan(0);
  });
});

describe('#name: a number of the kind in its dice and counts', () => {
  it('reads the number where it is written, so one change moves the effect and the table alike', () => {
    const written = withKinds('ceaptun', 'plate written', [floorKind('plate', { difficulty: 12 }, { do: 'damage', damage: '12' })]);
    const named = withKinds('ceaptun', 'plate named', [floorKind('plate', { difficulty: 12 }, { do: 'damage', damage: '#difficulty' })]);
    const a = runOdds(written, 'step', { trap: 'plate', hp: 10 });
    const b = runOdds(named, 'step', { trap: 'plate', hp: 10 });
    expect(b.outcomes).toEqual(a.outcomes);
    const step = getRuleset(named).checks.step!;
    expect(exact(step.program({ trap: 'plate', hp: 13 }, {})).length).toBeGreaterThan(0);
  });

  it('lets a kind name a number of its own once and read it in two effects (Cēaptūn otherwise reads only its difficulty): 4d6 >= 10 is 1170 of 1296', () => {
    const id = withKinds('ceaptun', 'bite plates', [floorKind('bite', { difficulty: 12, bite: '2d6' }, { do: 'all', effects: [{ do: 'damage', damage: '#bite' }, { do: 'area', radius: 1, damage: '#bite' }] })]);
    // Counted by hand: sums of 4d6 at most 9 are 126 of 1296.
    let low = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) for (let d = 1; d <= 6; d++) if (a + b + c + d <= 9) low++;
    expect(low).toBe(126);
    const r = runOdds(id, 'step', { trap: 'bite', hp: 10 });
    expect(exactOf(r, 'death')).toBe('65/72');
    expect(1 - 126 / 1296).toBeCloseTo(65 / 72, 12);
    expect(() => withKinds('ceaptun', 'unread number', [floorKind('bite', { difficulty: 12, bite: '2d6' }, { do: 'damage', damage: '2d6' })])).toThrow(/numbers\.bite: Cēaptūn reads no such number .*or its effect \(#name\) names/);
  });

  it('refuses, by field, a number the kind does not have, dice where a whole number is needed, and a save where there are none', () => {
    const fan = { magic: 'device', trigger: 'location', 'spell-level': 1, 'caster-level': 1, 'automatic-reset': true, damage: '1d4' };
    expect(() => withKinds('ceaptun', 'bad ref', [floorKind('plate', { difficulty: 12 }, { do: 'damage', damage: '#nope' })])).toThrow(/traps\[0\]\.effect\.damage: "#nope": the kind has no number "nope"/);
    expect(() => withKinds('d20', 'bad radius', [floorKind('plate', fan, { do: 'area', radius: '#damage', damage: '#damage' })])).toThrow(/traps\[0\]\.effect\.radius: "#damage" is dice \(1d4\); a whole number is needed here/);
    expect(() => withKinds('ceaptun', 'no saves', [floorKind('plate', { difficulty: 12 }, { do: 'area', radius: 1, damage: '2d6', save: { save: 'ref', dc: 12, success: 'half' } })])).toThrow(
      /traps\[0\]\.effect\.save: ceaptun has no saving throws/,
    );
    expect(() => withKinds('d20', 'odd save', [floorKind('plate', fan, { do: 'area', radius: 1, damage: '#damage', save: { save: 'luck', dc: '#save-dc', success: 'half' } })])).toThrow(
      /traps\[0\]\.effect\.save\.save: d20 has no saving throw "luck" \(it has ref, fort, will\)/,
    );
  });
});

describe('volley: shots of the ruleset\'s attack, at one or at all within a square', () => {
  // d20: the attack is d20 + the kind's attack (+10) against AC; 20 threatens, a second hit confirms (x2).
  // The kind's design is the arrow trap's (CR 1); each shot deals the volley's own 1.
  const shots = (count: string, radius?: number) =>
    floorKind('volley', { trigger: 'location', reset: 'manual', attack: 10, damage: '1d6', 'search-dc': 20, 'disable-dc': 20 }, { do: 'volley', count, ...(radius === undefined ? {} : { radius }), attack: { noun: 'dart', damage: '1', type: 'piercing' }, say: '{count} darts fly at {1 him}: {hits} hit.' });

  it('reads two shots at AC 21 by hand: each misses 1/2, hits for 1 19/40, crits for 2 1/40; at 2 HP death is 11/40', () => {
    const id = withKinds('d20', 'two darts', [shots('2')]);
    expect(exactOf(runOdds(id, 'step', { trap: 'volley', hp: 2, ac: 21 }, DEAD_AT_0), 'death')).toBe('11/40');
  });

  it('plays each shot as an attack, tells two or more in one line (hits counted), one as an attack is told, and reaches all within its radius', () => {
    const three = withKinds('d20', 'three darts', [shots('3', 1)]);
    const w = scenario({ ruleset: three, seed: 'volley', map: ['######', '#@^k.#', '######'], settings: DEAD_AT_0, traps: [{ kind: 'volley' }], player: { hp: 40, maxHp: 40 }, sleepingMonsters: true, monsters: [{ hp: 40 }] });
    const hero = w.playerId;
    const kobold = w.actors.find((a) => a.id !== hero)!.id;
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    const attacked = r.events.flatMap((e) => (e.type === 'attacked' ? [[e.target, e.result] as const] : []));
    expect(attacked.map(([t]) => t)).toEqual([hero, hero, hero, kobold, kobold, kobold]);
    const hits = attacked.filter(([t, res]) => t === hero && res !== 'miss').length;
    const said = r.events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
    expect(said).toContain(`3 darts fly at you: ${hits} hit.`);
    expect(said.some((t) => /hits you|misses you/.test(t))).toBe(false);
    const one = withKinds('d20', 'one dart', [shots('1')]);
    const w1 = scenario({ ruleset: one, seed: 'volley-1', map: ['#####', '#@^.#', '#####'], settings: DEAD_AT_0, traps: [{ kind: 'volley' }], player: { hp: 40, maxHp: 40 } });
    const said1 = step(w1, { type: 'move', dx: 1, dy: 0 }).events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
    expect(said1.some((t) => /The dart (hits|misses) you/.test(t))).toBe(true);
    expect(said1.some((t) => t.includes('fly at you'))).toBe(false);
  });

  it('is refused where the ruleset rolls no attack for a trap, by field', () => {
    expect(() => withKinds('cdda', 'cdda darts', [floorKind('volley', { V: 1, A: 1, D: 1 }, { do: 'volley', count: '2', attack: { noun: 'dart', damage: '1d4' } })])).toThrow(/traps\[0\]\.effect: CDDA rolls no attack for a trap/);
  });
});
