/**
 * `verify --in-play`: the checks the game actually makes, held against the exact odds of the
 * moment. `verify` alone reads each check's program twice (exactly and by sampling it), so it
 * cannot see a ruleset that feeds its program the wrong inputs in play (a flipped sign, a missed
 * bonus). Here simulated games are played by a bot and, before each of the player's actions, the
 * odds the player is shown for it (core/stepOdds.ts: what the hover, the confirm window and the
 * disarm prompt read) are taken from the world as it stands; after the action, what happened is
 * read from its events alone. Trials whose readings have the same inputs (and so the same exact
 * odds) form a group; each outcome of each group is an exact binomial test, and all the run's tests
 * hold together at 99.9% (DRIFT_LEVEL, Bonferroni as `verify` holds its outcomes: each at
 * 0.001 / tests), so a run of hundreds of groups cries drift by chance once in 1000 runs.
 *
 * The default run is sized so every moment a ruleset reads gets tries: games a hundred at a time
 * until each has IN_PLAY_MIN_TRIES or IN_PLAY_MAX_GAMES are played, under the sandbox defaults
 * and under each of the ruleset's `inPlaySettings` (Wasteland's traps hidden, or nothing is ever
 * searched for). The bot is the chosen one, but that it disarms a known trap it stands on where
 * the ruleset lets it (disarmUnderfoot: Wasteland disarms only from the trap's own cell, which no
 * bot otherwise does).
 *
 * The moments, all of the player's (monsters' steps are read by no exact reading the player sees):
 * - disarm: an attempt at a trap; disarmed (the trap removed as disarmed), set off (it went off
 *   in that step), or neither;
 * - search: each hidden trap beside the searcher; found by that search, or not;
 * - step: a walk onto an armed floor trap; avoided (it did not go off under the player), and for
 *   a step check with the harm outcomes, unhurt / hurt (the trap's damage that step) / death; where
 *   it reads `down` too (d20's dying rules: death then counts bleeding out alone, after the step),
 *   down and death are held together as one, fallen to 0 hit points or fewer in the step.
 */
import type { Action } from '../core/actions.ts';
import { playerActionLength } from '../core/engine.ts';
import type { GameEvent } from '../core/events.ts';
import { addFractions, type Fraction, fraction, fractionToString } from '../core/fraction.ts';
import { getRuleset } from '../core/registry.ts';
import { STEP_HARM_DOWN_OUTCOMES, STEP_HARM_OUTCOMES, type TrapRevealHow } from '../core/ruleset.ts';
import { disarmOdds, spotOdds, type StepOutcome, stepOdds } from '../core/stepOdds.ts';
import { chebyshev, type Trap, type Traits, type World } from '../core/world.ts';
import { refusal } from '../core/engine.ts';
import { SimStats } from './accumulator.ts';
import type { Bot } from './bots/index.ts';
import { adjacentFoe } from './bots/common.ts';
import { runGame, seedFor, type SimSpec, type StepWatcher } from './runner.ts';
import { binomialConsistent } from './stats/binomial.ts';
import { alphaForFamily, wilson, zForFamily } from './stats/wilson.ts';
import { VERIFY_LEVEL } from './verify.ts';

/**
 * The level a run's outcomes hold together at: an outcome is drift when a count at least that
 * far from its exact probability has under alphaForFamily(DRIFT_LEVEL, tests) chance (two-sided,
 * by the exact binomial: groups are often a handful of trials).
 */
export const DRIFT_LEVEL = VERIFY_LEVEL;

/** The default run: games per round, the tries each moment should get, and the cap of games per part. */
export const IN_PLAY_STEP = 100;
export const IN_PLAY_MIN_TRIES = 25;
export const IN_PLAY_MAX_GAMES = 1000;

export type InPlayMoment = 'disarm' | 'search' | 'step';

/** One outcome of one group: its exact probability and how often play gave it. */
export interface InPlayItem {
  moment: InPlayMoment;
  kind: string;
  /** The reading's inputs, as the ruleset's check reads them off the world (JSON). */
  inputs: string;
  outcome: string;
  exact: number;
  exactFraction: string | null;
  /** Trials in the group, and of them with this outcome. */
  n: number;
  k: number;
  sampled: number;
  /** The Wilson interval of the frequency, 99.9% for the run's outcomes together (shown; `ok` is the exact binomial test). */
  lo: number;
  hi: number;
  ok: boolean;
}

