/**
 * `verify --in-play`: the checks the game actually makes, held against the exact odds of the
 * moment. `verify` alone reads each check's program twice (exactly and by sampling it), so it
 * cannot see a ruleset that feeds its program the wrong inputs in play (a flipped sign, a missed
 * bonus). Here simulated games are played by a bot and, before each of the player's actions, the
 * odds the player is shown for it (core/stepOdds.ts: what the hover, the confirm window and the
 * disarm prompt read) are taken from the world as it stands; after the action, what happened is
 * read from its events alone. Trials whose readings have the same inputs (and so the same exact
 * odds) form a group; an outcome whose count in its group is further from its exact probability
 * than 1 time in 1000 allows (an exact binomial test, DRIFT_ALPHA) is drift.
 *
 * The moments, all of the player's (monsters' steps are read by no exact reading the player sees):
 * - disarm: an attempt at a trap; disarmed (the trap removed as disarmed), set off (it went off
 *   in that step), or neither;
 * - search: each hidden trap beside the searcher; found by that search, or not;
 * - step: a walk onto an armed floor trap; avoided (it did not go off under the player), and for
 *   a step check with the harm outcomes, unhurt / hurt (the trap's damage that step) / death.
 */
import type { Action } from '../core/actions.ts';
import { playerActionLength } from '../core/engine.ts';
import type { GameEvent } from '../core/events.ts';
import { addFractions, type Fraction, fraction, fractionToString } from '../core/fraction.ts';
import { getRuleset } from '../core/registry.ts';
import { STEP_HARM_OUTCOMES, type TrapRevealHow } from '../core/ruleset.ts';
import { disarmOdds, spotOdds, type StepOutcome, stepOdds } from '../core/stepOdds.ts';
import { chebyshev, type Trap, type World } from '../core/world.ts';
import { SimStats } from './accumulator.ts';
import { runGame, seedFor, type SimSpec, type StepWatcher } from './runner.ts';
import { binomialConsistent } from './stats/binomial.ts';
import { wilson, Z999 } from './stats/wilson.ts';

/**
 * A group's outcome is drift when a count at least that far from its exact probability has under
 * 1 chance in 1000 (two-sided, by the exact binomial: groups are often a handful of trials).
 */
export const DRIFT_ALPHA = 0.001;

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
  /** The 99.9% Wilson interval of the frequency (shown; `ok` is the exact binomial test). */
  lo: number;
  hi: number;
  ok: boolean;
}

export interface InPlayReport {
  ruleset: string;
  bot: string;
  runs: number;
  seedStart: number;
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
    const reading = getRuleset(world.ruleset).disarmInputs?.(world, me, trap)?.inputs ?? null;
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
    const harm = STEP_HARM_OUTCOMES.every((o) => check.outcomes?.includes(o)) && check.outcomes?.length === STEP_HARM_OUTCOMES.length;
    const avoided = odds.avoided ?? { p: 0, exact: { num: 0n, den: 1n } };
    const held: Record<string, StepOutcome> = harm
      ? odds
      : { avoided, set_off: { p: 1 - avoided.p, exact: avoided.exact ? subtractFromOne(avoided.exact) : null } };
    const reading = getRuleset(world.ruleset).stepInputs?.(world, me, trap) ?? null;
    const g = this.group('step', trap.kind, reading, held);
    return (_after: World, events: readonly GameEvent[]) => {
      const mine = playersPart(world, events);
      // Only a step that reached the trap's cell is a trial (a monster in the way is a fight).
      if (!mine.some((e) => e.type === 'moved' && e.actor === me.id && e.x === trap.x && e.y === trap.y)) return;
      const fired = mine.some((e) => e.type === 'trapTriggered' && e.trap === trap.id && e.actor === me.id);
      if (!fired) return this.count(g, 'avoided');
      if (!harm) return this.count(g, 'set_off');
      if (mine.some((e) => e.type === 'died' && e.actor === me.id)) return this.count(g, 'death');
      const hurt = mine.some((e) => e.type === 'damaged' && e.actor === me.id && e.trap === trap.id && e.amount > 0);
      this.count(g, hurt ? 'hurt' : 'unhurt');
    };
  }

  /** Every group's outcomes against their exact odds. */
  items(): InPlayItem[] {
    const out: InPlayItem[] = [];
    for (const g of this.groups.values()) {
      if (g.n === 0) continue;
      for (const [outcome, o] of Object.entries(g.odds)) {
        const k = g.counts[outcome] ?? 0;
        const ci = wilson(k, g.n, Z999);
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
          ok: binomialConsistent(k, g.n, p, DRIFT_ALPHA),
        });
      }
    }
    return out.sort((a, b) => a.moment.localeCompare(b.moment) || a.kind.localeCompare(b.kind) || a.inputs.localeCompare(b.inputs) || a.outcome.localeCompare(b.outcome));
  }
}

/** 1 − a − b (b optional), as a fraction. */
function subtractFromOne(a: Fraction, b?: Fraction): Fraction {
  const taken = b ? addFractions(a, b) : a;
  return fraction(taken.den - taken.num, taken.den);
}

/** Plays `runs` games of `spec` from `seedStart` and holds what the player's checks did against their exact odds. */
export function verifyInPlay(spec: SimSpec, runs: number, seedStart: number, onGame?: (done: number) => void): InPlayReport {
  const recorder = new InPlayRecorder();
  const stats = new SimStats();
  for (let i = 0; i < runs; i++) {
    runGame(spec, seedFor(seedStart, i), stats, { watch: recorder.watch });
    onGame?.(i + 1);
  }
  const items = recorder.items();
  return {
    ruleset: spec.ruleset,
    bot: spec.bot,
    runs,
    seedStart,
    trials: { ...recorder.trials },
    unread: { ...recorder.unread },
    groups: new Set(items.map((i) => `${i.moment}|${i.kind}|${i.inputs}`)).size,
    items,
    failures: items.filter((i) => !i.ok),
  };
}
