/**
 * The rules' version and the history of their defaults, so a game made under older defaults
 * opens to the world it was made in.
 *
 * Every link, save, replay and shard records `rules` (the RULES_VERSION it was made under; one
 * from before versions were kept says nothing: 1) and its settings. A file records every setting the rules had when it was made; a page address records
 * only the settings that differ from that version's defaults. Either way a setting the game does
 * not name takes its default AS OF THE GAME'S VERSION (`defaultAt`), not today's: a later change of
 * a default, or a new setting, cannot change an old game.
 *
 * To change a default: bump RULES_VERSION (below, the one number) and add ONE line per setting to
 * DEFAULT_CHANGES, with the new version and the default the setting had before. A new setting is
 * a line too, with `added: true` and the value that plays as before it existed (a world of an
 * older version that does not name it hashes without it, as its world did). Where the rules
 * themselves change (not a default), bump the version too: a replay that no longer reaches its
 * world then says which version made it.
 *
 * The world format's own version (core/world.ts WORLD_VERSION) is another thing: a game of
 * another format is refused; a game of older rules is opened under them.
 */
import type { SettingSpec } from './ruleset.ts';

/** The rules' version: bumped with every change of a default or of the rules. */
export const RULES_VERSION = 3;

export interface DefaultChange {
  /** The version the new default came with: games made before it (a lower version) had `old`. */
  version: number;
  /** The base ruleset (`cdda`, not `cdda+net`), or `*` for a core setting (every ruleset). */
  ruleset: string;
  setting: string;
  old: number | boolean | string;
  /** The setting is new in `version`: before, it did not exist (and `old` plays as its absence). */
  added?: boolean;
}

/**
 * Oldest first. Version 1 is every game made before versions were kept (the files say 1, an
 * address says nothing).
 */
export const DEFAULT_CHANGES: DefaultChange[] = [
  // Version 2, #24 (99aef3b): healing on by default; before, nobody healed.
  { version: 2, ruleset: 'cdda', setting: 'regenTurns', old: 0, added: true },
  { version: 2, ruleset: 'omega', setting: 'regenTurns', old: 0, added: true },
  { version: 2, ruleset: 'ceaptun', setting: 'regenTurns', old: 0, added: true },
  { version: 2, ruleset: 'wasteland', setting: 'regenTurns', old: 0, added: true },
  { version: 2, ruleset: 'd20', setting: 'restTurnsPerHour', old: 0, added: true },
  // Version 2, #24 (f62d7ce): healing items in the starting pack; before, none (and with none, how they heal plays no part).
  { version: 2, ruleset: 'cdda', setting: 'firstAidKits', old: 0, added: true },
  { version: 2, ruleset: 'cdda', setting: 'firstAidHeal', old: 20, added: true },
  { version: 2, ruleset: 'cdda', setting: 'firstAidTurns', old: 5, added: true },
  { version: 2, ruleset: 'omega', setting: 'healingPotions', old: 0, added: true },
  { version: 2, ruleset: 'omega', setting: 'potionPower', old: 1, added: true },
  // Version 2, #39 item 19: a hero who lives to meet the traps (docs/rules-decisions.md).
  { version: 2, ruleset: 'd20', setting: 'playerLevel', old: 3 },
  { version: 2, ruleset: 'wasteland', setting: 'heroHp', old: 20 },
  // Version 3, #39 item 19: d20's dying rules as the SRD has them (dying=srd); before, dead at 0 hit points.
  { version: 3, ruleset: 'd20', setting: 'dying', old: 'dead-at-0', added: true },
];

/** `cdda` of `cdda+net-1f3a` (a trap file's ruleset) or of `cdda~deep` (a variant's). */
export function baseRuleset(rulesetId: string): string {
  return rulesetId.split(/[+~]/, 1)[0]!;
}

/** Whether a game of this version can be opened here: any version up to this one. */
export function knownVersion(version: number): boolean {
  return Number.isInteger(version) && version >= 1 && version <= RULES_VERSION;
}

/** Why a game of rules `version` is not opened here. */
export function rulesVersionMessage(version: unknown, what: string): string {
  return `rules: this ${what} was made under rules version ${String(version)}; this Trapsmith plays versions 1 to ${RULES_VERSION}, so it is not replayed.`;
}

/**
 * A setting's default for a game of `version` in `rulesetId`: the `old` of the earliest change
 * after that version, or today's default when none came after it.
 */
export function defaultAt(rulesetId: string, spec: SettingSpec, version: number): SettingSpec['default'] {
  const base = baseRuleset(rulesetId);
  let found: DefaultChange | undefined;
  for (const c of DEFAULT_CHANGES)
    if (c.setting === spec.name && (c.ruleset === base || c.ruleset === '*') && c.version > version && (!found || c.version < found.version)) found = c;
  return found ? found.old : spec.default;
}

/**
 * The settings a game of rules `version` did not have, among those it does not name: they are
 * filled with the values that play as their absence, and left out of its world's hash (a world of
 * that version had no such setting), so an old game reaches the hash it recorded.
 */
export function absentSettings(rulesetId: string, named: Readonly<Record<string, unknown>>, version: number): string[] {
  const base = baseRuleset(rulesetId);
  return DEFAULT_CHANGES.filter((c) => c.added && c.version > version && (c.ruleset === base || c.ruleset === '*') && !Object.hasOwn(named, c.setting)).map((c) => c.setting);
}
