/**
 * The Lab's trap editor without a DOM: where a file starts (a built-in kind of the ruleset, a
 * shipped example, a blank kind), the form as a list of fields over the file's JSON (each field a
 * path into the draft, so a form edit is one `setField` on the draft and the JSON is the draft
 * printed), the one reading of a draft (parse, the ruleset, its kinds), and the exact step odds of
 * every floor kind of a file.
 *
 * Invariants: the draft is plain JSON data (what the textarea shows, printed); a field never
 * writes outside the path it names; nothing here registers a ruleset (odds read through
 * `withKinds` directly, so an edit per keystroke never meets applyTrapFile's one-name-one-file rule).
 */
import { fractionToNumber } from '../../core/fraction.ts';
import { readNumber } from '../../core/numbers.ts';
import { ExactLimitError, exact } from '../../core/prob.ts';
import { getRuleset, hasRuleset, resolveSettings } from '../../core/registry.ts';
import type { OddsCheck, ParamSpec, Ruleset } from '../../core/ruleset.ts';
import { type StepOdds, chanceText, statusChances, statusesText } from '../../core/stepOdds.ts';
import type { EffectName, TrapFile, TrapKind } from '../../core/traps/definition.ts';
import { rulesetsTakingTrapFiles, settingConditionProblems, trapFileRulesetId } from '../../core/traps/files.ts';
import { parseTrapFile, TrapFileError } from '../../core/traps/schema.ts';
import { checkInputs } from '../../sim/odds.ts';

/** JSON data as the draft holds it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = ReadonlyArray<string | number>;

// ---------------------------------------------------------------- where a file starts

// The shipped examples as JSON, bundled (as the New game dialog bundles them): read by the one
// reader when offered, so a broken example is refused by field like any file.
const SHIPPED = import.meta.glob<unknown>('../../../examples/traps/*.json', { eager: true, import: 'default' });

export interface StartPoint {
  /** `kind:<id>`, `example:<file>`, `blank`. */
  key: string;
  label: string;
  file: () => Json;
}

const asJson = (v: unknown): Json => JSON.parse(JSON.stringify(v)) as Json;

/** The ruleset's own kinds (its trap table's `TrapDef.kind`: the rulesets whose traps are data). */
export function builtInKinds(ruleset: string): TrapKind[] {
  return getRuleset(ruleset).traps.flatMap((t) => (t.kind ? [t.kind] : []));
}

/** A file of one kind for `ruleset`. */
export function fileOf(ruleset: string, name: string, kinds: readonly Json[], description?: string): Json {
  return { format: 'trapsmith-traps', version: 1, ruleset, name, ...(description ? { description } : {}), traps: [...kinds] };
}

/**
 * A kind to start from nothing: on the floor, a plain 1d6 of damage, the charges of the ruleset's
 * first kind (Wasteland's traps go off once, Cēaptūn's every time) and the numbers its kinds carry
 * (their keys and the first values: Cēaptūn's `difficulty`), so it reads as it stands.
 */
export function blankKind(ruleset: string): Json {
  const kinds = builtInKinds(ruleset);
  const charges = kinds.find((k) => !k.rigged)?.charges ?? -1;
  const blank = (numbers: Record<string, Json>): Json => ({
    id: 'my_trap',
    name: 'my trap',
    colour: '#ff8030',
    hosts: ['floor'],
    placement: { weight: 1 },
    charges,
    numbers,
    effect: { do: 'damage', damage: '1d6', say: 'Something bites {1}!' },
  });
  // The numbers of the ruleset's own kinds, as they stand: every key any of them has, else one
  // kind's (a ruleset may keep some numbers to its own ids, Omega's components), else none; the
  // first the ruleset plays as a new kind.
  const union: Record<string, Json> = {};
  for (const k of kinds) for (const [key, v] of Object.entries(k.numbers)) if (!Object.hasOwn(union, key)) union[key] = v;
  const candidates = [union, ...kinds.filter((k) => !k.rigged).map((k) => ({ ...k.numbers }) as Record<string, Json>), {}];
  for (const numbers of candidates) {
    const kind = blank(numbers);
    if (readDraft(fileOf(ruleset, 'My traps', [kind])).ok) return kind;
  }
  return blank(union);
}

