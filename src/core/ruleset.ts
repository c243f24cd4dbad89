/**
 * The ruleset interface: what a trap system plugs into the shared core. A ruleset is data (its
 * trap table, settings, traits) plus functions the trap-resolution core calls. Every function
 * that changes the world does so through `ctx.emit` (or the ctx helpers, which emit), never by
 * writing to the world directly.
 *
 * The interface serves all five systems: move costs and body parts (cdda), a location difficulty
 * (omega, via `levelInfo`), danger tiers, doors and chests (ceaptun), trigger and reset kinds
 * (d20, via trap data and `onTurn`), action points and a custom die (wasteland, via `actionCost`
 * and its own checks).
 */
import type { Action } from './actions.ts';
import type { GameEvent, Tone, TriggerHow } from './events.ts';
import type { Outcome, Prob } from './prob.ts';
import type { Random, StreamName } from './rng.ts';
import type { TrapKind } from './traps/definition.ts';
import type { TraitTable } from './traits.ts';
import type { Actor, Chest, Item, LevelInfo, MapStyle, Trap, TrapHost, Traits, World } from './world.ts';

/** A named, documented setting; every sandbox default of RULES.md becomes one. */
export interface SettingSpec {
  name: string;
  type: 'int' | 'number' | 'boolean' | 'enum' | 'string';
  default: number | boolean | string;
  description: string;
  values?: readonly string[];
  min?: number;
  max?: number;
}

/** A row of the trap table: what `trapsmith traps` prints and the renderer colours. */
export interface TrapDef {
  id: string;
  name: string;
  /** The glyph once known; usually '^'. */
  glyph: string;
  /** CSS colour of the glyph. */
  colour: string;
  /** The ruleset's own columns (visibility, avoidance, difficulty, damage, noise, charges, ...). */
  columns: Record<string, string | number | boolean | null>;
  /**
   * The kind as data over the core's effect vocabulary (core/traps), where the ruleset plays its
   * traps from definitions: what goes off. Its numbers are the columns' (a variant's edit of a
   * column is an edit of the kind; see the ruleset's trap table).
   */
  kind?: TrapKind;
}

/** One input of an odds check, as a CLI flag `--name` and a JSON batch key. */
export interface ParamSpec {
  name: string;
  type: 'int' | 'number' | 'boolean' | 'enum' | 'string';
  required?: boolean;
  default?: number | boolean | string;
  values?: readonly string[];
  /**
   * Bounds of a number input, both inclusive, checked wherever inputs are read (CLI, batch,
   * sweep, verify, the lab): they cover every value the game can produce, with room, and keep an
   * exact reading small.
   */
  min?: number;
  max?: number;
  description: string;
}

export type CheckInputs = Record<string, number | boolean | string>;

/** An odds check: one dice program, read exactly by `trapsmith odds` and sampled in play. */
export interface OddsCheck {
  name: string;
  description: string;
  params: ParamSpec[];
  /** Outcome names in display order; a numeric check lists none and reports `mean`. */
  outcomes?: readonly string[];
  /** Inputs that are invalid together get a message instead of a program. */
  validate?: (inputs: CheckInputs) => string | null;
  /**
   * The inputs left out whose defaults hang on others (a designer's kind's own numbers, by its
   * `--trap`), filled in after the parameters' own defaults, so a reading shows what it read.
   */
  complete?: (inputs: CheckInputs) => CheckInputs;
  program: (inputs: CheckInputs, settings: Traits) => Prob<Outcome>;
  /** True when the outcomes are numbers (a damage distribution): the result carries their mean. */
  numeric?: boolean;
  /**
   * Typical inputs where the outcomes are far from certain, for `trapsmith verify`: a sampler that
   * drifts shows only where an outcome is neither (nearly) sure nor (nearly) impossible. Without
   * them verify takes each parameter's default, or a typical value.
   */
  examples?: readonly CheckInputs[];
  /**
   * What the reading of these inputs leaves out, in words ("anyone else caught in the blast"):
   * what the one it reads for does not learn from it. The odds result, the confirm window and the
   * hover say it. Absent or empty: nothing.
   */
  leavesOut?: (inputs: CheckInputs) => readonly string[];
  /**
   * The statuses the one it reads for is left with, alive (the step check's: held, asleep, lost
   * actions, each with its turns; empty when none): the odds result gives each one's chance and
   * its mean turns. Absent: the check reads none.
   */
  statuses?: (inputs: CheckInputs, settings: Traits) => Prob<Readonly<Record<string, number>>>;
}

