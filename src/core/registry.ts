/**
 * The ruleset registry: the core reaches rulesets only through here. `src/rulesets/index.ts`
 * registers the five real ones; tests register their own.
 */
import { InputError } from './errors.ts';
import { numberValue } from './numbers.ts';
import type { Ruleset, SettingSpec, TrapDef } from './ruleset.ts';
import type { Trap, Traits } from './world.ts';

const rulesets = new Map<string, Ruleset>();
/** What each derived ruleset (a trap file's, a variant's) was made from, as registered. */
const derivedFrom = new Map<string, string>();

export function registerRuleset(r: Ruleset): void {
  rulesets.set(r.id, rulesetOf(r));
}

/**
 * Registers a ruleset derived from a file (a trap file's kinds, a variant), once per process, and
 * says whether it was new. `content` is what it was made from: the same id with the same content
 * is the same ruleset (nothing is made again); with other content `clash` is thrown, since a link,
 * a save or a replay carries the file itself and a name must mean one file. `make` runs only for a
 * new id and may throw; then nothing is registered.
 */
export function registerDerived(id: string, content: string, make: () => Ruleset, clash: () => Error): boolean {
  const seen = rulesets.has(id) ? derivedFrom.get(id) : undefined;
  if (seen !== undefined) {
    if (seen !== content) throw clash();
    return false;
  }
  const made = make();
  registerRuleset({ ...made, id });
  derivedFrom.set(id, content);
  return true;
}

/**
 * Removes a ruleset. The page and the CLI never do; the unit tests share one registry across the
 * test files of a worker and drop what each file registered when it ends (tests/support/setup.ts).
 */
export function unregisterRuleset(id: string): void {
  rulesets.delete(id);
  derivedFrom.delete(id);
}

/**
 * The ruleset as registered: every member of the interface in one order, the optional hooks it
 * lacks present as undefined, so that every ruleset has one object shape and the core's many
 * hook reads in every monster's turn (`onTurn`, `actionCost`, `monsterKnowsTrap`, ...) stay
 * monomorphic. Rulesets are plain objects whose hooks do not use `this`, so a copy plays the same.
 */
function rulesetOf(r: Ruleset): Ruleset {
  const all: { [K in keyof Required<Ruleset>]: Ruleset[K] } = {
    id: r.id,
    name: r.name,
    source: r.source,
    settings: r.settings,
    traps: r.traps,
    trapColumns: r.trapColumns,
    checks: r.checks,
    levelInfo: r.levelInfo,
    player: r.player,
    monsterTraits: r.monsterTraits,
    traitTable: r.traitTable,
    hud: r.hud,
    hiddenStatuses: r.hiddenStatuses,
    placeTraps: r.placeTraps,
    onEnter: r.onEnter,
    onLeave: r.onLeave,
    beforeAttack: r.beforeAttack,
    trigger: r.trigger,
    onOpen: r.onOpen,
    search: r.search,
    notice: r.notice,
    forgetFinding: r.forgetFinding,
    settingsProblem: r.settingsProblem,
    trapNameOf: r.trapNameOf,
    designedTraps: r.designedTraps,
    disarm: r.disarm,
    rigOptions: r.rigOptions,
    rig: r.rig,
    actionCost: r.actionCost,
    monsterKnowsTrap: r.monsterKnowsTrap,
    knownTrapsBlock: r.knownTrapsBlock,
    countsActions: r.countsActions,
    onTurn: r.onTurn,
    onWorldTurn: r.onWorldTurn,
    regeneration: r.regeneration,
    itemUse: r.itemUse,
    down: r.down,
    refuse: r.refuse,
    trapAppearance: r.trapAppearance,
    describeTrap: r.describeTrap,
    stepInputs: r.stepInputs,
    stepUnread: r.stepUnread,
    disarmInputNames: r.disarmInputNames,
    rigInputs: r.rigInputs,
    spotInputs: r.spotInputs,
    spotInputNames: r.spotInputNames,
    inPlaySettings: r.inPlaySettings,
    applyVariant: r.applyVariant,
    withKinds: r.withKinds,
  };
  return all;
}

/** An unknown ruleset id: bad input (the CLI exits 2 on it). */
export class UnknownRulesetError extends InputError {
  override name = 'UnknownRulesetError';
  constructor(readonly id: string) {
    super(`unknown ruleset "${id}" (known: ${[...rulesets.keys()].join(', ') || 'none'})`);
  }
}

export function getRuleset(id: string): Ruleset {
  const r = rulesets.get(id);
  if (!r) throw new UnknownRulesetError(id);
  return r;
}

const trapIndexes = new WeakMap<readonly TrapDef[], Map<string, TrapDef>>();

