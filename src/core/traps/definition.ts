/**
 * A trap kind as data: what a designer writes (examples/traps/*.json) and what the built-in
 * rulesets' own traps are made of (src/rulesets/<r>/traps.json). One definition, two readings:
 * play samples its effect (play.ts) and the odds read it exactly (read.ts).
 *
 * The types are written out here (the effect tree is recursive, which a schema's inferred type
 * cannot name); schema.ts holds the zod schema, typed against them so the two cannot drift.
 *
 * Numbers a ruleset's own rules read (Cēaptūn's `difficulty`, d20's `search DC` …) sit in
 * `numbers`, keyed by the ruleset's trap-table columns; the ruleset says which it needs.
 */

/**
 * Dice as text: "2d6", "1d4+1", "3d6-2", or a plain whole number ("2"); or `$name`, a whole-number
 * setting of the ruleset (Wasteland's `"$mineDamage"`): the game's value (a variant's, the New game
 * dialog's), read when the trap goes off and by the exact reading, so a setting stays a setting;
 * or `#name`, one of the kind's own `numbers` (dice text or a whole number: d20's `"#damage"`), or
 * a number the ruleset's rules make of them (d20's `#save-dc`, from the spell level): the kind says
 * each number once, and its table, its effect and its readings all read that one.
 */
export type DiceText = string;

/** A whole number, or `$name` (a setting) or `#name` (a number of the kind): see DiceText. */
export type Count = number | string;

/**
 * Damage: one dice text, or a tier table (one dice text per tier of the ruleset: Cēaptūn has 7
 * danger tiers; a rigged trap uses the first). `type` names it for the log and for resistances.
 */
export type DamageSpec = DiceText | readonly DiceText[];

/**
 * A message template (core/messages.ts): `{1}` is the one the effect happens to ("you" for the
 * hero), `{trap}` the trap's name, `[s]` a verb's ending, `[a|b]` hero or onlooker wording;
 * in a `damage` line with a `part`, `{part}` is the part it landed on ("left leg").
 *
 * Numbers, filled in before the words (core/traps/play.ts `fillNumbers`):
 *   {damage}          the damage the effect rolled (before the ruleset's reductions): in a `damage`
 *                     or `fall` line, and in a blast's or a line's `each`
 *   {turns}           the turns a `status` rolled, in its line
 *   {$name}           the ruleset's whole-number setting `name`
 *   {damage:a|b|c}    words by the number: `a` for 0, `b` for 1, `c` for more; with two forms
 *                     `{$name:a|b}`, `a` for 0 and `b` for any other; `#` in a form is the number
 *                     ("{$caltropsLostActions:|; you lose # action|; you lose # actions}")
 * A line that comes out empty is not said: `[The blast hits you.|]` tells the hero alone.
 */
export type Template = string;

/** Words that depend on what holds the trap: a floor trap's, a door's or a chest's. */
export interface HostWords {
  readonly floor?: Template;
  readonly door?: Template;
  readonly chest?: Template;
}

/** A line said as the trap goes off; told when the hero is the victim or the player sees the trap. */
export type Say = Template | HostWords;

/** What an effect may change on the cells it reaches (a blast melting ice, blowing soft walls apart). */
export interface TerrainRule {
  readonly from: TerrainName;
  readonly to: TerrainName;
  /** Said when the player sees the cell change. */
  readonly say?: Template;
  /** Whoever stands on the cell loses this many actions (the ice melts under them) and is told `fall`. */
  readonly lostActions?: number;
  readonly fall?: Template;
}

export type TerrainName = 'floor' | 'wall' | 'water' | 'ice' | 'soft_wall';

/**
 * Statuses the core plays (core/statuses.ts): `held` refuses moves, `asleep` loses turns until
 * woken, `lostActions` loses actions, `poisoned` loses 1 hit point a turn while it lasts,
 * `slowed` makes every action take twice as long. A ruleset may play them its own way (its
 * dialect's `status`: Wasteland counts lost actions in action points and holds for whole turns;
 * Omega's hero is poisoned Omega's way).
 */
export type StatusName = 'held' | 'asleep' | 'lostActions' | 'poisoned' | 'slowed';

/** A creature's size, as the rulesets that have sizes grade them (CDDA's five; a ruleset without sizes calls everyone medium). */
export type SizeName = 'tiny' | 'small' | 'medium' | 'large' | 'huge';