/**
 * What stepping onto a trap does to the one who steps, the outcomes of every ruleset's `step`
 * check: it did not go off under them, it went off without harm, it hurt them, it killed them.
 * A ruleset whose hero lives on below 1 hit point (`Ruleset.down`) has one more: `down`, it left
 * them at 0 or fewer and they live (STEP_HARM_DOWN_OUTCOMES).
 */
export type StepHarm = 'avoided' | 'unhurt' | 'hurt' | 'down' | 'death';
export const STEP_HARM_OUTCOMES: readonly StepHarm[] = ['avoided', 'unhurt', 'hurt', 'death'];
export const STEP_HARM_DOWN_OUTCOMES: readonly StepHarm[] = ['avoided', 'unhurt', 'hurt', 'down', 'death'];

/** The harm of `damage` to one with `hp` hit points: none, a wound, or death at `hp` or more. */
export function harmOfDamage(damage: number, hp: number): StepHarm {
  return damage <= 0 ? 'unhurt' : damage >= hp ? 'death' : 'hurt';
}

/** A disarm attempt as one of the ruleset's checks reads it (see `DisarmMoment.read`). */
export interface DisarmReading {
  /** The check's name in `checks`. */
  check: string;
  inputs: CheckInputs;
  /** Outcomes that remove the trap. */
  success: readonly string[];
  /** Outcomes that set it off. */
  setOff: readonly string[];
}

/**
 * The disarm moment, said once (DESIGN.md: one definition, two readings). `read` is the attempt
 * of `actor` at `trap` now as the disarm prompt and the hover show it: the check, its inputs here
 * and now, which outcomes disarm and which set the trap off; null where the game refuses it, or
 * plays it with no roll. `program` is the attempt over those inputs: play samples it (core/traps/
 * disarm.ts, on `stream`: the player's unless the ruleset says), and the odds read the same program
 * exactly, each fate by its `outcome` (the check of that name is built from it too). `apply` plays
 * what a drawn fate does; `without` what play does where `read` has no attempt (the ruleset's
 * refusal, or CDDA's tools taken down with no roll).
 *
 * A fate may carry more than its outcome where play needs it (CDDA's roll, for the practice it
 * gives; d20's 2d4 rounds, drawn before the check; Wasteland's dice, for the words): the reading
 * counts fates by outcome.
 */
export interface DisarmMoment<F extends Outcome = Outcome> {
  /** `during`: asked as the attempt is played (the turn's counters have counted it), not before. */
  read(world: World, actor: Actor, trap: Trap, during?: boolean): DisarmReading | null;
  program(inputs: CheckInputs, settings: Traits): Prob<F>;
  /** The check's outcome a fate is (its name in `read`'s `success` and `setOff`). */
  outcome(fate: F): string;
  /** The stream play draws the attempt on (default: the player's). */
  stream?(world: World, actor: Actor): StreamName;
  apply(ctx: RuleContext, actor: Actor, trap: Trap, fate: F, reading: DisarmReading): void;
  without(ctx: RuleContext, actor: Actor, trap: Trap): void;
}

