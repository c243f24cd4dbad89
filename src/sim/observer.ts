/**
 * Watches one game's events and counts them into a `SimStats`. It reads only events (and the
 * world for positions), never a ruleset's internals, so it serves every ruleset alike.
 *
 * Attribution rules:
 * - A trigger's damage is every `damaged` event naming that trap until the trap fires again or
 *   the step ends; damage that comes later (poison, bleeding) still counts in the kind's total.
 * - A disarm attempt succeeded when the trap was removed as "disarmed" in that step, and set the
 *   trap off when that trap fired in that step by the player's hand.
 * - "Found before triggered": a `trapRevealed` to the player (not as its owner) before any
 *   `trapTriggered` of that trap; a trap shown to the player from the start counts as found.
 * - Monsters hurt or killed while lured (hunting the player, following the player's noise): the
 *   lure ledger's reading of the same events (lure.ts), added in when the game ends.
 */
import type { GameEvent } from '../core/events.ts';
import type { World } from '../core/world.ts';
import type { RunOutcome, SimStats } from './accumulator.ts';
import { LureLedger } from './lure.ts';

interface TrapInfo {
  kind: string;
  owner: number | null;
  triggered: boolean;
  encountered: boolean;
  /** Shown to the player from the start ("some places show you their traps"). */
  knownAtStart: boolean;
}

interface OpenTrigger {
  trap: number;
  kind: string;
  playerHpAtStart: number;
  damage: number;
  playerDamage: number;
  /** Set off by a trap the player rigged. */
  rigged: boolean;
  /** Who set it off (null: nobody named). */
  actor: number | null;
}

export interface GameSummary {
  seed: string;
  outcome: RunOutcome;
  turns: number;
  cause: string | null;
  /** The trap kind whose blow killed the player, if one did. */
  trapDeath: string | null;
  trapDamageTaken: number;
  playerTriggers: number;
  depth: number;
}

export class GameObserver {
  private readonly traps = new Map<number, TrapInfo>();
  private readonly playerId: number;
  private maxHp: number;
  private readonly firstDepth: number;
  private depth: number;
  private trapDamageTaken = 0;
  private playerTriggers = 0;
  private trapDeath: string | null = null;
  private readonly lure: LureLedger;

  constructor(
    private readonly stats: SimStats,
    world: World,
    /** Count cells for the heat map (all runs of the batch play this first level). */
    private readonly heat: boolean,
  ) {
    this.playerId = world.playerId;
    const hero = world.actors.find((a) => a.id === world.playerId);
    this.maxHp = hero?.maxHp ?? 0;
    this.firstDepth = world.depth;
    this.depth = world.depth;
    this.learnTraps(world);
    this.lure = new LureLedger(world);
    if (heat) stats.enableHeat(world.width, world.height);
  }

  private learnTraps(world: World): void {
    for (const t of world.traps) {
      if (!this.traps.has(t.id))
        this.traps.set(t.id, { kind: t.kind, owner: t.owner, triggered: false, encountered: false, knownAtStart: t.owner === null && t.knownBy.includes(this.playerId) });
    }
  }

  private info(id: number, kind: string): TrapInfo {
    let t = this.traps.get(id);
    if (!t) {
      t = { kind, owner: null, triggered: false, encountered: false, knownAtStart: false };
      this.traps.set(id, t);
    }
    return t;
  }

  /** The player met this trap: the first time counts an encounter (dungeon traps only). */
  private encounter(t: TrapInfo, foundFirst: boolean): void {
    if (t.encountered || t.owner === this.playerId) return;
    t.encountered = true;
    const k = this.stats.kind(t.kind).counts;
    k.encounters++;
    if (foundFirst || (t.knownAtStart && !t.triggered)) k.foundFirst++;
  }

  private heatCell(x: number, y: number): number {
    const h = this.stats.heat;
    if (!h || !this.heat || this.depth !== this.firstDepth || x < 0 || y < 0 || x >= h.width || y >= h.height) return -1;
    return y * h.width + x;
  }