/**
 * What an `if` asks about the one who set the trap off (the victim) and the game: `hero` (the
 * player), `monster` (anyone else); `size`, the victim's size is one of these; `trait`, the
 * victim has this yes/no trait (a robot, a flier: the ruleset's trait names); `setting`, the
 * ruleset's yes/no setting is on; `not`, `all` and `any` combine them. With no victim (a trap
 * going off by itself) only `setting` can hold. `trait` with `is`: the trait's value is one of
 * these (a monster of `"material"` `"steel"`; `null`: it has no such trait). The exact reading reads them for the hero who
 * steps (`trait` from the step check's input of that name, where it has one).
 */
export type Condition =
  | 'hero'
  | 'monster'
  | { readonly size: readonly SizeName[] }
  | { readonly trait: string; readonly is?: readonly (string | number | boolean | null)[] }
  | { readonly setting: string }
  | { readonly not: Condition }
  | { readonly all: readonly Condition[] }
  | { readonly any: readonly Condition[] };

export type Effect =
  /** Every effect in turn; none (`"effects": []`): the trap does nothing when it goes off. */
  | { readonly do: 'all'; readonly effects: readonly Effect[] }
  /**
   * `percent` in 100: `effect`, else `otherwise`. (Not `then`/`else`: an object with a `then` is
   * a thenable, which promises would take for one of their own.)
   */
  | { readonly do: 'chance'; readonly percent: number; readonly effect: Effect; readonly otherwise?: Effect }
  /** `effect` when `if` holds (see Condition), else `otherwise`: the hero and a monster, a small creature and a big one, taking different harm. */
  | { readonly do: 'if'; readonly if: Condition; readonly effect: Effect; readonly otherwise?: Effect }
  /**
   * The victim's own roll against the trap: `roll` (dice) beats, that is exceeds, the victim's
   * `beats` (a number the ruleset reads off the victim: CDDA's `dex`, or `dodge` as its trap
   * checks take it, Dex / 2 + Dodge), then `effect`, else `otherwise` (CDDA's crossbow hits when
   * rng(8, 20) > dodge). Nothing, and no roll, without a living victim.
   */
  | { readonly do: 'check'; readonly roll: DiceText; readonly beats: string; readonly effect: Effect; readonly otherwise?: Effect }
  /**
   * The victim is pushed to a free cell (walkable, no one on it) within `radius` of the trap, its
   * own among them, drawn from those in a spiral from the trap's; it stays where none is free.
   */
  | { readonly do: 'push'; readonly radius: number }
  /** A line said (a spear springing from the floor). */
  | { readonly do: 'say'; readonly say: Say; readonly tone?: ToneName }
  /**
   * A line about the victim, one template for both: to the hero in `tone` (default 'bad'), to an
   * onlooker who sees the victim in `seenTone` (default 'info'); nothing when no one set it off.
   * ("A bear trap closes on [your|{1}’s] foot!")
   */
  | { readonly do: 'tell'; readonly say: Template; readonly tone?: ToneName; readonly seenTone?: ToneName }
  /**
   * The ruleset's attack against the victim's defence; on a hit, the damage (a hard hit doubles the
   * dice; `critical`: rolls them that many times, where the ruleset's hard hit is a critical that
   * multiplies: the SRD's x3 spear and x4 scythe).
   */
  | { readonly do: 'attack'; readonly noun: string; readonly doorNoun?: string; readonly damage?: DamageSpec; readonly type?: string; readonly critical?: number }
  /**
   * Damage to the victim, no roll to hit. `say` is told before it lands: to the hero in `tone`,
   * to an onlooker who sees the victim in `seenTone` (default 'info'). `part`: where it lands, in
   * a ruleset with body parts (CDDA: a part like `torso` or `foot_l`, `leg` for either leg drawn,
   * `hit` for a part drawn as a shot finds one, `all` for every part alike), drawn before the
   * damage; a creature without parts takes it whole, and so does every victim in a ruleset without.
   */
  | {
      readonly do: 'damage';
      readonly damage: DamageSpec;
      readonly type?: string;
      readonly part?: string;
      readonly say?: Template;
      readonly tone?: ToneName;
      readonly seenTone?: ToneName;
    }
  /**
   * A shot from the nearest wall within `slitRange` along the 8 lines, across the trap, for
   * `flight` cells (from a door, a chest, or at someone beside the trap: straight at them),
   * attacking whoever is in its way until it hits; it lands as `item`.
   */
  | {
      readonly do: 'projectile';
      readonly slitRange: number;
      readonly flight: number;
      readonly say?: Say;
      readonly colour: string;
      readonly item?: { readonly kind: string; readonly name: string };
      readonly attack: { readonly noun: string; readonly damage?: DamageSpec; readonly type?: string };
    }
  /**
   * Everyone within `radius` (walls stop it) takes one roll of damage; at the edge (`radius` away)
   * `edge` says how much. `say` when the player sees the trap, `glimpse` when only some of the blast.
   * `noise`: its bang, made as it goes off (after the flash and its words, before anyone is hurt).
   */
  | {
      readonly do: 'blast';
      readonly radius: Count;
      readonly noise?: { readonly volume: number; readonly source: string };
      readonly damage?: DamageSpec;
      readonly type?: string;
      readonly edge: 'full' | 'half';
      readonly colour: string;
      readonly say?: Template;
      readonly glimpse?: Template;
      /** Said to each one caught in it ({1}). */
      readonly each?: Template;
      readonly terrain?: readonly TerrainRule[];
    }
  /**
   * A volley: `count` shots (dice, rolled afresh for each one it reaches) at the one who set it
   * off, or with a `radius` at everyone an `area` of that radius reaches, in that order; each shot
   * the ruleset's attack (`attack`, as the attack effect's fields), stopping when its target falls.
   * A volley of one is told as an attack is; of more, in one line, `say` (`{count}`: the shots,
   * `{hits}`: those that hit; in the bad tone when any hit): "{count} darts fly at {1 him}: {hits} hit."
   * (The SRD's fusillade of darts: 1d4 darts at each one within 5 ft.)
   */
  | {
      readonly do: 'volley';
      readonly count: DiceText;
      readonly radius?: Count;
      readonly attack: { readonly noun: string; readonly damage?: DamageSpec; readonly type?: string; readonly critical?: number };
      readonly say?: Template;
    }
  /**
   * Everyone within `radius` cells of the trap (a square: walls do not stop it), and the one who
   * set it off wherever it stands, takes one roll of `damage`; with radius 0, the one who set it off
   * alone (or whoever stands on the trap). `save`: each makes the ruleset's saving throw of that
   * name against `dc` for itself (d20: d20 + its save bonus, a natural 1 fails and a 20 succeeds),
   * and on a success takes `half` the roll (rounded down) or `none`, told `say` (`{damage}`: what it
   * takes). `each` is said to each one who takes the roll, before it lands. The one who set it off
   * comes first, then the hero, then the others in the order they came into the game. (The SRD's
   * spell traps: a fire trap's 1d4+3, Reflex for half.)
   */
  | {
      readonly do: 'area';
      readonly radius: Count;
      readonly damage?: DamageSpec;
      readonly type?: string;
      readonly save?: { readonly save: string; readonly dc: Count; readonly success: 'half' | 'none'; readonly say?: Template };
      readonly each?: Template;
    }
  /**
   * A line of `range` cells from the trap: through the one who set it off beside it, else along
   * the trap's own direction, else the longest clear line. One roll for everyone on it.
   */
  | {
      readonly do: 'line';
      readonly range: number;
      readonly damage?: DamageSpec;
      readonly type?: string;
      readonly colour: string;
      readonly say?: Template;
      readonly each?: Template;
    }
  /**
   * The victim falls into the trap: `say`, its damage, then `lostActions` actions lost climbing out
   * (the ruleset may shorten the climb); with `down`, through to the level below instead (the hero
   * goes down a level; a monster leaves this one).
   */
  | { readonly do: 'fall'; readonly say?: Template; readonly damage?: DamageSpec; readonly type?: string; readonly lostActions: number; readonly down?: boolean }
  /**
   * The victim is set down on a free floor cell anywhere on the level. `mishap`: `percent` in 100
   * of the time the jump goes wrong instead: its damage, and they stay where they are.
   */
  | { readonly do: 'teleport'; readonly say?: Template; readonly mishap?: { readonly percent: number; readonly damage: DamageSpec; readonly type?: string; readonly say?: Template } }
  /**
   * `count` monsters of a kind (the core's: rat, kobold, bat, goblin, zombie, orc, ogre) on free
   * floor cells within `radius` of the trap, nearest first in a spiral, each on a drawn cell; they
   * hunt the trap's cell (or wander). `say` once, when the player sees the trap.
   */
  | { readonly do: 'summon'; readonly monster: string; readonly count: Count; readonly radius: number; readonly hunts?: boolean; readonly say?: Template }
  /**
   * The trap becomes something else once it has gone off: terrain on its cell (`terrain`), another
   * kind of the playing table (`trap`, with that kind's charges, known to whoever knew this one), or
   * both. This trap is gone, so the charge the ruleset would spend after it is not spent.
   */
  | { readonly do: 'transform'; readonly terrain?: TerrainName; readonly trap?: string; readonly say?: Template }
  /** An item left on the trap's cell (a spent bolt, a broken net): `count` of `kind`, named `name`. */
  | { readonly do: 'item'; readonly kind: string; readonly name: string; readonly count: number }
  /**
   * `count` of the victim's things destroyed (acid eats a pack, fire burns a scroll): of `kind`
   * only, or any, each drawn from what it carries; `say` once, before, when it carries any.
   */
  | { readonly do: 'destroy'; readonly count: number; readonly kind?: string; readonly say?: Template }
  /**
   * A status on the victim for `turns` (dice) turns (`lostActions`: that many actions); `seenTone`
   * as for `damage`. `as`: the ruleset's own status of that kind, where it tells kinds apart (CDDA
   * holds a victim in a `beartrap`, a `lightsnare` or a `heavysnare`, each its own way out).
   */
  | {
      readonly do: 'status';
      readonly status: StatusName;
      /** Dice, or `forever` (FOREVER_TURNS: a hold never let go, a rat in a snare). */
      readonly turns: DiceText | 'forever';
      readonly as?: string;
      readonly say?: Template;
      readonly tone?: ToneName;
      readonly seenTone?: ToneName;
    }
  /** A noise of `volume` at the trap (it wakes and draws monsters; the ruleset may wake a sleeper its own way). */
  | { readonly do: 'noise'; readonly volume: number; readonly source: string }
  /** The victim loses `turns` turns of time (0.8: CDDA's 80 move points), at its own speed. */
  | { readonly do: 'delay'; readonly turns: number }
  /** The trap is used up and gone from its cell (a bear trap that has closed, popped bubble wrap); `say` when the player sees it. */
  | { readonly do: 'spent'; readonly say?: Template }
  /**
   * A named effect the ruleset plays in its own code, where the vocabulary cannot say what its
   * source does (CDDA's sinkhole and its rope climb, Omega's abyss): the ruleset registers it
   * (its dialect's `custom`), lists it (`trapsmith traps <ruleset> --format definitions`), and
   * refuses a name it does not have. A designer's kind may use one that has an exact reading.
   */
  | { readonly do: 'custom'; readonly name: string };