/**
 * Setting a trap (a rig option) as one of the ruleset's checks reads it (see `Ruleset.rigInputs`):
 * which outcomes place it and which set it off on the rigger (the rest fail); or, where the rules
 * roll no dice for it, `unread`: one sentence saying why there are no odds ("No roll: it is set.").
 */
export type RigReading = { check: string; inputs: CheckInputs; set: readonly string[]; setOff: readonly string[] } | { unread: string };

/** Finding a hidden trap as one of the ruleset's checks reads it (see `Ruleset.spotInputs`). */
export interface FindReading {
  /** The check's name in `checks`. */
  check: string;
  inputs: CheckInputs;
  /** Outcomes that find the trap. */
  found: readonly string[];
  /**
   * No dice are rolled: the reading is a check that cannot fail or cannot succeed (d20's taking
   * 20, a search that cannot find the trap at all). A kind's own detection does not replace it.
   */
  certain?: boolean;
  /**
   * How play tells of the find this reading reads (the `trapRevealed` event's `how`), within the
   * step of the look: a search reading defaults to 'search'. CDDA has no search roll of its own
   * (a search is a turn's wait, and the turn's detection roll finds the trap: 'seen'). Read by
   * `verify --in-play`, which tells a find by it.
   */
  revealedAs?: TrapRevealHow;
}

/** The ways a trap is revealed (the `trapRevealed` event's `how`). */
export type TrapRevealHow = Extract<GameEvent, { type: 'trapRevealed' }>['how'];

export interface RigOption {
  id: string;
  name: string;
  available: boolean;
  /**
   * Why it is greyed out, as a sentence the log can show as it is ("You need a wood billet and a
   * knife."): the game says it when the option is chosen and refuses the action with it.
   */
  reason?: string;
  /**
   * 'here': it always goes on the rigger's own square (Omega's components are set under you), so
   * the game asks for no direction and the ruleset refuses a rig action that names one. Absent:
   * the player chooses a direction ('.' for their own square, where the rules allow it).
   */
  where?: 'here';
}

/** Generation context for placing traps on a fresh level. */
export interface PlacementContext {
  world: World;
  rng: Random;
  /** Candidate floor cells (reachable, not stairs, not next to stairs), in a stable order. */
  floorCells: Array<[number, number]>;
  /** Door cells (not secret). */
  doorCells: Array<[number, number]>;
  chests: Chest[];
  /** Cells monsters patrol (wander routes), which some rulesets keep clear. */
  patrolCells: Set<number>;
  /** Rooms, for rulesets that hide traps per room (empty for caves). */
  rooms: Array<{ x1: number; y1: number; x2: number; y2: number }>;
}

export interface TrapSpec {
  kind: string;
  x: number;
  y: number;
  host?: TrapHost;
  charges?: number;
  data?: Traits;
  /** Known to the player from the start ("some places show you their traps"). */
  known?: boolean;
}

export interface PlayerSpec {
  name?: string;
  hp: number;
  parts?: Record<string, { hp: number; max: number }>;
  speed?: number;
  traits: Traits;
  inventory?: Array<Omit<Item, 'id' | 'x' | 'y'>>;
}

export interface DamageOptions {
  cause: string;
  part?: string;
  damageType?: string;
  /** The trap behind it (its id and kind are all the record needs: it may be gone by then, as after a poison's delayed dose). */
  trap?: Pick<Trap, 'id' | 'kind'>;
  /** Who gets the kill (a rigged trap's owner). */
  killer?: number | null;
}

