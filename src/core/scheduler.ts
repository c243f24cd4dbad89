/**
 * Who acts next, in rot.js Action-scheduler order: the earliest `nextAct` first, ties to the lower
 * id. The state lives in the world (each actor's `nextAct`), so a saved game resumes exactly; this
 * is only a step's index over it: a binary heap of (time, id) snapshots. Acting only ever makes
 * an actor later, so a snapshot is at worst too early: such an entry is put back with its real time
 * when it surfaces. Anything that can make an actor due sooner (a new actor, a new level, an actor
 * hurried or revived) bumps the schedule epoch, and the heap is rebuilt from the world.
 */
import { scheduleEpoch } from './events.ts';
import type { Actor, World } from './world.ts';

export class TurnOrder {
  // The heap as two parallel arrays (time snapshots and actors): no object per entry.
  private times: number[] = [];
  private actors: Actor[] = [];
  private epoch = -1;
  /** The actor handed out last: it goes back in, at its new time, when the next one is asked for. */
  private last: Actor | undefined;

  constructor(private readonly world: World) {}

  /** The next actor to act, or undefined when no one is alive. */
  next(): Actor | undefined {
    if (this.epoch !== scheduleEpoch(this.world)) this.rebuild();
    else if (this.last?.alive) this.push(this.last.nextAct, this.last);
    this.last = undefined;
    while (this.actors.length > 0) {
      const time = this.times[0]!;
      const actor = this.pop();
      if (!actor.alive) continue;
      if (actor.nextAct !== time) {
        this.push(actor.nextAct, actor);
        continue;
      }
      this.last = actor;
      return actor;
    }
    return undefined;
  }

  private rebuild(): void {
    this.epoch = scheduleEpoch(this.world);
    this.times = [];
    this.actors = [];
    for (const actor of this.world.actors) if (actor.alive) this.push(actor.nextAct, actor);
  }

  /** Does entry i come before (time, actor)? Earlier time first, then the lower id. */
  private before(i: number, time: number, actor: Actor): boolean {
    const t = this.times[i]!;
    return t < time || (t === time && this.actors[i]!.id < actor.id);
  }

  private push(time: number, actor: Actor): void {
    const { times, actors } = this;
    let i = actors.length;
    times.push(time);
    actors.push(actor);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.before(parent, time, actor)) break;
      times[i] = times[parent]!;
      actors[i] = actors[parent]!;
      i = parent;
    }
    times[i] = time;
    actors[i] = actor;
  }

  /** Removes and returns the first actor (its time was times[0]). */
  private pop(): Actor {
    const { times, actors } = this;
    const top = actors[0]!;
    const endTime = times.pop()!;
    const end = actors.pop()!;
    const n = actors.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const child = r < n && this.before(r, times[l]!, actors[l]!) ? r : l;
        if (!this.before(child, endTime, end)) break;
        times[i] = times[child]!;
        actors[i] = actors[child]!;
        i = child;
      }
      times[i] = endTime;
      actors[i] = end;
    }
    return top;
  }
}