export type EffectName = Effect['do'];

export type ToneName = 'info' | 'good' | 'bad' | 'danger' | 'trap';

export interface SoundSpec {
  /** What the table calls it ("Bowstring"). */
  readonly name: string;
  readonly volume: number;
  /** The log line when the player hears it without seeing it. */
  readonly heard: Template;
  /** The noise's source, as the core's noise names it. */
  readonly source: string;
}

export type HostName = 'floor' | 'door' | 'chest';

/** How a disarm attempt can end: the trap removed, nothing, or the trap set off on the one at it. */
export type DisarmOutcome = 'disarmed' | 'failed' | 'sprung';

/**
 * A kind's own check, a dice program as data (core/traps/kindCheck.ts), played in place of the
 * ruleset's roll at its moment and read exactly wherever the odds of that moment are shown. The
 * margin is `roll` plus each of `plus` less `against`; the first outcome whose `atLeast` it
 * reaches is the result, and the last (without `atLeast`) takes the rest. A name in `plus` or
 * `against` is one of the ruleset's inputs for that moment, as its own check reads them off the
 * one acting (`trapsmith odds <ruleset> <check> --help`), or one of the kind's `numbers`;
 * booleans count 1 or 0; `-name` subtracts it.
 */
export interface KindCheckSpec<O extends string> {
  /** Dice with an optional bonus ("2d12", "1d20+2"), not floored at 0. */
  readonly roll: DiceText;
  readonly plus?: readonly (string | number)[];
  readonly against: string | number;
  readonly outcomes: readonly { readonly atLeast?: number; readonly is: O }[];
  /** Said to the one acting (`{1}`: them; `{trap}`: its name), by outcome. */
  readonly say?: { readonly [K in O]?: Template };
}