/** What the trap-resolution core hands a ruleset: the world to read and ways to change it. */
export interface RuleContext {
  readonly world: World;
  readonly ruleset: Ruleset;
  readonly settings: Traits;
  rng(name: StreamName): Random;
  /** Applies the event to the world (the level's `apply`, the only writer) and records it. */
  emit(ev: GameEvent): void;
  say(text: string, tone?: Tone): void;
  /** Damage with death handling: emits damaged, died (with the cause), drops what the dead carried. */
  damage(target: Actor, amount: number, opts: DamageOptions): void;
  /** Moves an actor and resolves the cell it lands on (traps included) unless `resolve` is false. */
  moveActor(actor: Actor, x: number, y: number, how: 'walk' | 'push' | 'teleport' | 'fall' | 'swap', resolve?: boolean): void;
  noise(x: number, y: number, volume: number, source: string): void;
  reveal(trap: Trap, actorId: number, how: 'search' | 'passing' | 'triggered' | 'seen' | 'heard' | 'own' | 'told'): void;
  /** Runs the ruleset's trigger for this trap at this actor (the shared path for every set-off). */
  trigger(trap: Trap, actor: Actor | null, how: TriggerHow): void;
  removeTrap(trap: Trap, why: 'disarmed' | 'spent' | 'sprung' | 'destroyed' | 'dispelled'): void;
  /** Spends one charge; removes the trap when none are left. Returns whether it is still there. */
  spendCharge(trap: Trap): boolean;
  placeTrap(spec: TrapSpec, owner: number | null): Trap;
  placeItem(item: Omit<Item, 'id'>): void;
  /** Costs the actor extra time now (lost actions, climbing out). */
  delay(actor: Actor, ticks: number): void;
  /** Can the player see this cell now? */
  playerSees(x: number, y: number): boolean;
  /** A fresh id for something new. */
  newId(): number;
  /** Sends the actor to the next level (falling through a trapdoor or sinkhole); `levels` (default 1) falls further (Omega's abyss). */
  fallToNextLevel(actor: Actor, cause: string, levels?: number): void;
  trapDef(kind: string): TrapDef;
  /** The name of a trap as the log and look mode use it: "fireball trap". */
  trapName(trap: Trap | string): string;
}

export interface MonsterKind {
  id: string;
  name: string;
  glyph: string;
  colour: string;
  hp: number;
  speed: number;
  melee: { n: number; sides: number; bonus: number };
  flying: boolean;
  /** 0 mindless .. 3 clever: clever ones open doors and flee when hurt. */
  intelligence: number;
  size: 'tiny' | 'small' | 'medium' | 'large';
  xp: number;
}

/** A trap's own numbers as a scenario file carries them: the name it goes by and its designer's inputs. */
export interface TrapDesign {
  name: string;
  inputs: Traits;
}

/** See `Ruleset.designedTraps`. */
export interface DesignedTraps {
  kinds: readonly string[];
  dataOf(design: TrapDesign): { data: Traits } | { error: string };
  designOf(data: Traits): TrapDesign;
}

/** What a usable item does, as its ruleset defines it (played by core/itemUse.ts: the `use` action). */
export interface ItemUse {
  /** The verb of the log and the keys' help: "quaff", "apply". */
  verb: string;
  /** What it does, in a few words for the inventory and the menu: "heals 1 to 20 HP". */
  effect: string;
  /** Game turns the use takes (a turn is the ruleset's own action cost of a wait). */
  turns: number;
  /** Why it would do nothing now ("You are not hurt."), or null: go ahead. */
  refuse?(world: World, actor: Actor): string | null;
  /**
   * Why using it now would heal little or nothing, at most half of what it can ("Your torso has
   * lost only 3 HP; a kit restores 20."), or null. The page asks before such a use; the rules do not
   * refuse it (a bot or a replay uses it as asked).
   */
  wasted?(world: World, actor: Actor): string | null;
  /** Plays the effect on `actor` (one of the item is already gone from the pack). */
  apply(ctx: RuleContext, actor: Actor): void;
}

/**
 * Natural healing (core/healing.ts): the hero regains `amount` hit points at every world turn of
 * the game clock that is a multiple of `every` (a whole number, at least 1), while hurt. An actor
 * with body parts regains `amount` on each part that is hurt and not broken.
 */
export interface Regeneration {
  every: number;
  amount: number;
}