/** Where a file for `ruleset` may start: each built-in kind, each shipped example for it, a blank kind. */
export function startPoints(ruleset: string): StartPoint[] {
  const out: StartPoint[] = builtInKinds(ruleset).map((k) => ({
    key: `kind:${k.id}`,
    label: `built-in: ${k.name}`,
    // Its own id: the file's kind replaces the built-in, so a column of it compares with the ruleset's.
    file: () => fileOf(ruleset, `My ${k.name}`, [asJson(k)]),
  }));
  for (const [path, value] of Object.entries(SHIPPED).sort(([a], [b]) => a.localeCompare(b))) {
    if (!value || typeof value !== 'object' || (value as { ruleset?: unknown }).ruleset !== ruleset) continue;
    const name = path.slice(path.lastIndexOf('/') + 1);
    out.push({ key: `example:${name}`, label: `example: ${name}`, file: () => asJson(value) });
  }
  out.push({ key: 'blank', label: 'a blank kind', file: () => fileOf(ruleset, 'My traps', [blankKind(ruleset)]) });
  return out;
}

// ---------------------------------------------------------------- reading a draft

export type Reading = { ok: true; file: TrapFile; ruleset: Ruleset } | { ok: false; issues: string[] };

/**
 * The one reading of the editor's text (or draft): the file's shape (parseTrapFile: JSON, size,
 * `__proto__`, every field), that its ruleset plays trap files, and that it can play these kinds
 * (`withKinds`, whose copy the odds read). Registers nothing. Issues name their fields.
 */
export function readDraft(input: string | Json, source = 'the trap file'): Reading {
  let file: TrapFile;
  try {
    file = parseTrapFile(input, source);
  } catch (e) {
    return { ok: false, issues: e instanceof TrapFileError ? [...e.issues] : [(e as Error).message] };
  }
  const taking = rulesetsTakingTrapFiles();
  if (!taking.includes(file.ruleset) || !hasRuleset(file.ruleset)) return { ok: false, issues: [`ruleset: "${file.ruleset}" is not a ruleset that plays trap files (${taking.join(', ') || 'none'})`] };
  const settingIssues = settingConditionProblems(file.traps, getRuleset(file.ruleset));
  if (settingIssues.length > 0) return { ok: false, issues: settingIssues };
  try {
    return { ok: true, file, ruleset: getRuleset(file.ruleset).withKinds!(file.traps) };
  } catch (e) {
    // withKinds names its fields already (`traps[0].numbers.difficulty: …`), one per "; ".
    return { ok: false, issues: (e as Error).message.split(/;\s+(?=traps\[)/) };
  }
}

/** The file's download name: its name as the ruleset id's slug (`My pit` → `my-pit.json`). */
export function downloadName(file: Pick<TrapFile, 'ruleset' | 'name'>): string {
  return `${trapFileRulesetId(file).slice(file.ruleset.length + 1)}.json`;
}

// ---------------------------------------------------------------- the draft, by path

export function getAt(v: Json | undefined, path: Path): Json | undefined {
  let at: Json | undefined = v;
  for (const p of path) {
    if (at === null || typeof at !== 'object') return undefined;
    if (Array.isArray(at)) at = typeof p === 'number' ? at[p] : undefined;
    else at = typeof p === 'string' && Object.hasOwn(at, p) ? at[p] : undefined;
  }
  return at;
}

/**
 * `v` with `value` at `path` (a copy along the path; `undefined` removes the key). Missing objects
 * on the way are made; a key is only ever an own property (no prototype is reached).
 */
export function setAt(v: Json | undefined, path: Path, value: Json | undefined): Json {
  if (path.length === 0) return value ?? null;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const arr = Array.isArray(v) ? [...v] : [];
    const next = setAt(arr[head], rest, value);
    if (value === undefined && rest.length === 0) arr.splice(head, 1);
    else arr[head] = next;
    return arr;
  }
  const obj: { [key: string]: Json } = v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...v } : {};
  if (value === undefined && rest.length === 0) {
    delete obj[head!];
    return obj;
  }
  Object.defineProperty(obj, head!, { value: setAt(Object.hasOwn(obj, head!) ? obj[head!] : undefined, rest, value), enumerable: true, writable: true, configurable: true });
  return obj;
}