/**
 * Its own disarm check (disarm.ts), over the ruleset's disarm inputs (Cēaptūn's `modifier` and
 * `difficulty`, d20's `bonus` and `dc`, CDDA's `skill`, `dex`, `per` …); the ruleset still says
 * who may try. Defaults: "{1} disarm[s] the {trap}." …
 */
export type DisarmSpec = KindCheckSpec<DisarmOutcome>;

/** How stepping onto a trap can end, before its effect: it does not go off under them, or it does. */
export type AvoidOutcome = 'avoided' | 'triggered';

/**
 * Its own avoidance (avoid.ts): rolled when someone steps onto it, where the ruleset would roll
 * its own (Cēaptūn's step past and Light step, CDDA's avoidance dice, Wasteland's die) or has
 * none (d20's and Omega's traps go off under everyone they catch), over the ruleset's step inputs
 * (`trapsmith odds <ruleset> step --help`: `dodge`, `known`, `hp` …). Those the ruleset spares
 * before any roll (fliers, a detector) stay spared. Default `avoided` words: "{1} avoid[s] the {trap}."
 */
export type AvoidSpec = KindCheckSpec<AvoidOutcome>;

/** How a look for a hidden trap can end. */
export type SpotOutcome = 'found' | 'missed';

/**
 * Its own detection (spot.ts): rolled where the ruleset would roll to find it, on a search beside
 * it and in passing, over the ruleset's spotting inputs for that look (Cēaptūn's `modifier`,
 * `difficulty` and `passing`; CDDA's `per`, `skill`, `distance` …; d20's `bonus` and `dc`; Omega's
 * `alert`). The ruleset still says who looks, when and from where, and tells of a find in its own
 * words. Wasteland rolls no dice to find a trap, so a kind there has none.
 */