/** A known trap in look mode's words (see Ruleset.describeTrap). */
export interface TrapDescription {
  name: string;
  details?: string;
}

/**
 * Rules for a hero between fighting fit and dead (d20's disabled, dying and stable: its
 * dyingPlay.ts). Without them, 0 hit points or fewer is death. The engine passes a helpless
 * hero's turns by itself (`pass`), within the game's turn limit, so play never waits on a hero
 * who cannot act.
 */
export interface DownRules {
  /**
   * Damage has left `actor` at 0 hit points or fewer (it is still alive): null when it lives on
   * (these rules have set its condition, by events), or the options it dies of (the blow's own,
   * or those of what brought it down, for a hero who bleeds out).
   */
  afterDamage(ctx: RuleContext, actor: Actor, opts: DamageOptions): DamageOptions | null;
  /** The actor cannot act now (unconscious): its turn passes by itself. */
  helpless(world: World, actor: Actor): boolean;
  /** One turn of a helpless actor passes: what it does to it (d20: the dying roll). */
  pass(ctx: RuleContext, actor: Actor): void;
  /** The action costs the actor something after it, in its state now (d20: a strenuous action while disabled). */
  strenuous(world: World, actor: Actor, action: Action): boolean;
  /** After a strenuous action: `hpBefore` the hit points it had before it (an action that healed costs nothing). */
  strained(ctx: RuleContext, actor: Actor, hpBefore: number): void;
}

export interface Ruleset {
  id: string;
  name: string;
  /** One line on where the rules come from. */
  source: string;
  settings: SettingSpec[];
  traps: TrapDef[];
  /** Column order for the trap table. */
  trapColumns: string[];
  checks: Record<string, OddsCheck>;

  /** Danger, environment and difficulty of a level at this depth. */
  levelInfo(depth: number, settings: Traits, style: MapStyle): LevelInfo;
  /** The starting player. */
  player(settings: Traits): PlayerSpec;
  /** The ruleset's traits for a monster of this kind (dodge, Dex, size, ...). */
  monsterTraits(kind: MonsterKind, settings: Traits): Traits;
  /**
   * Every trait play may set on an actor of this ruleset (the player's and the monsters'), beyond
   * the core's (core/traits.ts): a scenario's `player.traits` is read against it.
   */
  traitTable: TraitTable;
  /** Lines for the HUD: the ruleset's own stats. */
  hud(world: World, actor: Actor): Array<{ label: string; value: string }>;
  /** Status entries that are the rules' own bookkeeping (counters, rounds), never shown to the player as conditions. */
  hiddenStatuses?: readonly string[];

  /** Traps for a fresh level. */
  placeTraps(ctx: PlacementContext): TrapSpec[];