/** The draft as the textarea shows it. */
export function draftText(draft: Json): string {
  return JSON.stringify(draft, null, 2);
}

// ---------------------------------------------------------------- the form's fields

/**
 * How a field reads its text: `text` (empty removes an optional key), `int`/`number` (by the one
 * number rule; text that is no number stays text, for the schema to name), `count` (a number or a
 * `$setting`), `damage` (dice, or a tier table as dice separated by commas), `depths` ("1-5"),
 * `bool` (a checkbox), `hosts` (checkboxes), `select`, `effect` (the effect's type: retypes it);
 * a `note` edits nothing (what only the JSON holds).
 */
export type FieldKind = 'note' | 'text' | 'int' | 'number' | 'count' | 'damage' | 'depths' | 'bool' | 'hosts' | 'select' | 'effect' | 'numberCell';

export interface Field {
  path: Path;
  label: string;
  kind: FieldKind;
  /** The value as the field shows it (a checkbox: "true" / "false"; hosts: "floor,door"). */
  value: string;
  /** An optional key: an empty field removes it. */
  optional?: boolean;
  options?: readonly string[];
  /** A heading before the field (a nested effect's place). */
  group?: string;
  hint?: string;
  /** `numberCell`: the type of the ruleset's value ('number', 'boolean', 'string'). */
  cellType?: string;
}

export const EFFECT_NAMES: readonly EffectName[] = ['damage', 'attack', 'volley', 'projectile', 'blast', 'area', 'line', 'fall', 'status', 'delay', 'teleport', 'summon', 'transform', 'spent', 'item', 'destroy', 'say', 'tell', 'noise', 'chance', 'if', 'check', 'push', 'all', 'custom'];

/** The tones a line may be told in (definition.ts `ToneName`); '' leaves the key out (the default tone). */
const TONES = ['', 'info', 'good', 'bad', 'danger', 'trap'] as const;
/** The conditions the form can choose; any other (size, trait, setting, not/all/any: an object) is the JSON's. */
const SIMPLE_CONDITIONS = ['hero', 'monster'] as const;

const show = (v: Json | undefined): string => (v === undefined || v === null ? '' : Array.isArray(v) ? v.map(show).join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v));