export type SpotSpec = KindCheckSpec<SpotOutcome>;

/** How setting a trap can end: in place, nothing (the materials kept), or set off on the one setting it. */
export type RigOutcome = 'set' | 'failed' | 'sprung';

/**
 * How the player sets one (rig.ts): an option of the rig menu beside the ruleset's own, taking
 * one turn on a free floor cell beside the rigger (or under it). `needs` are used up from the
 * pack when it is set or sprung; `check`, over the rigger's own traits (the ruleset's character:
 * Cēaptūn's `dex` and `disableDevice`, CDDA's `traps` and `dex`, d20's `dex` …) and the kind's
 * numbers, decides how it ends (absent: it is set). A trap set is the rigger's: known to it, and
 * its kills are the rigger's.
 */
export interface RigSpec {
  readonly needs: readonly { readonly kind: string; readonly name: string; readonly count: number }[];
  readonly check?: KindCheckSpec<RigOutcome>;
}

/** One trap kind. */
export interface TrapKind {
  /** Lower case letters, digits and `_`; a file's kind with a built-in id replaces the built-in. */
  readonly id: string;
  readonly name: string;
  /** The glyph once known (default `^`). */
  readonly glyph?: string;
  /** CSS colour of the glyph: `#rgb` or `#rrggbb`. */
  readonly colour: string;
  /** What may hold it: the floor, a door, a chest. */
  readonly hosts: readonly HostName[];
  /** Where the dungeon places it: a relative weight (0: never, only rigged) and the depths. */
  readonly placement: { readonly weight: number; readonly depths?: readonly [number, number] };
  /** Charges: -1 goes off every time; a rigged kind takes its rig's. */
  readonly charges: number;
  /** Made only by rigging. */
  readonly rigged?: boolean;
  /** The ruleset's numbers for its own checks (Cēaptūn: `difficulty`), by column name. */
  readonly numbers: Readonly<Record<string, number | string | boolean | null>>;
  /** The sound it makes going off (heard by the player when out of sight); null: silent. */
  readonly sound?: SoundSpec | null;
  /** Said to the hero who steps past it on purpose. */
  readonly avoided?: Template;
  /** Its own disarm check, in place of the ruleset's (see DisarmSpec). */
  readonly disarm?: DisarmSpec;
  /** Its own avoidance, in place of the ruleset's (see AvoidSpec). */
  readonly avoid?: AvoidSpec;
  /** Its own detection, in place of the ruleset's (see SpotSpec). */
  readonly spot?: SpotSpec;
  /** The player may set it (see RigSpec). */
  readonly rig?: RigSpec;
  /**
   * What disarming it recovers (its components: the bear trap itself, a crossbow and its bolts),
   * left on its cell for the one who disarmed it to pick up; `say` when the player sees it
   * (plain words; `{trap}` is the kind's name).
   */
  readonly recovers?: { readonly items: readonly { readonly kind: string; readonly name: string; readonly count: number }[]; readonly say?: Template };
  /** A chest holding it is blown apart when it goes off (much of what it held is lost) instead of spending a charge. */
  readonly breaksChest?: boolean;
  readonly effect: Effect;
}

/** A designer's trap file: kinds added to (or replacing kinds of) one ruleset. */
export interface TrapFile {
  readonly format: 'trapsmith-traps';
  readonly version: 1;
  readonly ruleset: string;
  /** A short name, shown in the New game dialog and in the ruleset's name while it plays. */
  readonly name: string;
  readonly description?: string;
  readonly traps: readonly TrapKind[];
}
