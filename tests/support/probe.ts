/**
 * Odds of one trap for one character, estimated from the game's own code: the ruleset's `onEnter`,
 * `onOpen`, `disarm`, `search` and `notice` run on throwaway copies of the world, each copy with
 * its own dice (streams seeded from the game seed, the trap and the trial), and the events they
 * emit are counted. It knows no ruleset's formulas, which makes it an independent witness in
 * tests (a sprung trap cannot go off, whatever the readings say); the game itself reads the exact
 * odds (src/core/stepOdds.ts) and samples nothing.
 *
 * The copies never touch the real world or its streams, and a probe's numbers depend only on the
 * world it is given, so bots that probe stay deterministic per seed.
 */
import { rulesetDisarm } from '../../src/core/traps/disarm.ts';
import { StepContext } from '../../src/core/context.ts';
import { refusal } from '../../src/core/engine.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { computeView } from '../../src/core/fov.ts';
import { initialStreams } from '../../src/core/rng.ts';
import { actorById, edit, trapById } from '../../src/core/level.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { type Actor, DIRECTIONS, deserializeWorld, isWalkable, serializeWorld, terrainAt, type Trap, type World } from '../../src/core/world.ts';

export interface TriggerOdds {
  /** P(the trap goes off) when the character steps onto it (floor) or opens it (door, chest). */
  trigger: number;
  /** Mean damage to the character per try (zeros included). */
  meanDamage: number;
  /** P(the character dies) from the current hit points. */
  death: number;
}

export interface DisarmOdds {
  /** False when the game refuses the attempt from where the character stands. */
  available: boolean;
  reason?: string;
  success: number;
  setOff: number;
  /** Neither: the trap stays and nothing happened. */
  fail: number;
  meanDamage: number;
  death: number;
}

export interface SpotOdds {
  /** P(a turn spent searching from a neighbouring cell finds it: the search and the turn's look in passing). */
  search: number;
  /** P(noticing it in passing on the turn of stepping next to it). */
  passing: number;
}

export interface TrapOdds {
  trap: number;
  kind: string;
  trials: number;
  /** Setting it off by stepping on (floor) or opening (door, chest). */
  enter: TriggerOdds;
  disarm: DisarmOdds;
  spot: SpotOdds | null;
}

export type ProbeWhat = 'enter' | 'disarm' | 'spot';

interface Trial {
  world: World;
  ctx: StepContext;
  actor: Actor;
  trap: Trap;
}

/**
 * A fresh copy with dice of its own, set up by `prepare` (through the edit door: the copy is
 * rearranged outside play, before its step context exists).
 */
function trial(text: string, seed: string, actorId: number, trapId: number, prepare?: (world: World, actor: Actor, trap: Trap) => void): Trial | null {
  const world = deserializeWorld(text);
  let found = true;
  edit(world, (w) => {
    w.rng = initialStreams(seed);
    const actor = w.actors.find((a) => a.id === actorId);
    const trap = w.traps.find((t) => t.id === trapId);
    if (!actor || !trap) found = false;
    else prepare?.(w, actor, trap);
  });
  if (!found) return null;
  const ctx = new StepContext(world);
  return { world: ctx.world, ctx, actor: actorById(ctx.world, actorId)!, trap: trapById(ctx.world, trapId)! };
}

/** The actor comes to know of the trap: a probe's assumption, made inside edit (see `trial`). */
function learn(actorId: number): (world: World, actor: Actor, trap: Trap) => void {
  return (_w, _a, trap) => {
    if (!trap.knownBy.includes(actorId)) trap.knownBy.push(actorId);
  };
}

function damageTo(events: readonly GameEvent[], actorId: number): number {
  let total = 0;
  for (const e of events) if (e.type === 'damaged' && e.actor === actorId) total += e.amount;
  return total;
}

function diedIn(events: readonly GameEvent[], actorId: number): boolean {
  return events.some((e) => e.type === 'died' && e.actor === actorId);
}

function fired(events: readonly GameEvent[], trapId: number): boolean {
  return events.some((e) => e.type === 'trapTriggered' && e.trap === trapId);
}

/** A free walkable cell next to the trap (for spotting odds), preferring where the actor stands. */
function besideTrap(world: World, actor: Actor, trap: Trap): [number, number] | null {
  if (Math.max(Math.abs(actor.x - trap.x), Math.abs(actor.y - trap.y)) === 1) return [actor.x, actor.y];
  for (const [dx, dy] of DIRECTIONS) {
    const x = trap.x + dx;
    const y = trap.y + dy;
    if (!isWalkable(terrainAt(world, x, y))) continue;
    if (world.actors.some((a) => a.alive && a.id !== actor.id && a.x === x && a.y === y)) continue;
    return [x, y];
  }
  return null;
}

export interface ProbeOptions {
  /** Trials per question (default 60). */
  trials?: number;
  /** The character (default the player). */
  actorId?: number;
  what?: readonly ProbeWhat[];
}

