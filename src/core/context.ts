/**
 * The rule context of one step: the live level, the RNG streams and the event log. Every change
 * goes through `emit`, which applies the event (`Level.apply`) and records it. The helpers here are the shared
 * trap-resolution core's vocabulary: damage and death, moving onto cells (which resolves traps),
 * noise that wakes and draws monsters, revealing, triggering and removing traps.
 */
import { capitalise } from './words.ts';
import { INVESTIGATE_PATIENCE } from './brain.ts';
import type { GameEvent, Tone, TriggerHow } from './events.ts';
import { levelOf, type Level, trapAt, trapById } from './level.ts';
import { findTrapDef, getRuleset, trapNameIn } from './registry.ts';
import { type Random, type StreamName, Streams } from './rng.ts';
import type { DamageOptions, RuleContext, Ruleset, TrapDef, TrapSpec } from './ruleset.ts';
import { GUARD, viewOf } from './writeGuard.ts';
import { type Actor, chebyshev, type Item, isVisible, mindWith, type Trap, type World } from './world.ts';

/** How far a noise carries, in cells, per unit of volume (volume 40 ~ 8 cells, 300 ~ 60). */
export const NOISE_CELLS_PER_VOLUME = 0.2;

export class StepContext implements RuleContext {
  readonly events: GameEvent[] = [];
  readonly ruleset: Ruleset;
  readonly streams: Streams;
  /** The live level this step plays on: every event goes through its `apply`. */
  readonly level: Level;
  /** The world to read (under the test-time write guard, a read-only view of it). */
  readonly world: World;
  /** Set when the player must go down a level at the end of this step (trapdoor, sinkhole). */
  pendingFall: { cause: string; levels?: number } | null = null;

  constructor(world: World) {
    this.level = levelOf(world);
    this.world = GUARD.on ? viewOf(this.level.world) : this.level.world;
    this.ruleset = getRuleset(world.ruleset);
    this.streams = new Streams(world.rng);
  }

  get settings() {
    return this.world.settings;
  }

  rng(name: StreamName): Random {
    return this.streams.get(name);
  }

  /** Applies the event to the world (the level's `apply`, the only writer) and records it. */
  emit(ev: GameEvent): void {
    this.level.apply(ev);
    this.events.push(ev);
  }

  say(text: string, tone: Tone = 'info'): void {
    this.emit({ type: 'message', text, tone });
  }

  newId(): number {
    const id = this.world.nextId;
    this.emit({ type: 'nextId', nextId: id + 1 });
    return id;
  }

  trapDef(kind: string): TrapDef {
    const def = findTrapDef(this.ruleset, kind);
    if (!def) throw new Error(`ruleset ${this.ruleset.id} has no trap "${kind}"`);
    return def;
  }

  trapName(trap: Trap | string): string {
    if (typeof trap !== 'string') return trapNameIn(this.ruleset, trap);
    return findTrapDef(this.ruleset, trap)?.name ?? trap;
  }

  playerSees(x: number, y: number): boolean {
    return isVisible(this.world, x, y);
  }

  damage(target: Actor, amount: number, opts: DamageOptions): void {
    if (!target.alive || amount <= 0) return;
    const amountInt = Math.max(0, Math.round(amount));
    this.emit({
      type: 'damaged',
      actor: target.id,
      amount: amountInt,
      cause: opts.cause,
      ...(opts.part ? { part: opts.part } : {}),
      ...(opts.damageType ? { damageType: opts.damageType } : {}),
      ...(opts.trap ? { trap: opts.trap.id, trapKind: opts.trap.kind } : {}),
    });
    const vitalPart = opts.part && target.parts?.[opts.part] && (opts.part === 'head' || opts.part === 'torso');
    const dead = target.hp <= 0 || (vitalPart && target.parts![opts.part!]!.hp <= 0);
    if (!dead) return;
    // A ruleset whose hero lives on below 1 hit point says whether this one does (d20's dying rules).
    const dies = this.ruleset.down ? this.ruleset.down.afterDamage(this, target, opts) : opts;
    if (dies) this.kill(target, dies);
  }

  kill(target: Actor, opts: DamageOptions): void {
    if (!target.alive) return;
    this.emit({
      type: 'died',
      actor: target.id,
      cause: opts.cause,
      ...(opts.trap ? { trap: opts.trap.id, trapKind: opts.trap.kind } : {}),
      killer: opts.killer ?? null,
    });
    const isPlayer = target.id === this.world.playerId;
    if (isPlayer) {
      this.say(`You die... ${capitalise(opts.cause)}.`, 'danger');
      this.emit({ type: 'gameOver', won: false, cause: capitalise(opts.cause), turn: this.world.turn });
      return;
    }
    if (this.playerSees(target.x, target.y)) this.say(`The ${target.name} dies.`, 'good');
    // What it carried falls where it died.
    for (const item of target.inventory) this.placeItem({ ...item, x: target.x, y: target.y });
    if (target.inventory.length > 0) this.emit({ type: 'actorUpdated', actor: target.id, changes: { inventory: [] } });
    // Experience goes to the killer: a trap's kill earns nothing unless its owner rigged it.
    const killer = opts.killer ?? null;
    if (killer !== null) {
      const k = this.world.actors.find((a) => a.id === killer);
      if (k?.alive) this.emit({ type: 'actorUpdated', actor: k.id, changes: { xp: k.xp + target.xp } });
    }
  }

