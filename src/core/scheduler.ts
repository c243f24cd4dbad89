/**
 * Who acts next, in rot.js Action-scheduler order: the earliest `nextAct` first, ties to the lower
 * id. The state lives in the world (each actor's `nextAct`), so a saved game resumes exactly; this
 * is only an index over it, owned by the live level (`Level.order`): a binary heap of (time, id)
 * snapshots. Acting only ever makes an actor later, so a snapshot is at worst too early: such an
 * entry is put back with its real time when it surfaces. The level calls `invalidate` for
 * anything that can make an actor due sooner (a new actor, a new level, an actor hurried or
 * revived, an edit), and the heap is rebuilt from the world at the next ask.
 */
import type { Actor, World } from './world.ts';

export class TurnOrder {
  // The heap as parallel arrays (time snapshots, ids, actors): no object per entry, and the
  // comparisons read numbers only.
  private times: number[] = [];
  private ids: number[] = [];
  private actors: Actor[] = [];
  /** The heap may put someone too late: rebuild it from the world before the next answer. */
  private stale = true;
  /** The actor handed out last, still at the top of the heap: it sinks to its new time when the next one is asked for. */
  private last: Actor | undefined;

  constructor(private readonly world: World) {}

  /** Something may now be due sooner than the heap says. */
  invalidate(): void {
    this.stale = true;
    this.last = undefined;
  }

  /** The next actor to act, or undefined when no one is alive. */
  next(): Actor | undefined {
    if (this.stale) this.rebuild();
    else if (this.last) {
      if (this.last.alive) this.sink(this.last.nextAct);
      else this.removeTop();
    }
    this.last = undefined;
    while (this.actors.length > 0) {
      const actor = this.actors[0]!;
      if (!actor.alive) {
        this.removeTop();
        continue;
      }
      if (actor.nextAct !== this.times[0]) {
        this.sink(actor.nextAct);
        continue;
      }
      this.last = actor;
      return actor;
    }
    return undefined;
  }

  private rebuild(): void {
    this.stale = false;
    this.times = [];
    this.ids = [];
    this.actors = [];
    for (const actor of this.world.actors) if (actor.alive) this.push(actor.nextAct, actor);
  }

  /** Does entry i come before (time, id)? Earlier time first, then the lower id. */
  private before(i: number, time: number, id: number): boolean {
    const t = this.times[i]!;
    return t < time || (t === time && this.ids[i]! < id);
  }

  /** Pushes onto the heap's own lists (not in a world). */
  private push(time: number, actor: Actor): void {
    const { times, ids, actors } = this;
    let i = actors.length;
    times.push(time);
    ids.push(actor.id);
    actors.push(actor);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.before(parent, time, actor.id)) break;
      times[i] = times[parent]!;
      ids[i] = ids[parent]!;
      actors[i] = actors[parent]!;
      i = parent;
    }
    times[i] = time;
    ids[i] = actor.id;
    actors[i] = actor;
  }

  /** The top entry's actor with a later time: it sinks to its place. */
  private sink(time: number): void {
    this.siftDown(time, this.ids[0]!, this.actors[0]!);
  }

  /** Removes the top entry (the last one takes its place and sinks); the heap's own lists, not in a world. */
  private removeTop(): void {
    const time = this.times.pop()!;
    const id = this.ids.pop()!;
    const actor = this.actors.pop()!;
    if (this.actors.length > 0) this.siftDown(time, id, actor);
  }

  /** Puts (time, id, actor) at the top and moves it down to where it belongs (the heap's own lists, not in a world). */
  private siftDown(time: number, id: number, actor: Actor): void {
    const { times, ids, actors } = this;
    const n = actors.length;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && this.before(r, times[l]!, ids[l]!) ? r : l;
      if (!this.before(child, time, id)) break;
      times[i] = times[child]!;
      ids[i] = ids[child]!;
      actors[i] = actors[child]!;
      i = child;
    }
    times[i] = time;
    ids[i] = id;
    actors[i] = actor;
  }
}

/** Scheduler ticks in one turn: what an action takes at speed 100. */
export const TICKS_PER_TURN = 100;

/** The world turn (the round) a scheduler time falls in: the one place time becomes turns. */
export function turnOf(time: number): number {
  return Math.floor(time / TICKS_PER_TURN);
}

/**
 * Ticks an activity takes an actor of `speed`, for one that takes `ticks` at speed 100 (a turn is
 * 100 ticks): time scales by 100 / speed, rounded to a whole tick. The one place rulesets turn
 * their actions' lengths into scheduler time.
 */
export function ticksAtSpeed(ticks: number, speed: number): number {
  return Math.round((ticks * 100) / Math.max(1, speed));
}