function effectFields(e: Json | undefined, at: Path, group: string, out: Field[], depth = 0): void {
  const f = (key: string, label: string, kind: FieldKind, extra: Partial<Field> = {}) => out.push({ path: [...at, key], label, kind, value: show(getAt(e, [key])), ...extra });
  const type = getAt(e, ['do']);
  out.push({ path: at, label: 'effect', kind: 'effect', value: typeof type === 'string' ? type : '', options: EFFECT_NAMES, group });
  if (depth >= 3) return; // deeper nesting: in the JSON
  switch (type) {
    case 'all': {
      const effects = getAt(e, ['effects']);
      if (Array.isArray(effects) && effects.length === 0) out.push({ path: [...at, 'effects'], label: 'effects', kind: 'note', value: 'none: the trap does nothing (add effects in the JSON)' });
      if (Array.isArray(effects)) for (const [i, c] of effects.entries()) effectFields(c, [...at, 'effects', i], `${group} → ${i + 1} of ${effects.length}`, out, depth + 1);
      return;
    }
    case 'chance':
      f('percent', 'percent', 'number', { hint: 'in 100: the effect, else the otherwise' });
      effectFields(getAt(e, ['effect']), [...at, 'effect'], `${group} → on the chance`, out, depth + 1);
      if (getAt(e, ['otherwise']) !== undefined) effectFields(getAt(e, ['otherwise']), [...at, 'otherwise'], `${group} → otherwise`, out, depth + 1);
      return;
    case 'if': {
      // A condition object (size, trait, setting, not/all/any) is shown, never written: only a
      // plain 'hero' / 'monster' (or what is no object at all) gets a select.
      const condition = getAt(e, ['if']);
      if (condition !== null && typeof condition === 'object') out.push({ path: [...at, 'if'], label: 'if', kind: 'note', value: `${JSON.stringify(condition)}: a condition on size, trait or setting, in the JSON` });
      else f('if', 'if', 'select', { options: SIMPLE_CONDITIONS, hint: 'the hero, or anyone else' });
      effectFields(getAt(e, ['effect']), [...at, 'effect'], `${group} → when it holds`, out, depth + 1);
      if (getAt(e, ['otherwise']) !== undefined) effectFields(getAt(e, ['otherwise']), [...at, 'otherwise'], `${group} → otherwise`, out, depth + 1);
      return;
    }
    case 'check':
      f('roll', 'roll', 'text', { hint: 'dice ("1d13+7"): the effect when the roll is more than the victim\'s number' });
      f('beats', 'beats', 'text', { hint: "the victim's number (CDDA: dex, dodge)" });
      effectFields(getAt(e, ['effect']), [...at, 'effect'], `${group} → when the roll beats it`, out, depth + 1);
      if (getAt(e, ['otherwise']) !== undefined) effectFields(getAt(e, ['otherwise']), [...at, 'otherwise'], `${group} → otherwise`, out, depth + 1);
      return;
    case 'push':
      f('radius', 'radius', 'int', { hint: 'cells from the trap: pushed to a free one drawn among them' });
      return;
    case 'attack':
      f('noun', 'noun', 'text');
      f('damage', 'damage', 'damage', { optional: true, hint: 'dice ("2d6") or one per tier, with commas' });
      f('type', 'damage type', 'text', { optional: true });
      return;
    case 'volley':
      f('count', 'shots', 'text', { hint: 'dice ("1d4"), rolled for each one it reaches, or a number of the kind like "#missiles"' });
      f('radius', 'radius', 'count', { optional: true, hint: 'empty or 0: the one who set it off; else everyone within the square' });
      out.push({ path: [...at, 'attack', 'noun'], label: 'noun', kind: 'text', value: show(getAt(e, ['attack', 'noun'])) });
      out.push({ path: [...at, 'attack', 'damage'], label: 'damage', kind: 'damage', optional: true, value: show(getAt(e, ['attack', 'damage'])), hint: 'dice of one shot ("1d4+1")' });
      f('say', 'says (two or more)', 'text', { optional: true, hint: '{count}: the shots; {hits}: those that hit' });
      return;
    case 'projectile':
      f('slitRange', 'slit range', 'int');
      f('flight', 'flight', 'int');
      out.push({ path: [...at, 'attack', 'noun'], label: 'noun', kind: 'text', value: show(getAt(e, ['attack', 'noun'])) });
      out.push({ path: [...at, 'attack', 'damage'], label: 'damage', kind: 'damage', optional: true, value: show(getAt(e, ['attack', 'damage'])), hint: 'dice ("2d6") or one per tier, with commas' });
      f('colour', 'colour', 'text');
      return;
    case 'damage':
    case 'line':
    case 'fall':
    case 'blast':
      if (type === 'blast') f('radius', 'radius', 'count', { hint: 'cells, a setting like "$mineRadius", or a number of the kind like "#radius"' });
      if (type === 'line') f('range', 'range', 'int');
      f('damage', 'damage', 'damage', { optional: type !== 'damage', hint: 'dice ("2d6") or one per tier, with commas' });
      f('type', 'damage type', 'text', { optional: true });
      if (type === 'damage') f('part', 'body part', 'text', { optional: true, hint: 'CDDA: a body part (torso, head, arm_l, foot_r …), leg, hit, spikes or all; other rulesets: leave empty' });
      if (type === 'blast') f('edge', 'edge', 'select', { options: ['full', 'half'] });
      if (type === 'fall') f('lostActions', 'lost actions', 'int');
      if (type === 'blast' || type === 'line') f('colour', 'colour', 'text');
      if (typeof getAt(e, ['say']) !== 'object') f('say', 'says', 'text', { optional: true });
      return;
    case 'area': {
      f('radius', 'radius', 'count', { hint: 'cells around the trap (a square, walls do not stop it); 0: the one who set it off alone' });
      f('damage', 'damage', 'damage', { optional: true, hint: 'dice ("2d6"), or a number of the kind like "#damage"' });
      f('type', 'damage type', 'text', { optional: true });
      f('each', 'says to each', 'text', { optional: true, hint: '{1}: the one it reaches; {damage}: the roll' });
      const sub = (key: string, label: string, kind: FieldKind, extra: Partial<Field> = {}) => out.push({ path: [...at, 'save', key], label, kind, value: show(getAt(e, ['save', key])), ...extra });
      if (getAt(e, ['save']) === undefined) out.push({ path: [...at, 'save'], label: 'save', kind: 'note', value: 'none: everyone takes the roll (d20: add {"save": "ref", "dc": 13, "success": "half"} in the JSON)' });
      else {
        sub('save', 'save', 'text', { hint: "the ruleset's saving throw (d20: ref, fort, will)" });
        sub('dc', 'save DC', 'count', { hint: 'a number, or a number of the kind like "#save-dc"' });
        sub('success', 'on a save', 'select', { options: ['half', 'none'] });
        sub('say', 'says on a save', 'text', { optional: true, hint: '{damage}: what it takes' });
      }
      return;
    }
    case 'status':
      f('status', 'status', 'select', { options: ['held', 'asleep', 'lostActions', 'poisoned', 'slowed'] });
      f('turns', 'turns', 'text', { hint: 'dice ("1d4+1"), or "forever"' });
      f('as', 'as', 'text', { optional: true, hint: "the ruleset's own status (CDDA: beartrap, lightsnare, heavysnare)" });
      f('say', 'says', 'text', { optional: true });
      return;
    case 'delay':
      f('turns', 'turns', 'number', { hint: "turns lost (0.8: 80 of CDDA's move points)" });
      return;
    case 'spent':
      f('say', 'says', 'text', { optional: true });
      return;
    case 'say':
      if (typeof getAt(e, ['say']) !== 'object') f('say', 'says', 'text');
      else out.push({ path: [...at, 'say'], label: 'says', kind: 'note', value: 'words for each host: in the JSON' });
      return;
    case 'tell':
      f('say', 'says', 'text', { hint: "{1}: the victim; [your|{1}’s]: the hero's words, an onlooker's" });
      f('tone', 'tone', 'select', { options: TONES, optional: true, hint: 'to the hero (empty: bad)' });
      f('seenTone', 'seen tone', 'select', { options: TONES, optional: true, hint: 'to an onlooker (empty: info)' });
      return;
    case 'teleport':
      f('say', 'says', 'text', { optional: true });
      return;
    case 'noise':
      f('volume', 'volume', 'int');
      f('source', 'source', 'text');
      return;
    case 'summon':
      f('monster', 'monster', 'select', { options: ['rat', 'kobold', 'bat', 'goblin', 'zombie', 'orc', 'ogre'] });
      f('count', 'count', 'count', { hint: 'a number, or a setting like "$name"' });
      f('radius', 'radius', 'int');
      f('say', 'says', 'text', { optional: true });
      return;
    case 'transform':
      f('terrain', 'into terrain', 'select', { options: ['', 'floor', 'wall', 'water', 'ice', 'soft_wall'], optional: true });
      f('trap', 'into trap kind', 'text', { optional: true, hint: 'a kind id of the table' });
      f('say', 'says', 'text', { optional: true });
      return;
    case 'item':
      f('kind', 'item kind', 'text', { hint: 'like "net_scrap"' });
      f('name', 'item name', 'text');
      f('count', 'count', 'int');
      return;
    case 'destroy':
      f('count', 'things destroyed', 'int');
      f('kind', 'only of kind', 'text', { optional: true, hint: 'empty: anything carried' });
      f('say', 'says', 'text', { optional: true });
      return;
    case 'custom':
      f('name', 'name', 'text', { hint: "the ruleset's custom effect" });
      return;
  }
}