  moveActor(actor: Actor, x: number, y: number, how: 'walk' | 'push' | 'teleport' | 'fall' | 'swap', resolve = true): void {
    const from: [number, number] = [actor.x, actor.y];
    this.emit({ type: 'moved', actor: actor.id, fromX: actor.x, fromY: actor.y, x, y, how });
    if (how === 'teleport') this.emit({ type: 'effect', effect: 'teleport', cells: [from, [x, y]], colour: '#c080ff', source: actor.name });
    if (resolve) this.resolveArrival(actor, how === 'walk' || how === 'swap');
  }

  /** Resolves the floor trap on the actor's cell, if any (the shared path for every entry). */
  resolveArrival(actor: Actor, chosenStep: boolean, confirmed = false): void {
    if (!actor.alive) return;
    const trap = trapAt(this.world, actor.x, actor.y);
    if (trap?.host.kind !== 'floor' || !trap.armed) return;
    this.ruleset.onEnter(this, actor, trap, chosenStep && confirmed);
  }

  noise(x: number, y: number, volume: number, source: string): void {
    this.emit({ type: 'noise', x, y, volume, source });
    const range = volume * NOISE_CELLS_PER_VOLUME;
    for (const m of this.world.actors) {
      if (!m.alive || m.id === this.world.playerId) continue;
      if (chebyshev(m.x, m.y, x, y) > range) continue;
      const changes: { status?: Record<string, number>; ai?: Actor['ai'] } = {};
      if (m.status.asleep) changes.status = { asleep: 0 };
      if (m.faction === 'hostile' && m.ai.mode !== 'hunt' && m.ai.mode !== 'flee') changes.ai = mindWith(m.ai, { mode: 'investigate', targetX: x, targetY: y, patience: INVESTIGATE_PATIENCE });
      if (changes.status || changes.ai) this.emit({ type: 'actorUpdated', actor: m.id, changes });
    }
  }

  reveal(trap: Trap, actorId: number, how: 'search' | 'passing' | 'triggered' | 'seen' | 'heard' | 'own' | 'told'): void {
    if (trap.knownBy.includes(actorId)) return;
    if (!this.level.trap(trap.id)) return;
    this.emit({ type: 'trapRevealed', trap: trap.id, kind: trap.kind, to: actorId, how });
  }

  trigger(trap: Trap, actor: Actor | null, how: TriggerHow): void {
    this.emit({ type: 'trapTriggered', trap: trap.id, kind: trap.kind, actor: actor?.id ?? null, x: trap.x, y: trap.y, how });
    this.emit({ type: 'effect', effect: 'flash', cells: [[trap.x, trap.y]], colour: this.trapDef(trap.kind).colour, source: trap.kind });
    this.ruleset.trigger(this, trap, actor, how);
  }

  removeTrap(trap: Trap, why: 'disarmed' | 'spent' | 'sprung' | 'destroyed' | 'dispelled'): void {
    if (!this.level.trap(trap.id)) return;
    this.emit({ type: 'trapRemoved', trap: trap.id, kind: trap.kind, why });
    if (why === 'disarmed') this.recoverComponents(trap);
  }

  /** What a disarmed trap's kind recovers (its `recovers`: core/traps/definition.ts), left on its cell to pick up. */
  private recoverComponents(trap: Trap): void {
    const kind = findTrapDef(this.ruleset, trap.kind)?.kind;
    const recovers = kind?.recovers;
    if (!kind || !recovers) return;
    if (recovers.say && this.playerSees(trap.x, trap.y)) this.say(recovers.say.replaceAll('{trap}', kind.name), 'good');
    for (const item of recovers.items) this.placeItem({ kind: item.kind, name: item.name, count: item.count, x: trap.x, y: trap.y });
  }

  spendCharge(trap: Trap): boolean {
    if (!this.level.trap(trap.id)) return false;
    if (trap.charges < 0) return true;
    const left = trap.charges - 1;
    if (left <= 0) {
      this.removeTrap(trap, 'spent');
      return false;
    }
    this.emit({ type: 'trapChanged', trap: trap.id, changes: { charges: left } });
    return true;
  }

  placeTrap(spec: TrapSpec, owner: number | null): Trap {
    const trap: Trap = {
      id: this.newId(),
      kind: spec.kind,
      x: spec.x,
      y: spec.y,
      host: spec.host ?? { kind: 'floor' },
      charges: spec.charges ?? -1,
      owner,
      knownBy: owner !== null ? [owner] : spec.known ? [this.world.playerId] : [],
      armed: true,
      data: { ...(spec.data ?? {}) },
    };
    this.emit({ type: 'trapPlaced', trap });
    return trapById(this.world, trap.id)!;
  }

  placeItem(item: Omit<Item, 'id'>): void {
    this.emit({ type: 'itemPlaced', item: { ...item, id: this.newId() } });
  }

  delay(actor: Actor, ticks: number): void {
    if (ticks <= 0) return;
    this.emit({ type: 'acted', actor: actor.id, nextAct: actor.nextAct + ticks });
  }

  fallToNextLevel(actor: Actor, cause: string, levels = 1): void {
    if (actor.id === this.world.playerId) {
      this.pendingFall = levels > 1 ? { cause, levels: Math.floor(levels) } : { cause };
      return;
    }
    // A monster falling through simply leaves this level.
    this.emit({ type: 'actorUpdated', actor: actor.id, changes: { alive: false } });
    if (this.playerSees(actor.x, actor.y)) this.say(`The ${actor.name} falls through the floor!`, 'trap');
  }
}
