/**
 * What the panels show, in a zustand vanilla store: the HUD's numbers, the log, the open dialog or
 * prompt, the death screen, notices. The world itself stays out (it lives in the controller and
 * the core); the store gets snapshots made from it after each step.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Tone } from '../core/events.ts';
import { LIMITS } from '../share/limits.ts';
import type { RigOption, Ruleset } from '../core/ruleset.ts';
import { hpText } from '../core/words.ts';
import type { World } from '../core/world.ts';
import type { KeyMode } from './keys.ts';
import type { GameOptions } from './url.ts';
import { player } from '../core/level.ts';

export interface LogLine {
  id: number;
  text: string;
  tone: Tone;
  /** The turn it was last said in. */
  turn: number;
  /** How many times in a row it was said (walking into a wall, searching): one line, counted. */
  repeat: number;
}

/** A log line as it reads: "There is a stone wall in the way. (×3)". */
export function logText(line: LogLine): string {
  return line.repeat > 1 ? `${line.text} (×${line.repeat})` : line.text;
}

export interface Meter {
  label: string;
  value: number;
  max: number;
}

export interface HudState {
  hp: Meter;
  /** One meter per body part, where the ruleset has them. */
  parts: Meter[];
  /** The ruleset's own stats. */
  stats: Array<{ label: string; value: string }>;
  depth: number;
  /** The level's danger, difficulty, environment: whatever the ruleset reports. */
  level: Array<{ label: string; value: string }>;
  turn: number;
  seed: string;
  ruleset: string;
  rulesetName: string;
  inventory: string[];
  status: string[];
}

export interface OverState {
  won: boolean;
  /** The player died (else the game ended some other way: out of time). */
  dead: boolean;
  /** "Killed by a fireball trap". */
  cause: string;
  seed: string;
  ruleset: string;
  turn: number;
  depth: number;
  /** The lure ledger: what traps did to monsters hunting the player or following the player's noise (null: nothing). */
  lure: { sentence: string; kinds: Array<{ name: string; hurt: number; killed: number }> } | null;
}

/** A line the page must say until dismissed: a problem (a bad link, a file refused) or news. */
export interface Notice {
  text: string;
  tone: 'problem' | 'info';
}

export interface UiState {
  hud: HudState | null;
  log: LogLine[];
  mode: KeyMode;
  /** A direction prompt's question ("Disarm which way?"), or null. */
  prompt: string | null;
  /** Look mode: cursor and its sentence. */
  /** Look mode's cursor and what is under it; `travel`: opened by travel (`_`), Enter walks there. */
  look: { x: number; y: number; text: string; travel?: boolean } | null;
  /** The "Really step onto ...?" dialog. */
  /** `odds`: the exact odds of the step, in words, where the ruleset reads them (its `step` check). */
  /** The "around me" list (X: ui/around.ts) is open. */
  around: boolean;
  /** The "Really …?" window; `go`: its yes button's words (default "Step onto it"). */
  confirm: { text: string; trapName?: string; odds?: string; go?: string; stay?: string } | null;
  /**
   * The rig list (R), greyed entries with their reasons, each rig with its exact odds of being set,
   * failing or going off (`odds`: core/stepOdds.ts rigOddsText, or the ruleset's sentence why
   * none); with `menuFor: 'use'`, the list of what the pack can use (q, a).
   */
  rigMenu: Array<RigOption & { odds?: string }> | null;
  /** What the open list chooses: a trap to rig, or an item to use (its `id` the item's kind). */
  menuFor: 'rig' | 'use';
  /** The one panel open over the map: keys go to it, not to the game (Escape closes it). */
  overlay: 'help' | 'newGame' | 'designer' | 'share' | 'editor' | 'history' | null;
  over: OverState | null;
  /** Problems with the link and other things the page must say (visible until dismissed). */
  notices: Notice[];
  tab: 'game' | 'lab';
  /** The running game's options (the new game panel starts from them). */
  options: GameOptions | null;
  /** The rulesets the page offers now (they load in the background after the first level). */
  rulesets: Array<{ id: string; name: string }>;
}

/** How many log lines are kept (the panel scrolls through them; a save keeps as many). */
export const LOG_LIMIT = LIMITS.logLines;

export function initialUiState(): UiState {
  return {
    hud: null,
    log: [],
    mode: 'play',
    prompt: null,
    look: null,
    confirm: null,
    around: false,
    rigMenu: null,
    menuFor: 'rig',
    overlay: null,
    over: null,
    notices: [],
    tab: 'game',
    options: null,
    rulesets: [],
  };
}

export type UiStore = StoreApi<UiState>;

export function createUiStore(): UiStore {
  return createStore<UiState>()(() => initialUiState());
}

/** The mode that decides what keys mean, from what is open (the innermost thing wins). */
export function keyModeOf(s: Pick<UiState, 'overlay' | 'confirm' | 'rigMenu' | 'prompt' | 'look' | 'over'>): KeyMode {
  if (s.overlay === 'help') return 'help';
  if (s.overlay === 'newGame' || s.overlay === 'designer' || s.overlay === 'share' || s.overlay === 'history') return 'panel';
  if (s.overlay === 'editor') return 'editor';
  if (s.confirm) return 'confirm';
  if (s.rigMenu) return 'menu';
  if (s.prompt) return 'direction';
  if (s.look) return 'look';
  if (s.over) return 'over';
  return 'play';
}