/**
 * The form of kind `index` of the draft: the file's name and description, the kind's fields, its
 * numbers (the kind's own and those the ruleset's kinds carry), and its effect (nested effects to
 * three levels; deeper ones, host words, terrain and conditions other than hero/monster are the JSON's).
 */
export function formFields(draft: Json, index: number, ruleset: string): Field[] {
  const k: Path = ['traps', index];
  const kind = getAt(draft, k);
  const at = (key: string | number, ...more: Array<string | number>): Path => [...k, key, ...more];
  const v = (...p: Array<string | number>) => show(getAt(kind, p));
  const out: Field[] = [
    { path: ['name'], label: 'file name', kind: 'text', value: show(getAt(draft, ['name'])), group: 'File' },
    { path: ['description'], label: 'description', kind: 'text', value: show(getAt(draft, ['description'])), optional: true },
    { path: at('id'), label: 'id', kind: 'text', value: v('id'), group: 'Kind' },
    { path: at('name'), label: 'name', kind: 'text', value: v('name') },
    { path: at('glyph'), label: 'glyph', kind: 'text', value: v('glyph'), optional: true },
    { path: at('colour'), label: 'colour', kind: 'text', value: v('colour'), hint: '#rgb or #rrggbb' },
    { path: at('hosts'), label: 'hosts', kind: 'hosts', value: v('hosts').replaceAll(' ', ''), options: ['floor', 'door', 'chest'] },
    { path: at('placement', 'weight'), label: 'placement weight', kind: 'number', value: v('placement', 'weight'), hint: '0: only rigged' },
    { path: at('placement', 'depths'), label: 'depths', kind: 'depths', value: v('placement', 'depths').replace(', ', '-'), optional: true, hint: 'like 1-5; empty: all' },
    { path: at('charges'), label: 'charges', kind: 'int', value: v('charges'), hint: '-1: every time' },
    { path: at('rigged'), label: 'rigged only', kind: 'bool', value: String(getAt(kind, ['rigged']) === true), optional: true },
  ];
  const own = getAt(kind, ['numbers']);
  const types = new Map<string, string>();
  if (own && typeof own === 'object' && !Array.isArray(own)) for (const [n, x] of Object.entries(own)) types.set(n, x === null ? 'null' : typeof x);
  if (hasRuleset(ruleset)) for (const b of builtInKinds(ruleset)) for (const [n, x] of Object.entries(b.numbers)) if (!types.has(n)) types.set(n, x === null ? 'null' : typeof x);
  let first = true;
  for (const [n, t] of types) {
    out.push({ path: at('numbers', n), label: n, kind: 'numberCell', cellType: t, value: show(getAt(kind, ['numbers', n])), optional: true, ...(first ? { group: `${hasRuleset(ruleset) ? getRuleset(ruleset).name : ruleset}'s numbers` } : {}) });
    first = false;
  }
  effectFields(getAt(kind, ['effect']), at('effect'), 'Effect', out);
  return out;
}

