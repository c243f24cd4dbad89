/**
 * The exact step reading against play itself: the survivor steps onto a trap in thousands of games
 * of the real engine (a fresh scenario each, seeds odds-0, odds-1, ...), and what happens to it —
 * avoided, set off unhurt, hurt, killed — comes out as often as the reading of the live world says
 * (`stepOdds`, through the ruleset's `stepInputs`), within 4.5 standard errors; an outcome the
 * reading calls impossible never happens.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { player, trapAt } from '../../../src/core/level.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { stepOdds, stepOddsSentence, stepUnread } from '../../../src/core/stepOdds.ts';
import { fractionToString } from '../../../src/core/fraction.ts';
import { SET_OFF_STEPS, trapDetour } from '../../../src/core/travel.ts';
import { runCli } from '../../support/cli.ts';
import type { Traits, World } from '../../../src/core/world.ts';
import { exact } from '../../../src/core/prob.ts';
import { teleportInputsOf } from '../../../src/rulesets/cdda/stepOdds.ts';
import { cddaWorld, NEVER_AVOIDS } from './helpers.ts';

const CORRIDOR = ['#######', '#.@^..#', '#######'];
/** A small room: most of a teleport pad's 625 squares are off the map; a kobold and an orc asleep in it. */
const ROOM = ['###############', '#.............#', '#..k.......o..#', '#.....@^......#', '#.......#.....#', '#.............#', '###############'];

const PARTS = ['head', 'torso', 'arm_l', 'arm_r', 'leg_l', 'leg_r'] as const;

interface Case {
  name: string;
  trap: string;
  map?: readonly string[];
  known?: boolean;
  parts?: Partial<Record<(typeof PARTS)[number], number>>;
  traits?: Traits;
  /** The survivor's build (Str, Bird Wings) is the game's settings. */
  settings?: Traits;
  charges?: number;
}

function fixture(c: Case, seed: string): World {
  const parts: Record<string, { hp: number; max: number }> = {};
  for (const p of PARTS) parts[p] = { hp: c.parts?.[p] ?? 84, max: 84 };
  const map = c.map ?? CORRIDOR;
  return cddaWorld({
    seed,
    map: [...map],
    traps: [{ kind: c.trap, ...(c.known ? { known: true } : {}), ...(c.charges !== undefined ? { charges: c.charges } : {}) }],
    sleepingMonsters: true,
    ...(c.settings ? { settings: c.settings } : {}),
    player: { hp: Object.values(parts).reduce((s, p) => s + p.hp, 0), maxHp: 504, parts, traits: { dex: 8, dodge: 0, ...(c.traits ?? {}) } },
  });
}

function trapOf(w: World) {
  return w.traps[0]!;
}

/** What happened to the survivor stepping east onto the trap. */
function outcome(w: World): string {
  const hero = w.playerId;
  const trap = trapOf(w).id;
  const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
  expect(r.refused).toBeUndefined();
  const setOff = r.events.some((e) => e.type === 'trapTriggered' && e.trap === trap && e.actor === hero);
  if (!setOff) return 'avoided';
  if (r.events.some((e) => e.type === 'died' && e.actor === hero)) return 'death';
  if (r.events.some((e) => e.type === 'damaged' && e.actor === hero && e.trap === trap)) return 'hurt';
  return 'unhurt';
}

const CASES: Case[] = [
  { name: 'an unseen spinning blade at a torso of 20', trap: 'blade', parts: { torso: 20 } },
  { name: 'an unseen crossbow at a head of 25 (Dex 10, Dodge 5)', trap: 'crossbow', parts: { head: 25 }, traits: { dex: 10, dodge: 5 } },
  { name: 'a dissector at a head of 10 and a torso of 15', trap: 'dissector', parts: { head: 10, torso: 15 } },
  { name: 'a pit, every part at 15 (Dex 6)', trap: 'pit', parts: { head: 15, torso: 15, arm_l: 15, arm_r: 15, leg_l: 15, leg_r: 15 }, traits: { dex: 6 } },
  { name: 'an unseen shotgun at a head of 40 and a torso of 60 (Str 12)', trap: 'shotgun', parts: { head: 40, torso: 60 }, settings: { str: 12 }, charges: 2 },
  { name: 'a shotgun on its last charge at a head of 40 and a torso of 60 (Str 18)', trap: 'shotgun', parts: { head: 40, torso: 60 }, settings: { str: 18 }, charges: 1 },
  { name: 'a spiked pit at a torso of 30 (Dex 12, Dodge 4)', trap: 'spike_pit', parts: { torso: 30 }, traits: { dex: 12, dodge: 4 } },
  { name: 'a seen heavy snare with Light Step, a leg at 0', trap: 'heavy_snare', known: true, parts: { leg_r: 0 }, traits: { lightStep: true, dex: 4 } },
  { name: 'a seen land mine at a head of 20 and a torso of 30', trap: 'landmine', known: true, parts: { head: 20, torso: 30 }, map: ROOM },
  { name: 'a bear trap with the left leg at 0', trap: 'beartrap', parts: { leg_l: 0 } },
  { name: 'a tripwire, Clumsy, at a head of 3', trap: 'tripwire', parts: { head: 3 }, traits: { clumsy: true, dex: 12 } },
];