/** The odds of `trapId` for the character, estimated from `trials` runs of the ruleset's own code. */
export function probeTrap(world: World, trapId: number, opts: ProbeOptions = {}): TrapOdds {
  const n = Math.max(1, opts.trials ?? 60);
  const actorId = opts.actorId ?? world.playerId;
  const what = new Set(opts.what ?? ['enter', 'disarm', 'spot']);
  const trap = world.traps.find((t) => t.id === trapId);
  if (!trap) throw new Error(`probe: no trap ${trapId}`);
  const actor = world.actors.find((a) => a.id === actorId);
  if (!actor) throw new Error(`probe: no actor ${actorId}`);
  const text = serializeWorld(world);
  const seed = (q: string, i: number) => `${world.seed}|probe|${world.depth}|${trapId}|${q}|${i}`;
  const out: TrapOdds = {
    trap: trapId,
    kind: trap.kind,
    trials: n,
    enter: { trigger: 0, meanDamage: 0, death: 0 },
    disarm: { available: false, success: 0, setOff: 0, fail: 0, meanDamage: 0, death: 0 },
    spot: null,
  };

  if (what.has('enter')) {
    let trig = 0;
    let dmg = 0;
    let deaths = 0;
    for (let i = 0; i < n; i++) {
      const t = trial(text, seed('enter', i), actorId, trapId);
      if (!t) break;
      const known = t.trap.knownBy.includes(actorId);
      try {
        if (t.trap.host.kind === 'floor') {
          t.ctx.emit({ type: 'moved', actor: actorId, fromX: t.actor.x, fromY: t.actor.y, x: t.trap.x, y: t.trap.y, how: 'walk' });
          t.ctx.resolveArrival(t.actor, true, known);
        } else {
          t.ctx.ruleset.onOpen(t.ctx, t.actor, t.trap, 'open');
        }
      } catch {
        break;
      }
      if (fired(t.ctx.events, trapId)) trig++;
      dmg += damageTo(t.ctx.events, actorId);
      if (diedIn(t.ctx.events, actorId)) deaths++;
    }
    out.enter = { trigger: trig / n, meanDamage: dmg / n, death: deaths / n };
  }

  if (what.has('disarm')) {
    const action = { type: 'disarm' as const, dx: trap.x - actor.x, dy: trap.y - actor.y };
    const far = Math.abs(action.dx) > 1 || Math.abs(action.dy) > 1;
    // Ask the game whether it would take the attempt, as if the actor knew of the trap.
    const copy = deserializeWorld(text);
    edit(copy, (w) => learn(actorId)(w, w.actors.find((a) => a.id === actorId)!, w.traps.find((t) => t.id === trapId)!));
    const copyActor = actorById(copy, actorId)!;
    const why = far ? 'You are too far away from it.' : (refusalFor(copy, copyActor, action) ?? null);
    if (why) out.disarm = { ...out.disarm, available: false, reason: why };
    else {
      let ok = 0;
      let off = 0;
      let dmg = 0;
      let deaths = 0;
      for (let i = 0; i < n; i++) {
        const t = trial(text, seed('disarm', i), actorId, trapId, learn(actorId));
        if (!t) break;
        try {
          rulesetDisarm(t.ctx, t.actor, t.trap);
        } catch {
          break;
        }
        const ev = t.ctx.events;
        if (ev.some((e) => e.type === 'trapRemoved' && e.trap === trapId && e.why === 'disarmed')) ok++;
        else if (fired(ev, trapId)) off++;
        dmg += damageTo(ev, actorId);
        if (diedIn(ev, actorId)) deaths++;
      }
      out.disarm = { available: true, success: ok / n, setOff: off / n, fail: (n - ok - off) / n, meanDamage: dmg / n, death: deaths / n };
    }
  }

  if (what.has('spot')) {
    const spot = besideTrap(world, actor, trap);
    if (spot) {
      let bySearch = 0;
      let inPassing = 0;
      for (let i = 0; i < n; i++) {
        for (const mode of ['search', 'passing'] as const) {
          // The same dice for both ways of looking: where a search adds nothing to the look in passing (cdda), the two agree exactly.
          // As if the character had not found it yet, standing beside it: just arrived (passing),
          // or there since last turn (searching). The setup runs inside edit (see `trial`).
          const t = trial(text, seed('spot', i), actorId, trapId, (w, actor, trap) => {
            trap.knownBy = trap.knownBy.filter((id) => id !== actorId);
            actor.x = spot[0];
            actor.y = spot[1];
            getRuleset(w.ruleset).forgetFinding?.(w, trap, actor, mode === 'search' ? 'stayed' : 'arrived');
            if (actorId === w.playerId) computeView(w);
          });
          if (!t) break;
          try {
            // A search is a turn: the search, then the look in passing that ends every turn.
            if (mode === 'search') t.ctx.ruleset.search(t.ctx, t.actor);
            t.ctx.ruleset.notice(t.ctx, t.actor);
          } catch {
            continue;
          }
          const found = t.ctx.events.some((e) => e.type === 'trapRevealed' && e.trap === trapId && e.to === actorId);
          if (found && mode === 'search') bySearch++;
          if (found && mode === 'passing') inPassing++;
        }
      }
      out.spot = { search: bySearch / n, passing: inPassing / n };
    }
  }
  return out;
}

function refusalFor(world: World, actor: Actor, action: { type: 'disarm'; dx: number; dy: number }): string | null {
  // The core's refusal, with the ruleset's own `refuse` hook.
  return refusal(world, actor, action, new StepContext(world).ruleset);
}