/** A new effect of type `to` in place of `from`, keeping what carries over (damage, its type, the words). */
export function retype(from: Json | undefined, to: string): Json {
  const damage = getAt(from, ['damage']) ?? getAt(from, ['attack', 'damage']) ?? '1d6';
  const type = getAt(from, ['type']) ?? getAt(from, ['attack', 'type']);
  const say = getAt(from, ['say']);
  const t: { [key: string]: Json } = type === undefined ? {} : { type };
  const s: { [key: string]: Json } = typeof say === 'string' ? { say } : {};
  const old: Json = from ?? { do: 'damage', damage: '1d6' };
  switch (to) {
    case 'all':
      return { do: 'all', effects: [old] };
    case 'chance':
      return { do: 'chance', percent: 50, effect: old };
    case 'if':
      return { do: 'if', if: 'hero', effect: old };
    case 'check':
      return { do: 'check', roll: '1d20', beats: 'dex', effect: old };
    case 'push':
      return { do: 'push', radius: 1 };
    case 'say':
      return { do: 'say', say: typeof say === 'string' ? say : 'Something clicks.' };
    case 'tell':
      return { do: 'tell', say: typeof say === 'string' ? say : '{1} step[s] on something sharp.' };
    case 'delay':
      return { do: 'delay', turns: 1 };
    case 'spent':
      return { do: 'spent' };
    case 'attack':
      return { do: 'attack', noun: 'blade', damage, ...t };
    case 'damage':
      return { do: 'damage', damage, ...t, ...s };
    case 'volley':
      return { do: 'volley', count: '1d4', attack: { noun: 'dart', damage, ...t }, say: '{count} darts fly at {1 him}: {hits} hit.' };
    case 'projectile':
      return { do: 'projectile', slitRange: 12, flight: 16, colour: '#e0e0e0', attack: { noun: 'dart', damage, ...t } };
    case 'blast':
      return { do: 'blast', radius: 1, damage, ...t, edge: 'full', colour: '#ff5a1f', ...s };
    case 'area':
      return { do: 'area', radius: 1, damage, ...t, each: '{1} [are|is] caught in it[!|.]' };
    case 'line':
      return { do: 'line', range: 8, damage, ...t, colour: '#ffff4d', ...s };
    case 'fall':
      return { do: 'fall', damage, ...t, lostActions: 1, ...s };
    case 'teleport':
      return { do: 'teleport', ...s };
    case 'status':
      return { do: 'status', status: 'held', turns: '1d4', ...s };
    case 'noise':
      return { do: 'noise', volume: 50, source: 'a trap' };
    case 'summon':
      return { do: 'summon', monster: 'rat', count: 2, radius: 2, hunts: true, ...s };
    case 'transform':
      return { do: 'transform', terrain: 'water', ...s };
    case 'item':
      return { do: 'item', kind: 'scrap', name: 'scrap of metal', count: 1 };
    case 'destroy':
      return { do: 'destroy', count: 1, ...s };
    default:
      return { do: to };
  }
}