/** One part of a ruleset's run: its settings beyond the spec's (none: the spec's own) and games. */
export interface InPlayPart {
  settings: Traits;
  runs: number;
}

export interface InPlayReport {
  ruleset: string;
  bot: string;
  /** Games of each part. */
  runs: number;
  seedStart: number;
  parts: InPlayPart[];
  /** The moments the ruleset reads, and those of them with fewer than IN_PLAY_MIN_TRIES tries. */
  moments: InPlayMoment[];
  thin: InPlayMoment[];
  /** Trials by moment (each read before it was played). */
  trials: Record<InPlayMoment, number>;
  /** Actions of a moment that had no exact reading there (not counted in any group). */
  unread: Record<InPlayMoment, number>;
  groups: number;
  items: InPlayItem[];
  failures: InPlayItem[];
}

interface Group {
  moment: InPlayMoment;
  kind: string;
  inputs: string;
  /** Outcome name → its exact odds. */
  odds: Record<string, StepOutcome>;
  n: number;
  counts: Record<string, number>;
}

const hero = (world: World) => world.actors.find((a) => a.id === world.playerId)!;

/** The trap at (x, y) of any host (floor, door, chest). */
function trapOn(world: World, x: number, y: number): Trap | undefined {
  return world.traps.find((t) => t.x === x && t.y === y);
}

/** The events of the player's own action (see playerActionLength). */
function playersPart(world: World, events: readonly GameEvent[]): readonly GameEvent[] {
  return events.slice(0, playerActionLength(events, world.playerId));
}

/** Watches the player's actions and counts their outcomes into groups (see the module comment). */
export class InPlayRecorder {
  readonly groups = new Map<string, Group>();
  readonly trials: Record<InPlayMoment, number> = { disarm: 0, search: 0, step: 0 };
  readonly unread: Record<InPlayMoment, number> = { disarm: 0, search: 0, step: 0 };

  private group(moment: InPlayMoment, kind: string, inputs: unknown, odds: Record<string, StepOutcome>): Group {
    const text = JSON.stringify(inputs ?? null);
    // The odds are part of the key too: two readings with equal inputs always read equal odds,
    // unless something the inputs do not name (a setting, a kind's own check) differs.
    const key = `${moment}|${kind}|${text}|${Object.entries(odds)
      .map(([o, v]) => `${o}=${v.exact ? fractionToString(v.exact) : v.p}`)
      .join(',')}`;
    let g = this.groups.get(key);
    if (!g) {
      g = { moment, kind, inputs: text, odds, n: 0, counts: {} };
      this.groups.set(key, g);
    }
    return g;
  }

  private count(g: Group, outcome: string): void {
    g.n++;
    g.counts[outcome] = (g.counts[outcome] ?? 0) + 1;
    this.trials[g.moment]++;
  }

  readonly watch: StepWatcher = (world, action) => {
    if (action.type === 'disarm') return this.disarm(world, action);
    if (action.type === 'search') return this.search(world);
    if (action.type === 'move') return this.step(world, action);
    return null;
  };

  private disarm(world: World, action: Extract<Action, { type: 'disarm' }>) {
    const me = hero(world);
    const trap = trapOn(world, me.x + action.dx, me.y + action.dy);
    if (!trap) return null;
    const odds = disarmOdds(world, me, trap);
    if (!odds) {
      this.unread.disarm++;
      return null;
    }
    const neither = 1 - odds.success.p - odds.setOff.p;
    const exactNeither = odds.success.exact && odds.setOff.exact ? subtractFromOne(odds.success.exact, odds.setOff.exact) : null;
    const reading = getRuleset(world.ruleset).disarm.read(world, me, trap)?.inputs ?? null;
    const g = this.group('disarm', trap.kind, reading, { disarmed: odds.success, set_off: odds.setOff, neither: { p: neither, exact: exactNeither } });
    return (_after: World, events: readonly GameEvent[]) => {
      const mine = playersPart(world, events);
      if (mine.some((e) => e.type === 'trapRemoved' && e.trap === trap.id && e.why === 'disarmed')) this.count(g, 'disarmed');
      else if (mine.some((e) => e.type === 'trapTriggered' && e.trap === trap.id)) this.count(g, 'set_off');
      else this.count(g, 'neither');
    };
  }