/** The ruleset's trap of that kind (the first of its table), through an index kept per table: rules, the renderer and the log ask often. */
export function findTrapDef(r: Pick<Ruleset, 'traps'>, kind: string): TrapDef | undefined {
  let index = trapIndexes.get(r.traps);
  if (!index) {
    index = new Map();
    for (const t of r.traps) if (!index.has(t.id)) index.set(t.id, t);
    trapIndexes.set(r.traps, index);
  }
  return index.get(kind);
}

/** What a trap is called: its own name where it carries one, else its table's, else its kind. */
export function trapNameIn(r: Ruleset, trap: Trap): string {
  return r.trapNameOf?.(trap) ?? findTrapDef(r, trap.kind)?.name ?? trap.kind;
}

/**
 * A ruleset's typed reading of a world's settings, made once per settings object: rules read
 * their settings on every action, and a world's settings object never changes in place during
 * play (new settings make a new object). The reading is shared, so it is frozen.
 */
export function settingsReader<T extends object>(parse: (t: Traits) => T): (t: Traits) => Readonly<T> {
  const read = new WeakMap<Traits, Readonly<T>>();
  // The settings asked about last: play asks about one world's thousands of times in a row.
  let lastTraits: Traits | null = null;
  let lastRead: Readonly<T> | null = null;
  return (t) => {
    if (t === lastTraits && lastRead) return lastRead;
    let typed = read.get(t);
    if (!typed) read.set(t, (typed = Object.freeze(parse(t))));
    lastTraits = t;
    lastRead = typed;
    return typed;
  };
}

export function hasRuleset(id: string): boolean {
  return rulesets.has(id);
}

export function listRulesets(): Ruleset[] {
  return [...rulesets.values()];
}

/** The rulesets registered as they are, in the order registered: not made from a file (`registerDerived`). */
export function listBaseRulesets(): Ruleset[] {
  return listRulesets().filter((r) => !derivedFrom.has(r.id));
}

/** Settings every ruleset shares (the core's own), before the ruleset's. */
export const CORE_SETTINGS: SettingSpec[] = [
  { name: 'lightRadius', type: 'int', default: 9, min: 1, max: 30, description: 'How far the player sees (cells).' },
  { name: 'monsters', type: 'int', default: -1, min: -1, max: 200, description: 'Monsters per level; -1 picks by floor area.' },
  { name: 'goalDepth', type: 'int', default: 5, min: 1, max: 100, description: 'Descending the stairs at this depth wins the game.' },
  { name: 'turnLimit', type: 'int', default: 5000, min: 10, max: 1_000_000, description: 'Turns before a headless game is called off.' },
];

/**
 * Defaults of the core's and a ruleset's settings, overridden by `given` (validated: a name that
 * is not a setting, a bad value or settings that do not go together is an InputError). `given`
 * is read by its own keys only, and only settings' names are written.
 */
export function resolveSettings(r: Ruleset, given: Traits = {}): Traits {
  const specs = [...CORE_SETTINGS, ...r.settings];
  const out: Traits = {};
  for (const s of specs) out[s.name] = s.default;
  for (const [k, v] of Object.entries(given)) {
    const spec = specs.find((s) => s.name === k);
    if (!spec) throw new InputError(`unknown setting "${k}" for ruleset ${r.id}`);
    out[k] = checkSetting(spec, v);
  }
  const problem = r.settingsProblem?.(out);
  if (problem) throw new InputError(`settings: ${problem}`);
  return out;
}

export function checkSetting(spec: SettingSpec, v: unknown): number | boolean | string {
  const bad = (why: string) => new InputError(`setting "${spec.name}": ${why}`);
  switch (spec.type) {
    case 'int':
    case 'number': {
      // `--set`, links and files spell numbers by the one rule of numbers.ts; JSON numbers stay numbers.
      const n = numberValue(v, spec.type);
      if (n === null) throw bad(typeof v === 'number' && Number.isFinite(v) ? `expected a whole number, got ${v}` : `expected ${spec.type === 'int' ? 'a whole number' : 'a number'}, got ${JSON.stringify(v)}`);
      if (spec.min !== undefined && n < spec.min) throw bad(`${n} is below the minimum ${spec.min}`);
      if (spec.max !== undefined && n > spec.max) throw bad(`${n} is above the maximum ${spec.max}`);
      return n;
    }
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (v === 'true') return true;
      if (v === 'false') return false;
      throw bad(`expected true or false, got ${JSON.stringify(v)}`);
    case 'enum':
      if (typeof v === 'string' && spec.values?.includes(v)) return v;
      throw bad(`expected one of ${spec.values?.join(', ')}, got ${JSON.stringify(v)}`);
    case 'string':
      if (typeof v === 'string') return v;
      throw bad(`expected text, got ${JSON.stringify(v)}`);
  }
}