  /** Counts one step's events; `hpBefore` is the player's hit points before the step. */
  afterStep(world: World, events: readonly GameEvent[], hpBefore: number): void {
    const pid = this.playerId;
    let hp = hpBefore;
    const open = new Map<number, OpenTrigger>();
    let disarm: { trap: number; kind: string; result: string; success: boolean; setOff: boolean } | null = null;
    const flush = (o: OpenTrigger) => {
      const k = this.stats.kind(o.kind);
      k.damagePerTrigger.add(o.damage);
      if (o.playerDamage > 0) k.playerDamagePerHit.add(o.playerDamage);
    };

    for (const ev of events) {
      switch (ev.type) {
        case 'trapPlaced': {
          const t = this.info(ev.trap.id, ev.trap.kind);
          t.owner = ev.trap.owner;
          if (ev.trap.owner === pid) this.stats.kind(ev.trap.kind).counts.rigged++;
          break;
        }
        case 'trapTriggered': {
          const t = this.info(ev.trap, ev.kind);
          const k = this.stats.kind(ev.kind).counts;
          if (ev.actor === pid) {
            k.triggeredByPlayer++;
            this.playerTriggers++;
            if (ev.how === 'step') k.playerStepTriggers++;
            this.encounter(t, false);
          } else if (ev.actor === null) k.triggeredByNone++;
          else k.triggeredByMonsters++;
          t.triggered = true;
          const prev = open.get(ev.trap);
          if (prev) flush(prev);
          open.set(ev.trap, { trap: ev.trap, kind: ev.kind, playerHpAtStart: hp, damage: 0, playerDamage: 0, rigged: t.owner === pid, actor: ev.actor });
          if (disarm && disarm.trap === ev.trap && (ev.how === 'disarm' || ev.actor === pid)) disarm.setOff = true;
          const cell = this.heatCell(ev.x, ev.y);
          if (cell >= 0) this.stats.heat!.fired[cell]!++;
          break;
        }
        case 'trapAvoided': {
          const t = this.info(ev.trap, ev.kind);
          const k = this.stats.kind(ev.kind).counts;
          if (ev.actor === pid) {
            k.avoidedByPlayer++;
            this.encounter(t, false);
          } else k.avoidedByMonsters++;
          break;
        }
        case 'trapRevealed': {
          if (ev.to !== pid) break;
          const t = this.info(ev.trap, ev.kind);
          this.encounter(t, !t.triggered && ev.how !== 'triggered' && ev.how !== 'own');
          break;
        }
        case 'disarmAttempted': {
          if (ev.actor !== pid) break;
          this.encounter(this.info(ev.trap, ev.kind), false);
          disarm = { trap: ev.trap, kind: ev.kind, result: ev.result, success: false, setOff: false };
          break;
        }
        case 'trapRemoved': {
          if (disarm && disarm.trap === ev.trap && ev.why === 'disarmed') disarm.success = true;
          break;
        }
        case 'damaged': {
          if (ev.actor === pid) hp -= ev.amount;
          if (!ev.trapKind) break;
          const k = this.stats.kind(ev.trapKind).counts;
          k.damageTotal += ev.amount;
          if (ev.actor === pid) {
            k.playerDamageTotal += ev.amount;
            this.trapDamageTaken += ev.amount;
          }
          const o = ev.trap !== undefined ? open.get(ev.trap) : undefined;
          if (o) {
            o.damage += ev.amount;
            if (ev.actor === pid) o.playerDamage += ev.amount;
          }
          break;
        }
        case 'actorUpdated': {
          if (ev.actor !== pid) break;
          if (ev.changes.hp !== undefined) hp = ev.changes.hp;
          if (ev.changes.maxHp !== undefined) this.maxHp = ev.changes.maxHp;
          break;
        }
        case 'died': {
          const isPlayer = ev.actor === pid;
          if (ev.trapKind) {
            const k = this.stats.kind(ev.trapKind).counts;
            if (isPlayer) {
              k.playerDeaths++;
              this.trapDeath = ev.trapKind;
              const o = ev.trap !== undefined ? open.get(ev.trap) : undefined;
              if (o && o.playerHpAtStart >= this.maxHp) {
                k.oneGoKillsFromFull++;
                this.stats.runCounts.oneGoKillsFromFull++;
              }
            } else {
              k.monstersKilled++;
              // A blast a monster set off may kill others too: the rate counts the one who set it off.
              if (ev.trap !== undefined && open.get(ev.trap)?.actor === ev.actor) k.monsterTriggerKills++;
              const t = ev.trap !== undefined ? this.traps.get(ev.trap) : undefined;
              if (t && t.owner === pid) k.monstersKilledByRigged++;
            }
          }
          const a = world.actors.find((x) => x.id === ev.actor);
          if (a) {
            const cell = this.heatCell(a.x, a.y);
            if (cell >= 0) {
              this.stats.heat!.deaths[cell]!++;
              if (isPlayer) this.stats.heat!.playerDeaths[cell]!++;
            }
          }
          break;
        }
        case 'levelEntered':
          this.depth = ev.depth;
          break;
        default:
          break;
      }
    }
    for (const o of open.values()) flush(o);
    if (disarm) {
      const k = this.stats.kind(disarm.kind);
      k.counts.disarmAttempts++;
      if (disarm.success) k.counts.disarmSuccesses++;
      else if (disarm.setOff) k.counts.disarmSetOffs++;
      k.disarmResults[disarm.result] = (k.disarmResults[disarm.result] ?? 0) + 1;
    }
    if (events.some((e) => e.type === 'levelEntered' || e.type === 'trapPlaced')) this.learnTraps(world);
    this.lure.afterStep(world, events);
  }

  /** Closes the game: the per-run numbers. */
  finish(world: World, stuck: boolean, fell = false): GameSummary {
    const rc = this.stats.runCounts;
    rc.runs++;
    for (const [kind, c] of this.lure.kinds) {
      const k = this.stats.kind(kind).counts;
      k.luredHurt += c.hurt;
      k.luredKilled += c.killed;
      k.luredHurtByRigged += c.hurtByRigged;
      k.luredKilledByRigged += c.killedByRigged;
    }
    let outcome: RunOutcome;
    const hero = world.actors.find((a) => a.id === this.playerId);
    if (world.over?.won) outcome = 'won';
    else if (hero && !hero.alive) outcome = 'died';
    else if (stuck) outcome = 'stuck';
    else outcome = 'timeout';
    rc[outcome]++;
    if (outcome === 'won' && fell) rc.fell++;
    const cause = outcome === 'died' ? (world.over?.cause ?? 'unknown') : null;
    if (outcome === 'died') {
      this.stats.causes[cause!] = (this.stats.causes[cause!] ?? 0) + 1;
      if (this.trapDeath) rc.diedToTrap++;
    }
    if (this.trapDamageTaken > 0) rc.hurtByTrap++;
    this.stats.turns.add(world.turn);
    this.stats.trapDamagePerRun.add(this.trapDamageTaken);
    this.stats.playerTriggersPerRun.add(this.playerTriggers);
    return {
      seed: world.seed,
      outcome,
      turns: world.turn,
      cause,
      trapDeath: outcome === 'died' ? this.trapDeath : null,
      trapDamageTaken: this.trapDamageTaken,
      playerTriggers: this.playerTriggers,
      depth: world.depth,
    };
  }
}