  private search(world: World) {
    const me = hero(world);
    const looked: Array<{ trap: Trap; g: Group; how: TrapRevealHow }> = [];
    for (const trap of world.traps) {
      if (!trap.armed || trap.knownBy.includes(me.id) || chebyshev(trap.x, trap.y, me.x, me.y) !== 1) continue;
      const odds = spotOdds(world, me, trap)?.search ?? null;
      if (!odds) {
        this.unread.search++;
        continue;
      }
      const reading = getRuleset(world.ruleset).spotInputs?.(world, me, trap)?.search ?? null;
      const g = this.group('search', trap.kind, reading?.inputs ?? null, { found: odds, missed: { p: 1 - odds.p, exact: odds.exact ? subtractFromOne(odds.exact) : null } });
      looked.push({ trap, g, how: reading?.revealedAs ?? 'search' });
    }
    if (looked.length === 0) return null;
    return (_after: World, events: readonly GameEvent[]) => {
      // A search's own roll is in the player's part of the step; a look that is the turn's roll
      // (CDDA's) comes at the step's end, after the monsters: the whole step is read for it.
      const mine = playersPart(world, events);
      for (const { trap, g, how } of looked) {
        const seen = how === 'search' ? mine : events;
        this.count(g, seen.some((e) => e.type === 'trapRevealed' && e.trap === trap.id && e.to === me.id && e.how === how) ? 'found' : 'missed');
      }
    };
  }

  private step(world: World, action: Extract<Action, { type: 'move' }>) {
    const me = hero(world);
    const trap = trapOn(world, me.x + action.dx, me.y + action.dy);
    if (trap?.host.kind !== 'floor' || !trap.armed) return null;
    const odds = stepOdds(world, me, trap);
    if (!odds) {
      this.unread.step++;
      return null;
    }
    const check = getRuleset(world.ruleset).checks.step!;
    // Harm outcomes are told apart from the events; any other step check is held on `avoided` only.
    const sameAs = (list: readonly string[]) => list.every((o) => check.outcomes?.includes(o)) && check.outcomes?.length === list.length;
    // With `down` (d20's dying rules), death counts bleeding out alone, which comes after the step
    // if at all: the step shows only that he fell to 0 or fewer, `down` and `death` together.
    const fallen = sameAs(STEP_HARM_DOWN_OUTCOMES);
    const harm = sameAs(STEP_HARM_OUTCOMES) || fallen;
    const avoided = odds.avoided ?? { p: 0, exact: { num: 0n, den: 1n } };
    const zero = { p: 0, exact: { num: 0n, den: 1n } };
    const held: Record<string, StepOutcome> = fallen
      ? { avoided, unhurt: odds.unhurt ?? zero, hurt: odds.hurt ?? zero, down_or_death: sumOf(odds.down ?? zero, odds.death ?? zero) }
      : harm
        ? odds
        : { avoided, set_off: { p: 1 - avoided.p, exact: avoided.exact ? subtractFromOne(avoided.exact) : null } };
    const reading = getRuleset(world.ruleset).stepInputs?.(world, me, trap) ?? null;
    const g = this.group('step', trap.kind, reading, held);
    // Read now: the world is played on in place, and `me` with it.
    const hpBefore = me.hp;
    return (_after: World, events: readonly GameEvent[]) => {
      const mine = playersPart(world, events);
      // Only a step that reached the trap's cell is a trial (a monster in the way is a fight).
      if (!mine.some((e) => e.type === 'moved' && e.actor === me.id && e.x === trap.x && e.y === trap.y)) return;
      const fired = mine.some((e) => e.type === 'trapTriggered' && e.trap === trap.id && e.actor === me.id);
      if (!fired) return this.count(g, 'avoided');
      if (!harm) return this.count(g, 'set_off');
      const died = mine.some((e) => e.type === 'died' && e.actor === me.id);
      const hurt = mine.some((e) => e.type === 'damaged' && e.actor === me.id && e.trap === trap.id && e.amount > 0);
      if (fallen) return this.count(g, died || (hurt && hpAfter(me.id, hpBefore, mine) <= 0) ? 'down_or_death' : hurt ? 'hurt' : 'unhurt');
      if (died) return this.count(g, 'death');
      this.count(g, hurt ? 'hurt' : 'unhurt');
    };
  }