/** A field's text as the JSON value it stands for; undefined: the key goes (an empty optional field). */
export function fieldValue(field: Field, raw: string): Json | undefined {
  const t = raw.trim();
  if (t === '' && field.optional && field.kind !== 'bool') return undefined;
  switch (field.kind) {
    case 'int':
    case 'number':
      return readNumber(t, field.kind) ?? t;
    case 'count':
      return readNumber(t, 'int') ?? t;
    case 'damage':
      return t.includes(',') ? t.split(',').map((d) => d.trim()) : t;
    case 'depths': {
      const m = /^(-?\d+)\s*[-–]\s*(-?\d+)$/.exec(t);
      return m ? [Number(m[1]), Number(m[2])] : t;
    }
    case 'bool':
      return t === 'true' ? true : field.optional ? undefined : false;
    case 'hosts':
      return t.split(',').filter(Boolean);
    case 'numberCell':
      if (field.cellType === 'number') return readNumber(t, 'number') ?? t;
      if (field.cellType === 'boolean') return t === 'true' ? true : t === 'false' ? false : t;
      if (field.cellType === 'null') return readNumber(t, 'number') ?? t;
      return t;
    default:
      return raw;
  }
}

/**
 * The draft after the form's `field` is set to `raw` (an effect's type retypes the effect there).
 * A `note` edits nothing: what it stands for (host words, a condition object) stays as it is.
 */
export function setField(draft: Json, field: Field, raw: string): Json {
  if (field.kind === 'note') return draft;
  if (field.kind === 'effect') return setAt(draft, field.path, retype(getAt(draft, field.path), raw));
  return setAt(draft, field.path, fieldValue(field, raw));
}

// ---------------------------------------------------------------- exact odds

/** The step check's parameter naming the trap (an enum of the table's ids; `trap` in every ruleset). */
export function trapParam(check: OddsCheck): ParamSpec | undefined {
  return check.params.find((p) => p.name === 'trap' && p.type === 'enum') ?? check.params.find((p) => p.type === 'enum' && p.required);
}

/** The inputs a designer sets beside the odds: every parameter of the step check but the trap's. */
export function oddsParams(ruleset: string): ParamSpec[] {
  const check = hasRuleset(ruleset) ? getRuleset(ruleset).checks.step : undefined;
  if (!check) return [];
  const trap = trapParam(check);
  return check.params.filter((p) => p !== trap);
}

/** The field's first value: the parameter's default, or for a required number a plain one (20 hit points, within bounds). */
export function initialInput(p: ParamSpec): string {
  if (p.default !== undefined) return String(p.default);
  if (p.type === 'boolean') return 'false';
  if (p.type === 'enum') return p.values?.[0] ?? '';
  if (p.required && (p.type === 'int' || p.type === 'number')) return String(Math.min(p.max ?? 20, Math.max(p.min ?? 20, 20)));
  return '';
}

