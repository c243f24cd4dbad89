/**
 * What a ruleset lends the trap effect vocabulary: its own checks and its own harm. The
 * vocabulary (play.ts, read.ts) knows the shapes — a blast's cells, an arrow's flight, a fall, a
 * teleport — and asks the dialect only what the ruleset's rules decide: the tier a trap rolls
 * at, how an attack is rolled against a defence and what it says, how a rolled amount hurts
 * (reductions, wounds), how one climbs out of a pit.
 *
 * Each rule is given twice, for the two readings: played in a RuleContext (sampling the
 * ruleset's dice programs), and read as a program over a step check's inputs. Both are built
 * from the same programs, so a reading cannot drift from play.
 */
import type { Prob } from '../prob.ts';
import type { CheckInputs, RuleContext } from '../ruleset.ts';
import type { Actor, Traits, Trap, World } from '../world.ts';
import type { SizeName, StatusName, TrapKind } from './definition.ts';
import type { Dice } from './dice.ts';

/** How an attack came out, as the vocabulary needs it: a miss, a hit, or a hard hit (dice rolled twice). */
export type AttackOutcome = 'miss' | 'hit' | 'hard';

export interface DamageHow {
  /** A hard hit rolls the dice twice. */
  readonly hard: boolean;
  /** At a blast's edge. */
  readonly edge: boolean;
  /** A hard hit rolls the dice this many times (the attack's `critical`), where the dialect `criticals`. */
  readonly critical?: number;
  readonly type?: string;
  /** The body part it lands on, drawn already (the dialect's `parts`); absent: the creature as a whole. */
  readonly part?: string;
}

/**
 * A named effect a ruleset plays in its own code (definition.ts `custom`): what its source does
 * that the vocabulary cannot say. Played with the trap, the one who set it off (or stands on a
 * floor trap; null when no one does) and the kind; read, where it can be, as the damage to that
 * one over the step check's inputs.
 */
export interface CustomEffect {
  /** What it does, in a sentence or two, for a designer choosing it. */
  readonly description: string;
  play(ctx: RuleContext, trap: Trap, kind: TrapKind, victim: Actor | null): void;
  /**
   * The damage it does to the one who set it off, read exactly (0: unhurt). Absent: it plays in
   * the ruleset's own kinds only (their step reading is the ruleset's own), and a designer's kind
   * may not use it.
   */
  read?(inputs: CheckInputs, settings: Traits, kind: TrapKind): Prob<number>;
  /** What its reading leaves out, in words ("where the fall lands you"), as `readingLeavesOut` lists it. */
  readonly leavesOut?: readonly string[];
}