  /** The tests `items` makes: one per outcome of every group with a trial. */
  tests(): number {
    let n = 0;
    for (const g of this.groups.values()) if (g.n > 0) n += Object.keys(g.odds).length;
    return n;
  }

  /** Every group's outcomes against their exact odds, each tested at `alpha` (two-sided). */
  items(alpha: number): InPlayItem[] {
    const z = zForFamily(1 - alpha, 1);
    const out: InPlayItem[] = [];
    for (const g of this.groups.values()) {
      if (g.n === 0) continue;
      for (const [outcome, o] of Object.entries(g.odds)) {
        const k = g.counts[outcome] ?? 0;
        const ci = wilson(k, g.n, z);
        // A rounding error of the float side must not read as drift at 0 or 1.
        const p = Math.min(1, Math.max(0, o.p));
        out.push({
          moment: g.moment,
          kind: g.kind,
          inputs: g.inputs,
          outcome,
          exact: p,
          exactFraction: o.exact ? fractionToString(o.exact) : null,
          n: g.n,
          k,
          sampled: k / g.n,
          lo: ci.lo,
          hi: ci.hi,
          ok: binomialConsistent(k, g.n, p, alpha),
        });
      }
    }
    return out.sort((a, b) => a.moment.localeCompare(b.moment) || a.kind.localeCompare(b.kind) || a.inputs.localeCompare(b.inputs) || a.outcome.localeCompare(b.outcome));
  }
}

/** The hero's hit points after `events`, from `hp` before them (as the observer follows them). */
function hpAfter(hero: number, hp: number, events: readonly GameEvent[]): number {
  for (const e of events) {
    if (e.type === 'damaged' && e.actor === hero) hp -= e.amount;
    else if (e.type === 'actorUpdated' && e.actor === hero && e.changes.hp !== undefined) hp = e.changes.hp;
  }
  return hp;
}

/** a + b, exact where both are. */
function sumOf(a: StepOutcome, b: StepOutcome): StepOutcome {
  return { p: a.p + b.p, exact: a.exact && b.exact ? addFractions(a.exact, b.exact) : null };
}

/** 1 − a − b (b optional), as a fraction. */
function subtractFromOne(a: Fraction, b?: Fraction): Fraction {
  const taken = b ? addFractions(a, b) : a;
  return fraction(taken.den - taken.num, taken.den);
}

/**
 * The player of `verify --in-play`: `inner`, except that standing on a known armed floor trap it
 * may disarm from there (the game would not refuse it, and an exact reading reads the try), with
 * no foe beside it, it tries once a trap. Wasteland disarms only from the trap's own cell, and every bot steps past such a trap.
 */
export function disarmUnderfoot(inner: Bot): Bot {
  const tried = new Set<number>();
  return {
    name: inner.name,
    act(world) {
      const me = hero(world);
      const trap = trapOn(world, me.x, me.y);
      if (trap?.armed && trap.host.kind === 'floor' && trap.knownBy.includes(me.id) && !tried.has(trap.id) && !adjacentFoe(world, me)) {
        const action = { type: 'disarm', dx: 0, dy: 0 } as const;
        if (refusal(world, me, action, getRuleset(world.ruleset)) === null && disarmOdds(world, me, trap) !== null) {
          tried.add(trap.id);
          return action;
        }
      }
      return inner.act(world);
    },
    refused(world, action, reason) {
      // Its own try refused is no concern of the bot's.
      if (action.type === 'disarm' && action.dx === 0 && action.dy === 0) return;
      inner.refused?.(world, action, reason);
    },
  };
}