export interface OddsRow {
  id: string;
  name: string;
  /** The outcomes in the check's order, each with its chance; null with `problem`. */
  odds: StepOdds | null;
  problem?: string;
  leavesOut: string[];
  /** The statuses it leaves on one who lives through it, in words ("held fast 2–5 turns 100%"); empty: none, or the check reads none. */
  statuses: string;
}

export interface OddsReading {
  /** Why the inputs cannot be read (a bad hit points), naming the input; no rows then. */
  inputsProblem?: string;
  rows: OddsRow[];
}

/**
 * The exact step odds of every floor kind of `file`, from `derived` (the base ruleset `withKinds`
 * the file's kinds: never registered), for inputs `raw` (field texts by parameter name; empty:
 * the default). A reading too large to read exactly says so in its row.
 */
export function stepOddsOf(file: TrapFile, derived: Ruleset, raw: Record<string, string>): OddsReading {
  const check = derived.checks.step;
  if (!check) return { inputsProblem: `${derived.name} has no step check to read`, rows: [] };
  const trap = trapParam(check);
  const given: Record<string, unknown> = {};
  for (const p of check.params) if (p !== trap && raw[p.name] !== undefined && raw[p.name]!.trim() !== '') given[p.name] = raw[p.name]!.trim();
  const settings = resolveSettings(derived, {});
  const rows: OddsRow[] = [];
  for (const kind of file.traps) {
    if (!kind.hosts.includes('floor')) continue;
    const row: OddsRow = { id: kind.id, name: kind.name, odds: null, leavesOut: [], statuses: '' };
    rows.push(row);
    let inputs: ReturnType<typeof checkInputs>;
    try {
      inputs = checkInputs(check, trap ? { ...given, [trap.name]: kind.id } : given);
    } catch (e) {
      // A refusal quoting the kind's id is the kind's (`--trap: expected one of …, got "x"`,
      // `unknown trap "x"`); any other is the inputs' and holds for every kind.
      if (!trap || !(e as Error).message.includes(JSON.stringify(kind.id))) return { inputsProblem: (e as Error).message, rows: [] };
      row.problem = (e as Error).message;
      continue;
    }
    try {
      const odds: StepOdds = {};
      for (const name of check.outcomes ?? []) odds[name] = { p: 0, exact: { num: 0n, den: 1n } };
      for (const o of exact(check.program(inputs, settings))) odds[String(o.value)] = { p: o.exact ? fractionToNumber(o.exact) : o.p, exact: o.exact };
      row.odds = odds;
      row.leavesOut = [...(check.leavesOut?.(inputs) ?? [])];
      if (check.statuses) row.statuses = statusesText(statusChances(check.statuses(inputs, settings)));
    } catch (e) {
      const why = (e as Error).message;
      row.problem = e instanceof ExactLimitError || e instanceof RangeError ? (/too large/.test(why) ? why : `too large to read exactly (${why})`) : why;
    }
  }
  return { rows };
}

/** A row's outcomes as the table shows them: "avoided 0%", "death 38% (3/8)". */
export function oddsCells(row: OddsRow, outcomes: readonly string[]): string[] {
  return outcomes.map((o) => (row.odds?.[o] ? chanceText(row.odds[o]) : '—'));
}

/** The outcomes a step check names, in its order. */
export function stepOutcomes(ruleset: Ruleset): readonly string[] {
  return ruleset.checks.step?.outcomes ?? ['avoided', 'unhurt', 'hurt', 'death'];
}

/** The JSON a form edit may have left off the file: the kind list's length (for the kind select). */
export function kindCount(draft: Json): number {
  const t = getAt(draft, ['traps']);
  return Array.isArray(t) ? t.length : 0;
}

/** A kind's label in the kind select: "pit trap (pit)", or its place where the draft has no name. */
export function kindLabel(draft: Json, i: number): string {
  const name = getAt(draft, ['traps', i, 'name']);
  const id = getAt(draft, ['traps', i, 'id']);
  return `${typeof name === 'string' && name ? name : `kind ${i + 1}`}${typeof id === 'string' && id ? ` (${id})` : ''}`;
}

