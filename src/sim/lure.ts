/**
 * The lure ledger: monsters a trap hurt or killed while they were after the player, hunting the
 * player or following a noise the player made, per trap kind, the dungeon's traps and the
 * player's rigged ones apart. It is what a trap designer asks of a lure ("do monsters chasing me
 * die in my traps?"), read from a game's events alone, in order, so the simulator's counts and the
 * death screen's are the same reading.
 *
 * A monster is lured from the event that sets its mind to hunting (`ai.mode` 'hunt': the brain
 * hunts only the player), or to investigating the cell of a noise made in the player's own action
 * (core/engine.ts playerActionLength: a door the player kicked, a trap the player set off, a rigged
 * alarm the player tripped), until its mind turns to anything else (fleeing, wandering, idling, a
 * noise of another's). A hunter that loses sight of the player and searches where it last saw
 * them (investigating with no noise) is still after the player. A monster that was hunting when a
 * level began (a level entered with monsters awake and hunting) counts as lured from the start.
 */
import { playerActionLength } from '../core/engine.ts';
import type { GameEvent } from '../core/events.ts';
import type { World } from '../core/world.ts';

/** What traps of one kind did to lured monsters. */
export interface LureCounts {
  /** Monsters hurt by a trap of this kind while lured (each monster once per time it went off). */
  hurt: number;
  /** Monsters killed by one while lured. */
  killed: number;
  /** Of those, by traps the player rigged. */
  hurtByRigged: number;
  killedByRigged: number;
}

export function emptyLure(): LureCounts {
  return { hurt: 0, killed: 0, hurtByRigged: 0, killedByRigged: 0 };
}

export function addLure(into: LureCounts, from: LureCounts): void {
  into.hurt += from.hurt;
  into.killed += from.killed;
  into.hurtByRigged += from.hurtByRigged;
  into.killedByRigged += from.killedByRigged;
}

/** Why a monster is after the player. */
type Lure = 'hunting' | 'noise';

/**
 * A ledger as plain data, whole (who is lured now, who set each trap), so a game replayed
 * elsewhere (the link replay worker) goes on counting on the page as if it had never stopped.
 */
export interface LureLedgerData {
  kinds: Record<string, LureCounts>;
  lured: Array<[number, Lure]>;
  owners: Array<[number, number | null]>;
}

export class LureLedger {
  /** Per trap kind, in the order first counted. */
  readonly kinds = new Map<string, LureCounts>();
  private readonly lured = new Map<number, Lure>();
  /** Who set each trap (null: the dungeon's), kept past its removal: a spent trap's blow still counts. */
  private readonly owners = new Map<number, number | null>();
  private readonly playerId: number;

  /** A ledger from the start of `world`'s game, or going on from `data` (the world is then where it stopped). */
  constructor(world: World, data?: LureLedgerData) {
    this.playerId = world.playerId;
    if (!data) {
      this.learn(world);
      return;
    }
    for (const [kind, c] of Object.entries(data.kinds)) this.kinds.set(kind, { ...c });
    for (const [id, why] of data.lured) this.lured.set(id, why);
    for (const [id, owner] of data.owners) this.owners.set(id, owner);
  }

  toData(): LureLedgerData {
    const kinds: Record<string, LureCounts> = {};
    for (const [kind, c] of this.kinds) kinds[kind] = { ...c };
    return { kinds, lured: [...this.lured], owners: [...this.owners] };
  }

  /** The traps and the hunters of the level the world is on (at the start, and on a new level). */
  private learn(world: World): void {
    for (const t of world.traps) if (!this.owners.has(t.id)) this.owners.set(t.id, t.owner);
    this.lured.clear();
    for (const a of world.actors) if (a.alive && a.id !== this.playerId && a.ai?.mode === 'hunt') this.lured.set(a.id, 'hunting');
  }

  private counts(kind: string): LureCounts {
    let c = this.kinds.get(kind);
    if (!c) {
      c = emptyLure();
      this.kinds.set(kind, c);
    }
    return c;
  }

  /** Every kind's counts added up. */
  total(): LureCounts {
    const t = emptyLure();
    for (const c of this.kinds.values()) addLure(t, c);
    return t;
  }

  /** Reads one step's events; `world` is the world after them. */
  afterStep(world: World, events: readonly GameEvent[]): void {
    const mine = playerActionLength(events, this.playerId);
    let noise: { x: number; y: number; players: boolean } | null = null;
    const hurtThisStep = new Set<string>();
    let entered = false;
    for (let i = 0; i < events.length; i++) {
      const ev = events[i]!;
      switch (ev.type) {
        case 'noise':
          noise = { x: ev.x, y: ev.y, players: i < mine };
          break;
        case 'actorUpdated': {
          const ai = ev.changes.ai;
          if (!ai || ev.actor === this.playerId) break;
          if (ai.mode === 'hunt') this.lured.set(ev.actor, 'hunting');
          else if (ai.mode === 'investigate') {
            const toNoise = noise !== null && ai.targetX === noise.x && ai.targetY === noise.y;
            if (toNoise && noise!.players) this.lured.set(ev.actor, 'noise');
            else if (toNoise) this.lured.delete(ev.actor);
            // Investigating with no noise: a hunter searching where it last saw the player stays lured.
          } else this.lured.delete(ev.actor);
          break;
        }
        case 'actorAdded':
          if (ev.actor.ai?.mode === 'hunt') this.lured.set(ev.actor.id, 'hunting');
          break;
        case 'trapPlaced':
          this.owners.set(ev.trap.id, ev.trap.owner);
          break;
        case 'damaged': {
          if (ev.trap === undefined || !ev.trapKind || ev.amount <= 0 || !this.lured.has(ev.actor)) break;
          const key = `${ev.trap}:${ev.actor}`;
          if (hurtThisStep.has(key)) break;
          hurtThisStep.add(key);
          const c = this.counts(ev.trapKind);
          c.hurt++;
          if (this.owners.get(ev.trap) === this.playerId) c.hurtByRigged++;
          break;
        }
        case 'died': {
          if (ev.trap === undefined || !ev.trapKind || ev.actor === this.playerId || !this.lured.has(ev.actor)) break;
          const c = this.counts(ev.trapKind);
          c.killed++;
          if (this.owners.get(ev.trap) === this.playerId) c.killedByRigged++;
          this.lured.delete(ev.actor);
          break;
        }
        case 'levelEntered':
          entered = true;
          break;
        default:
          break;
      }
    }
    if (entered) this.learn(world);
  }
}

/** "Traps hurt 3 monsters that were after you and killed 2 (your own traps: 1 killed)." or null when none. */
export function lureSentence(total: LureCounts): string | null {
  if (total.hurt === 0 && total.killed === 0) return null;
  const monsters = (n: number) => `${n} monster${n === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (total.hurt > 0) parts.push(`hurt ${monsters(total.hurt)}`);
  if (total.killed > 0) parts.push(`killed ${total.hurt > 0 ? total.killed : monsters(total.killed)}`);
  const own: string[] = [];
  if (total.hurtByRigged > 0) own.push(`${total.hurtByRigged} hurt`);
  if (total.killedByRigged > 0) own.push(`${total.killedByRigged} killed`);
  return `Traps ${parts.join(' and ')} that were hunting you or following your noise${own.length > 0 ? ` (your own traps: ${own.join(', ')})` : ''}.`;
}
