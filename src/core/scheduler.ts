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

interface Entry {
  time: number;
  actor: Actor;
}

function before(a: Entry, b: Entry): boolean {
  return a.time < b.time || (a.time === b.time && a.actor.id < b.actor.id);
}

export class TurnOrder {
  private heap: Entry[] = [];
  private epoch = -1;
  /** The actor handed out last: it goes back in, at its new time, when the next one is asked for. */
  private last: Actor | undefined;

  constructor(private readonly world: World) {}

  /** The next actor to act, or undefined when no one is alive. */
  next(): Actor | undefined {
    if (this.epoch !== scheduleEpoch(this.world)) this.rebuild();
    else if (this.last?.alive) this.push({ time: this.last.nextAct, actor: this.last });
    this.last = undefined;
    while (this.heap.length > 0) {
      const top = this.pop();
      if (!top.actor.alive) continue;
      if (top.actor.nextAct !== top.time) {
        this.push({ time: top.actor.nextAct, actor: top.actor });
        continue;
      }
      this.last = top.actor;
      return top.actor;
    }
    return undefined;
  }

  private rebuild(): void {
    this.epoch = scheduleEpoch(this.world);
    this.heap = [];
    for (const actor of this.world.actors) if (actor.alive) this.push({ time: actor.nextAct, actor });
  }

  private push(e: Entry): void {
    const h = this.heap;
    let i = h.length;
    h.push(e);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(e, h[parent]!)) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = e;
  }

  private pop(): Entry {
    const h = this.heap;
    const top = h[0]!;
    const end = h.pop()!;
    if (h.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const r = l + 1;
        const child = r < h.length && before(h[r]!, h[l]!) ? r : l;
        if (!before(h[child]!, end)) break;
        h[i] = h[child]!;
        i = child;
      }
      h[i] = end;
    }
    return top;
  }
}