  /** `actor` has just arrived on the cell of `trap` (floor trap). `chosen`: the player confirmed stepping on a known trap. */
  onEnter(ctx: RuleContext, actor: Actor, trap: Trap, chosen: boolean): void;
  /**
   * `actor` is leaving the cell of `trap` (for rules that roll on leaving); optional. Returning
   * `false` keeps the actor where it is (the trap went off before it got away); the move still
   * costs its time.
   */
  onLeave?(ctx: RuleContext, actor: Actor, trap: Trap): boolean | undefined;
  /**
   * Called before `attacker` strikes `target` in melee (for rules that roll before a fight, e.g.
   * wasteland's optional rule for heroes on a trap); optional. Returning `false` calls the attack off.
   */
  beforeAttack?(ctx: RuleContext, attacker: Actor, target: Actor): boolean | undefined;
  /** The trap itself goes off: its effect. Called by ctx.trigger from every path. */
  trigger(ctx: RuleContext, trap: Trap, actor: Actor | null, how: TriggerHow): void;
  /** A door or chest carrying `trap` is opened, kicked, unlocked or picked. */
  onOpen(ctx: RuleContext, actor: Actor, trap: Trap, how: 'open' | 'kick' | 'unlock' | 'pick'): void;
  /** Active search by `actor`. */
  search(ctx: RuleContext, actor: Actor): void;
  /** Finding traps in passing, once per turn of `actor` (the player, or monsters where they learn). */
  notice(ctx: RuleContext, actor: Actor): void;
  /**
   * For the odds probe of the tests (tests/support/probe.ts: the spotting readings held against the code that finds), on a throwaway copy: undo what the ruleset remembers of `actor` having found
   * `trap` or looked from where it stands (a trap shown on the map, a roll made this turn or on
   * this cell), so that one more turn of looking can be tried. `arrived`: the actor has just
   * stepped onto its cell; `stayed`: it was already there last turn (it searches). The core
   * itself forgets only that the actor knows the trap.
   */
  forgetFinding?(world: World, trap: Trap, actor: Actor, moment: 'arrived' | 'stayed'): void;
  /**
   * What is wrong with settings that each pass their own check but not together (wasteland: a die
   * with no faces), or null. Asked of every resolved set of settings.
   */
  settingsProblem?(settings: Traits): string | null;
  /** The name of a trap that carries its own (a designed trap); undefined: its table's name. */
  trapNameOf?(trap: Trap): string | undefined;
  /**
   * Trap kinds each of whose traps brings its own numbers (d20's `designed`, made in the trap
   * designer), and how a scenario carries one: its design read into the trap's data, or why it
   * makes no trap; and a placed trap's data read back as its design.
   */
  designedTraps?: DesignedTraps;
  /** A disarm attempt on a trap the actor knows of: read and played from one program (see DisarmMoment). */
  disarm: DisarmMoment;
  /** What the actor could rig or set, greyed out with a reason. */
  rigOptions(world: World, actor: Actor): RigOption[];
  /** Rig or set trap `what` at (x, y); the core has checked the option is available. */
  rig(ctx: RuleContext, actor: Actor, what: string, x: number, y: number): void;
  /** Ticks an action takes this actor (100 = one turn at speed 100). */
  actionCost(world: World, actor: Actor, action: Action): number;
  /** Does this monster know of this trap (and so route around it)? */
  monsterKnowsTrap(world: World, monster: Actor, trap: Trap): boolean;
  /**
   * A trap a monster knows is a wall to it, not a detour cost: it never steps on one, and waits
   * when there is no other way (Omega: a square that shows a trap is blocked to monsters).
   */
  knownTrapsBlock?: boolean;
  /**
   * The engine counts each actor's actions per round (`actor.actRound`, `actor.roundActs`), for
   * rules that limit actions per turn (wasteland's action points). Off: those fields stay unset.
   */
  countsActions?: boolean;
  /** Called at the start of each of an actor's turns: statuses that tick (poison, bleeding, timed traps). */
  onTurn?(ctx: RuleContext, actor: Actor): void;
  /** Called once per game turn (100 ticks) for level-wide effects: timed traps, resets. */
  onWorldTurn?(ctx: RuleContext): void;
  /**
   * Natural healing, read from the world's settings (and the hero, for rules that heal by level):
   * how often and how much the hero regains while hurt; null: none. Asked once per world turn
   * while the hero is hurt (core/healing.ts plays it). Absent: nothing ever heals.
   */
  regeneration?(settings: Traits, hero: Actor): Regeneration | null;
  /**
   * What a carried item does when used (the `use` action: core/itemUse.ts), read from the world's
   * settings; null: that item has no use. Absent: nothing is usable.
   */
  itemUse?(item: Item, settings: Traits): ItemUse | null;
  /** The hero below 1 hit point and alive (d20's dying rules); absent: dead at 0 hit points or fewer. */
  down?: DownRules;
  /** Refuse an action the ruleset forbids (e.g. wasteland: disarming is the only action of a turn). */
  refuse?(world: World, actor: Actor, action: Action): string | null;
  /** How a known trap shows on the map when not as its table's glyph (Omega's fire and abyss squares). */
  trapAppearance?(world: World, trap: Trap): { glyph: string; colour: string } | null;
  /**
   * Look mode's words for a known trap, when the default "a fireball trap" is not enough: `name`
   * is a noun phrase with its article (look mode adds what it lies on: "A bear trap (visibility
   * 2), on stone floor."), `details` whole sentences that follow.
   */
  describeTrap?(world: World, trap: Trap): TrapDescription;
  /**
   * The inputs of this ruleset's `step` check (a whole trap read exactly: avoided, unhurt, hurt,
   * death) for `actor` stepping onto `trap` here and now, on purpose when it knows of it; null
   * when the check cannot read this situation. The confirm window and the hover read it.
   */
  stepInputs?(world: World, actor: Actor, trap: Trap): CheckInputs | null;
  /**
   * Why `stepInputs` has no reading of `actor` onto `trap` now, in the ruleset's own words for a
   * player ("another creature has just come within its reach too"); null when it has one. The
   * confirm window and the hover say it.
   */
  stepUnread?(world: World, actor: Actor, trap: Trap): string | null;
  /**
   * How `actor` setting the rig option `what` now reads: the check play rolls and its inputs, or
   * a sentence saying why there are no odds. The rig menu shows it beside each option. Absent or
   * null: the core says it has no reading.
   */
  rigInputs?(world: World, actor: Actor, what: string): RigReading | null;
  /**
   * The inputs every `disarm.read` reading gives (its keys): the names a kind's own disarm check
   * (core/traps/disarm.ts) may use. Absent: a kind may not bring a disarm check of its own here.
   */
  disarmInputNames?: readonly string[];
  /**
   * How `actor`, beside `trap` and not yet knowing it, would find it: one search (`search`: the
   * search action's check) and a look in passing (`passing`: the check made on arriving beside
   * it), each null where the ruleset makes no such check; null when no check reads this trap.
   * The hover reads it ("Spotting: 45% per search beside it, 20% in passing").
   */
  spotInputs?(world: World, actor: Actor, trap: Trap): { search: FindReading | null; passing: FindReading | null } | null;
  /**
   * The numbers and yes/no inputs every `spotInputs` reading gives (search and passing alike):
   * the names a kind's own detection (core/traps/spot.ts) may use. Absent: a kind may not bring a
   * detection of its own here (Wasteland rolls no dice to find a trap).
   */
  spotInputNames?: readonly string[];
  /**
   * Settings `verify --in-play` also plays by default, beside the sandbox defaults, where a moment
   * it holds (a search of a hidden trap, a disarm, a step onto a trap) cannot happen under them:
   * Wasteland's traps lie in plain sight, so only with them hidden is there anything to search for.
   */
  inPlaySettings?: readonly Traits[];
  /**
   * Optional: a copy of this ruleset that plays with other trap numbers (a balance-lab variant).
   * `overrides` maps trap id -> column -> new value, already checked against `traps[].columns`
   * (same type; dice stay dice). Without this hook the lab swaps the table's columns only, which
   * changes play only where the ruleset reads its numbers through `ctx.trapDef(kind).columns`.
   * Throw an Error naming the field to refuse a value. The lab sets the copy's id and name.
   */
  applyVariant?(overrides: Record<string, Record<string, string | number | boolean | null>>): Ruleset;
  /**
   * A copy playing a designer's trap kinds as well (a kind with an id of its own replaces that
   * kind): rulesets whose traps are data over the core's vocabulary (core/traps) have it. Throws
   * an InputError naming each field the ruleset cannot play (`traps[1].numbers.difficulty: …`,
   * indexed as in `kinds`). The registry sets the copy's id and name (core/traps/files.ts).
   */
  withKinds?(kinds: readonly TrapKind[]): Ruleset;
}