/** Sets part of the state and keeps `mode` in step with what is open. */
export function patch(store: UiStore, changes: Partial<UiState>): void {
  const next = { ...store.getState(), ...changes };
  store.setState({ ...changes, mode: keyModeOf(next) });
}

let nextLogId = 1;

/** Adds lines to the log; a line the same as the one before it counts up that one (it keeps its id). */
export function appendLog(store: UiStore, lines: Array<{ text: string; tone: Tone }>, turn: number): void {
  if (lines.length === 0) return;
  const log = [...store.getState().log];
  for (const l of lines) {
    const last = log.at(-1);
    if (last && last.text === l.text && last.tone === l.tone) log[log.length - 1] = { ...last, turn, repeat: last.repeat + 1 };
    else log.push({ id: nextLogId++, text: l.text, tone: l.tone, turn, repeat: 1 });
  }
  store.setState({ log: log.length > LOG_LIMIT ? log.slice(log.length - LOG_LIMIT) : log });
}

/**
 * Puts back a log as it was saved (a reload): the same lines, turns and counts, with fresh ids.
 * Lines from a replay (a link) arrive one by one and are counted as the live log counts them.
 */
export function restoreLog(store: UiStore, lines: ReadonlyArray<{ text: string; tone: Tone; turn: number; repeat: number }>): void {
  store.setState({ log: lines.slice(-LOG_LIMIT).map((l) => ({ id: nextLogId++, text: l.text, tone: l.tone, turn: l.turn, repeat: l.repeat })) });
}

/** The log as a save keeps it. */
export function savedLog(store: UiStore): Array<{ text: string; tone: Tone; turn: number; repeat: number }> {
  return store.getState().log.map((l) => ({ text: l.text, tone: l.tone, turn: l.turn, repeat: l.repeat }));
}

/** The words of a label, with l / r read as left / right: "arm_l" and "Left arm" are one part. */
/** "environmentName" -> "Environment name": the level's keys as labels. */
function humanize(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return key.length <= 2 ? key : words[0]!.toUpperCase() + words.slice(1);
}

/** A status key as words: `lostActions` and `in_pit` read "lost actions" and "in pit". */
function statusWords(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/**
 * The level's own lines: what the ruleset reports about the place, less what is shown already
 * (depth has its line; a stat the ruleset's HUD has; a second name for the same text value).
 */
function levelLines(world: World, stats: ReadonlyArray<{ label: string; value: string }>): Array<{ label: string; value: string }> {
  const shown = stats.map((st) => new Set(labelWords(st.label).split(' ')));
  const texts = new Set<string>();
  const out: Array<{ label: string; value: string }> = [];
  for (const [k, v] of Object.entries(world.level)) {
    const value = String(v);
    if (k.toLowerCase() === 'depth' && value === String(world.depth)) continue;
    // Said already by a line whose label has all of this key's words ("cr" in "Trap CR here").
    if (shown.some((words) => labelWords(k).split(' ').every((w) => words.has(w)))) continue;
    if (typeof v === 'string' && texts.has(value)) continue;
    if (typeof v === 'string') texts.add(value);
    out.push({ label: humanize(k), value });
  }
  return out;
}

function labelWords(label: string): string {
  const words = label
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0)
    .map((w) => (w === 'l' ? 'left' : w === 'r' ? 'right' : w));
  return words.sort().join(' ');
}

/**
 * The HUD's snapshot of a world. HP and body parts are meters; a ruleset's own line that says the
 * same thing (a "HP 15/20" line, or "Left arm 84/84" for the part arm_l) is not shown twice: the
 * meter takes the ruleset's name for the part instead.
 */
export function hudOf(world: World, ruleset: Ruleset): HudState {
  const hero = player(world);
  let stats = ruleset.hud(world, hero);
  // A ruleset shows hit points as the HUD does, never below 0 (hpText).
  const sameValue = (v: string, hp: number, max: number) => v.replace(/\s+/g, '') === hpText(hp, max);
  stats = stats.filter((s) => !(s.label.toLowerCase() === 'hp' && sameValue(s.value, hero.hp, hero.maxHp)));
  const parts = Object.entries(hero.parts ?? {}).map(([name, p]) => {
    const twin = stats.find((s) => labelWords(s.label) === labelWords(name) && sameValue(s.value, p.hp, p.max));
    if (twin) stats = stats.filter((s) => s !== twin);
    return { label: twin?.label ?? name, value: p.hp, max: p.max };
  });
  return {
    hp: { label: 'HP', value: hero.hp, max: hero.maxHp },
    parts,
    stats,
    depth: world.depth,
    level: levelLines(world, stats),
    turn: world.turn,
    seed: world.seed,
    ruleset: ruleset.id,
    rulesetName: ruleset.name,
    inventory: hero.inventory.map((i) => (i.count > 1 ? `${i.count} × ${i.name}` : i.name)),
    // A dead hero's statuses (asleep, poisoned) no longer matter: the HUD says it is dead.
    status: !hero.alive
      ? ['dead']
      : Object.entries(hero.status)
          .filter(([k, v]) => v > 0 && !ruleset.hiddenStatuses?.includes(k))
          .map(([k, v]) => `${statusWords(k)} ${v}`),
  };
}

/** Adds a line to the page's notices (shown until dismissed, or until another game is started). */
export function notify(store: UiStore, text: string, tone: Notice['tone'] = 'problem'): void {
  store.setState({ notices: [...store.getState().notices, { text, tone }] });
}