export interface TrapDialect {
  /** The tier of a tier table this trap rolls at here (0 for a ruleset without tiers). */
  tier(world: World, trap: Trap, kind: TrapKind): number;
  /** The damage roll, before the victim's reductions; a hard hit's dice `critical` times where the dialect `criticals`. */
  damageRoll(dice: Dice, hard: boolean, critical?: number): Prob<number>;
  /** A hard hit is a critical whose multiplier an `attack` may give (d20): elsewhere `critical` is refused. */
  readonly criticals?: boolean;
  /** The attack against `victim`: rolls it, records it, says it (`quiet`: says nothing, a shot of a volley told in the volley's line). */
  attack(ctx: RuleContext, trap: Trap, kind: TrapKind, victim: Actor, noun: string, quiet?: boolean): AttackOutcome;
  /** Deals a rolled amount to `victim` (the ruleset's reductions and wounds), on `how.part` where it names one. */
  deal(ctx: RuleContext, trap: Trap, kind: TrapKind, victim: Actor, raw: number, how: DamageHow): void;
  /**
   * Body parts, in a ruleset that has them: a `damage` effect's `part` as a program over the part
   * it lands on (a fixed part draws nothing; `leg` draws a side), or null for a name the ruleset
   * does not have (its kinds check refuses it). Without it, `part` is not for this ruleset.
   */
  readonly parts?: {
    draw(name: string): Prob<string> | null;
    /** Every name `draw` takes, for a designer told of one it does not. */
    readonly names: readonly string[];
    /** A drawn part in words ("left leg"), for a `damage` line's `{part}`. */
    nameOf(part: string): string;
  };
  /** The victim's size, for an `if` on `size` (default: everyone is medium). */
  size?(actor: Actor): SizeName;
  /**
   * A number a `check` may beat, read off the victim (`dex`, `dodge` …), or undefined for a name
   * the ruleset does not read (its kinds check refuses it: see `checkStats`).
   */
  stat?(world: World, actor: Actor, name: string): number | undefined;
  /** The names `stat` reads, for a designer told of one it does not; none: a kind here has no `check`. */
  readonly checkStats?: readonly string[];
  /** A noise the trap makes: the core's (waking and drawing monsters), and the ruleset's way of waking a sleeping hero. Default: the core's. */
  noise?(ctx: RuleContext, trap: Trap, volume: number, source: string): void;
  /** After a fall: `lost` actions lost climbing out (the ruleset may shorten the climb). Default: that many lost actions (`status`). */
  climbOut?(ctx: RuleContext, trap: Trap, victim: Actor, lost: number): void;
  /**
   * A status played the ruleset's way, `n` (1 or more) turns of it (`lostActions`: actions), on a
   * living victim: true when the ruleset played it, false to leave it to the core's (play.ts
   * `addStatus`). Without it the core plays every status.
   */
  status?(ctx: RuleContext, trap: Trap, kind: TrapKind, victim: Actor, name: StatusName, n: number, as?: string): boolean;
  /** The names a `status` may give as `as` (the ruleset's own statuses of a kind); none without. */
  readonly statusAs?: readonly string[];
  /**
   * Saving throws, in a ruleset that has them (d20's Fortitude, Reflex and Will): an `area`'s
   * `save` names one of `names`. `roll` makes it for `actor` against `dc` in play (true: made);
   * `read` is the same roll as a program over a step check's inputs (the one stepping's bonus).
   * Without them, a kind here may not ask for a save.
   */
  readonly saves?: {
    readonly names: readonly string[];
    roll(ctx: RuleContext, actor: Actor, name: string, dc: number): boolean;
    read(inputs: CheckInputs, settings: Traits, name: string, dc: number): Prob<boolean>;
  };
  /**
   * The number `name` of `kind` for a `#name` in its dice and counts (definition.ts `DiceText`):
   * a number the ruleset's rules make of the kind's own (d20's `save-dc`, from the spell level),
   * else the kind's own. Without it, the kind's own `numbers` only.
   */
  kindNumber?(kind: TrapKind, name: string): number | string | boolean | null | undefined;
  /**
   * `$name` in a kind's dice, counts and templates: the ruleset's whole-number setting as
   * `settings` has it (the world's in play, the check's in a reading). Without it, the settings'
   * own value, which must be a whole number.
   */
  setting?(settings: Traits, name: string): number;

  /**
   * The reading's damage is hit points and a trap's poison is the core's here (1 hit point a
   * turn, core/statuses.ts): its turns count in the damage read. Without it the reading leaves
   * the poison out and says so (CDDA reads body parts; Omega's hero is poisoned Omega's way).
   */
  readonly poisonInHitPoints?: boolean;

  /** The ruleset's named effects (definition.ts `custom`), by name; looked up as own properties only. */
  readonly custom?: Readonly<Record<string, CustomEffect>>;

  /** The readings, over the step check's inputs (see `Ruleset.stepInputs`). */
  readonly read: {
    tier(inputs: CheckInputs, kind: TrapKind): number;
    attack(inputs: CheckInputs, settings: Traits, kind: TrapKind, tier: number): Prob<AttackOutcome>;
    /** What the one who set it off takes from `dice` (on `how.part`, drawn already, where it names one). */
    damage(inputs: CheckInputs, settings: Traits, dice: Dice, how: DamageHow): Prob<number>;
    /**
     * How the harms of two effects add up for the one stepping (default: their sum): CDDA adds its
     * harm codes part by part, each capped at what the part has, which also keeps a long tree's
     * reading small.
     */
    combine?(inputs: CheckInputs, settings: Traits): (a: number, b: number) => number;
    /** The size of the one stepping, for an `if` on `size` (default medium). */
    size?(inputs: CheckInputs, settings: Traits): SizeName;
    /** The number `name` of the one stepping, as `stat` reads it in play, for a `check`. */
    stat?(inputs: CheckInputs, settings: Traits, name: string): number;
  };
}