/** The moments `rulesetId` reads exactly: a step with a step check, a disarm and a search where it reads them. */
export function inPlayMoments(rulesetId: string): InPlayMoment[] {
  const r = getRuleset(rulesetId);
  const out: InPlayMoment[] = [];
  out.push('disarm');
  if (r.spotInputs) out.push('search');
  if (r.checks.step && r.stepInputs) out.push('step');
  return out;
}

/** A ruleset's games, recorded and not yet judged (judgeInPlay holds a run's together). */
export interface PlayedInPlay {
  spec: SimSpec;
  seedStart: number;
  runs: number;
  parts: InPlayPart[];
  recorder: InPlayRecorder;
}

/**
 * Plays `spec` from `seedStart`: `runs` games, or by default (no `runs`) a hundred games of each
 * part at a time (the spec's settings, then each of the ruleset's `inPlaySettings` over them) until
 * every moment the ruleset reads has IN_PLAY_MIN_TRIES tries over the parts, or IN_PLAY_MAX_GAMES.
 * `onGame` hears the games played so far and the most the run may play.
 */
export function playInPlay(spec: SimSpec, seedStart: number, runs: number | null, onGame?: (done: number, most: number) => void): PlayedInPlay {
  const recorder = new InPlayRecorder();
  const stats = new SimStats();
  const extra = runs === null ? (getRuleset(spec.ruleset).inPlaySettings ?? []) : [];
  const parts: InPlayPart[] = [{ settings: {}, runs: 0 }, ...extra.map((settings) => ({ settings: { ...settings }, runs: 0 }))];
  const most = (runs ?? IN_PLAY_MAX_GAMES) * parts.length;
  const moments = inPlayMoments(spec.ruleset);
  const enough = () => (runs === null ? moments.every((m) => recorder.trials[m] >= IN_PLAY_MIN_TRIES) : parts[0]!.runs >= runs);
  let done = 0;
  while (!enough() && parts[0]!.runs < (runs ?? IN_PLAY_MAX_GAMES)) {
    for (const part of parts) {
      const games = Math.min(runs ?? IN_PLAY_STEP, (runs ?? IN_PLAY_MAX_GAMES) - part.runs);
      const partSpec: SimSpec = { ...spec, settings: { ...(spec.settings ?? {}), ...part.settings } };
      for (let i = 0; i < games; i++) {
        runGame(partSpec, seedFor(seedStart, part.runs + i), stats, { watch: recorder.watch, wrapBot: disarmUnderfoot });
        onGame?.(++done, most);
      }
      part.runs += games;
    }
  }
  return { spec, seedStart, runs: parts[0]!.runs, parts, recorder };
}

/** A run's rulesets judged together: every outcome of every group at alphaForFamily(level, tests). */
export function judgeInPlay(played: readonly PlayedInPlay[], level = DRIFT_LEVEL): { level: number; tests: number; alpha: number; reports: InPlayReport[] } {
  const tests = Math.max(1, played.reduce((n, p) => n + p.recorder.tests(), 0));
  const alpha = alphaForFamily(level, tests);
  const reports = played.map(({ spec, seedStart, runs, parts, recorder }) => {
    const items = recorder.items(alpha);
    const moments = inPlayMoments(spec.ruleset);
    return {
      ruleset: spec.ruleset,
      bot: spec.bot,
      runs,
      seedStart,
      parts,
      moments,
      thin: moments.filter((m) => recorder.trials[m] < IN_PLAY_MIN_TRIES),
      trials: { ...recorder.trials },
      unread: { ...recorder.unread },
      groups: new Set(items.map((i) => `${i.moment}|${i.kind}|${i.inputs}`)).size,
      items,
      failures: items.filter((i) => !i.ok),
    };
  });
  return { level, tests, alpha, reports };
}

/** Plays `runs` games of `spec` from `seedStart` and holds what the player's checks did against their exact odds (its outcomes together at DRIFT_LEVEL). */
export function verifyInPlay(spec: SimSpec, runs: number, seedStart: number, onGame?: (done: number) => void): InPlayReport {
  return judgeInPlay([playInPlay(spec, seedStart, runs, onGame)]).reports[0]!;
}