describe('cdda: the exact step reading is what play does', () => {
  for (const c of CASES) {
    it(`${c.name}: 2,000 steps of the engine against the reading`, () => {
      const first = fixture(c, 'odds-0');
      const odds = stepOdds(first, player(first), trapOf(first))!;
      expect(odds).not.toBeNull();
      const n = 2000;
      const seen: Record<string, number> = { avoided: 0, unhurt: 0, hurt: 0, death: 0 };
      for (let i = 0; i < n; i++) seen[outcome(fixture(c, `odds-${i}`))]!++;
      // Every case is uncertain between at least two outcomes, so a wrong reading shows.
      expect(Object.values(odds).filter((o) => o.p > 0.02 && o.p < 0.98).length).toBeGreaterThanOrEqual(2);
      for (const [name, o] of Object.entries(odds)) {
        expect(o.exact, name).not.toBeNull();
        const se = Math.sqrt((o.p * (1 - o.p)) / n);
        expect(Math.abs(seen[name]! / n - o.p), `${name}: ${seen[name]} of ${n}, read ${o.p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
      }
    });
  }

  it('a teleport pad in a small room with two monsters: where 2,000 set-offs throw the survivor, against the teleport check', () => {
    const c: Case = { name: 'telepad', trap: 'telepad', map: ROOM, traits: NEVER_AVOIDS };
    const first = fixture(c, 'odds-0');
    expect(getRuleset('cdda').stepInputs!(first, player(first), trapOf(first))).toMatchObject(teleportInputsOf(first, player(first), trapOf(first)));
    const check = getRuleset('cdda').checks.teleport!;
    const read = exact(check.program(teleportInputsOf(first, player(first), trapOf(first)), first.settings));
    const n = 2000;
    const seen: Record<string, number> = { empty: 0, monster: 0, self: 0, blocked: 0 };
    for (let i = 0; i < n; i++) {
      const w = fixture(c, `odds-${i}`);
      const hero = w.playerId;
      const pad = trapOf(w);
      const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
      const died = r.events.find((e) => e.type === 'died');
      const stayed = player(w).x === pad.x && player(w).y === pad.y;
      const landing = died?.type === 'died' && died.actor === hero ? 'blocked' : died ? 'monster' : stayed ? 'self' : 'empty';
      seen[landing]!++;
    }
    expect(read.filter((o) => o.p > 0.02 && o.p < 0.98).length).toBeGreaterThanOrEqual(2);
    for (const o of read) {
      const se = Math.sqrt((o.p * (1 - o.p)) / n);
      expect(Math.abs(seen[String(o.value)]! / n - o.p), `${o.value}: ${seen[String(o.value)]} of ${n}, read ${o.p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
    }
  });

  it('the teleport pad is read in play from the level\u2019s own squares: as `odds cdda step --trap telepad --empty-squares E --blocked-squares B`, the landing counted by hand', async () => {
    const c: Case = { name: 'telepad', trap: 'telepad', known: true, map: ROOM, parts: { torso: 40 } };
    const w = fixture(c, 'telepad-read');
    const hero = player(w);
    const trap = trapOf(w);
    const { 'empty-squares': e, 'blocked-squares': b } = teleportInputsOf(w, hero, trap) as { 'empty-squares': number; 'blocked-squares': number };
    // The small room: 13 x 5 inside, two monsters, one wall square inside; the rest of the 625 off the map.
    expect(e).toBe(13 * 5 - 1 - 2 - 1);
    expect(b).toBe(624 - (13 * 5 - 1 - 1));
    const odds = stepOdds(w, hero, trap)!;
    expect(odds).not.toBeNull();
    const cli = await runCli(['odds', 'cdda', 'step', '--trap', 'telepad', '--head', '84', '--torso', '40', '--dex', '8', '--known', '--empty-squares', String(e), '--blocked-squares', String(b)]);
    expect(cli.code, cli.err).toBe(0);
    const read = JSON.parse(cli.out).outcomes as Record<string, { exact: string }>;
    for (const name of ['avoided', 'unhurt', 'hurt', 'death']) expect(odds[name]?.exact ? fractionToString(odds[name]!.exact!) : '0/1', name).toBe(read[name]!.exact);
    // By hand (game::teleport): 15 draws of 625 squares while the square drawn is impassable; only
    // when all 15 are (b of the 625 each) does the last stand: a wall, 500 to a torso of 40. Set
    // off, it kills that often; a creature's square or its own leave it unhurt.
    const num = BigInt(b) ** 15n;
    const den = 625n ** 15n;
    const setOff = 1 - odds.avoided!.p;
    expect(odds.death!.p / setOff).toBeCloseTo(Number((num * 10n ** 18n) / den) / 1e18, 12);
    expect(odds.hurt?.p ?? 0).toBe(0);
    // The confirm window and the hover say it; travel weighs it as it weighs any deadly trap.
    expect(stepUnread(w, hero, trap)).toBeNull();
    expect(trapDetour(w, hero, trap)).toBeGreaterThan(SET_OFF_STEPS * setOff);
  });

  it('stepInputs reads the live situation: head, torso, legs at 0, traits, knowledge, the shotgun\u2019s charge', () => {
    const c: Case = { name: 'x', trap: 'shotgun', known: true, charges: 1, parts: { head: 30, leg_r: 0 }, traits: { dex: 14, dodge: 2, clumsy: true }, settings: { str: 11 } };
    const w = fixture(c, 'x');
    const cdda = getRuleset('cdda');
    expect(cdda.stepInputs!(w, player(w), trapOf(w))).toEqual({
      trap: 'shotgun',
      head: 30,
      torso: 84,
      'broken-legs': 1,
      dex: 14,
      dodge: 2,
      known: true,
      'light-step': false,
      clumsy: true,
      'last-charge': true,
    });
    // A monster has its own dice; a teleport pad its own check.
    const m = fixture({ name: 'm', trap: 'blade', map: ROOM }, 'm');
    expect(cdda.stepInputs!(m, m.actors.find((a) => a.id !== m.playerId)!, trapOf(m))).toBeNull();
    // What the check does not read, in worlds only a test sets up: a whole HP apart from the
    // parts, a Str other than the settings', a spiked pit with an arm at 0.
    const apart = cddaWorld({ map: [...CORRIDOR], traps: [{ kind: 'blade' }], player: { hp: 100 } });
    expect(cdda.stepInputs!(apart, player(apart), trapOf(apart))).toBeNull();
    const strong = fixture({ name: 's', trap: 'shotgun', traits: { str: 15 } }, 's');
    expect(cdda.stepInputs!(strong, player(strong), trapOf(strong))).toBeNull();
    const arm = fixture({ name: 'a', trap: 'spike_pit', parts: { arm_l: 0 } }, 'a');
    expect(cdda.stepInputs!(arm, player(arm), trapOf(arm))).toBeNull();
    const armBlade = fixture({ name: 'a', trap: 'blade', parts: { arm_l: 0 } }, 'a');
    expect(cdda.stepInputs!(armBlade, player(armBlade), trapOf(armBlade))).not.toBeNull();
  });

  it('the confirm window says it: a cot never goes off under you; a trap not armed, or a monster, has no reading', () => {
    const w = fixture({ name: 'cot', trap: 'cot', known: true }, 'c');
    expect(stepOddsSentence(stepOdds(w, player(w), trapOf(w))!)).toBe('You avoid it 100%; it cannot kill you.');
    const r = fixture({ name: 'raised tile', trap: 'raised_tile', known: true }, 'c');
    expect(outcome(r)).toBe('unhurt');
    // Set off once, the tile rests unarmed: stepping there again does nothing, and there is nothing to read.
    expect(trapAt(r, 3, 1)?.armed).toBe(false);
    expect(stepOdds(r, player(r), trapAt(r, 3, 1)!)).toBeNull();
  });
});
