/**
 * A replay being watched: step forward one action at a time, or jump to any turn. Jumping back
 * restarts from the nearest checkpoint (a serialised world kept every `every` turns on the way
 * forward) instead of from the seed, so scrubbing a long game stays quick.
 */
import type { GameEvent } from '../core/events.ts';
import { step } from '../core/engine.ts';
import { deserializeWorld, serializeWorld, type World, worldHash } from '../core/world.ts';
import type { ReplayFile } from './format.ts';
import { type LogLine, logLines, startWorld } from './replay.ts';

interface Checkpoint {
  turn: number;
  index: number;
  world: string;
}

export interface CursorStep {
  events: GameEvent[];
  log: LogLine[];
  refused?: string;
}

export class ReplayCursor {
  world: World;
  /** Actions consumed so far. */
  index = 0;
  private readonly checkpoints: Checkpoint[] = [];

  constructor(
    readonly file: ReplayFile,
    private readonly every = 100,
  ) {
    this.world = startWorld(file);
    this.checkpoints.push({ turn: 0, index: 0, world: serializeWorld(this.world) });
  }

  get turn(): number {
    return this.world.turn;
  }

  get atEnd(): boolean {
    return this.index >= this.file.actions.length || this.world.over !== null;
  }

  /** The last turn, when the file says; else the number of actions (each accepted action is one turn). */
  get lastTurn(): number {
    return this.file.turn ?? this.file.actions.length;
  }

  hash(): string {
    return worldHash(this.world);
  }

  /** Plays the next action; null at the end. */
  next(): CursorStep | null {
    if (this.atEnd) return null;
    const action = this.file.actions[this.index++]!;
    const r = step(this.world, action);
    const last = this.checkpoints[this.checkpoints.length - 1]!;
    if (this.world.turn >= last.turn + this.every) this.checkpoints.push({ turn: this.world.turn, index: this.index, world: serializeWorld(this.world) });
    return { events: r.events, log: r.refused ? [] : logLines(r.events, this.world.turn), ...(r.refused ? { refused: r.refused } : {}) };
  }

  /** Goes to `turn` (clamped to the replay's end); returns the log lines of the turns played on the way. */
  seek(turn: number): LogLine[] {
    const target = Math.max(0, Math.floor(turn));
    if (target < this.world.turn || this.checkpointAfterHere(target)) {
      let best = this.checkpoints[0]!;
      for (const c of this.checkpoints) if (c.turn <= target && c.turn >= best.turn) best = c;
      this.world = deserializeWorld(best.world);
      this.index = best.index;
    }
    const log: LogLine[] = [];
    while (this.world.turn < target && !this.atEnd) {
      const s = this.next();
      if (s) log.push(...s.log);
    }
    return log;
  }

  /** Is there a checkpoint between here and the target (quicker to load it than to walk)? */
  private checkpointAfterHere(target: number): boolean {
    return this.checkpoints.some((c) => c.turn > this.world.turn && c.turn <= target);
  }
}
