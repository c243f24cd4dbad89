/**
 * The Lab's trap editor without a DOM (src/ui/lab/trapEditorModel.ts): its starting points, the
 * form as fields over the file's JSON (a form edit writes one path; the JSON reads back into the
 * same fields), the one reading of a draft (bad JSON, dice, ruleset, size and `__proto__` refused by
 * field, nothing registered), and the exact step odds of each floor kind against an independent
 * count and against `runOdds` on the file applied as a ruleset; and the Lab client giving an
 * edited file a fresh worker.
 */
import { describe, expect, it } from 'vitest';
import { listRulesets } from '../../src/core/registry.ts';
import type { TrapFile } from '../../src/core/traps/definition.ts';
import { applyTrapFile, rulesetsTakingTrapFiles } from '../../src/core/traps/files.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import {
  blankKind,
  downloadName,
  EFFECT_NAMES,
  type Field,
  fieldValue,
  fileOf,
  formFields,
  getAt,
  initialInput,
  type Json,
  oddsCells,
  oddsParams,
  readDraft,
  retype,
  setAt,
  setField,
  startPoints,
  stepOddsOf,
  stepOutcomes,
} from '../../src/ui/lab/trapEditorModel.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { LabClient } from '../../src/ui/lab/client.ts';
import type { LabRequest, LabResponse } from '../../src/ui/lab/protocol.ts';
import { type OddsRequest, type OddsResponse, TrapOddsClient } from '../../src/ui/lab/trapOddsClient.ts';

const ids = () => listRulesets().map((r) => r.id).sort();
const start = (ruleset: string, key: string): Json => startPoints(ruleset).find((p) => p.key === key)!.file();
const field = (draft: Json, label: string, ruleset = 'ceaptun', index = 0): Field => {
  const f = formFields(draft, index, ruleset).find((x) => x.label === label);
  if (!f) throw new Error(`no field ${label}`);
  return f;
};
const read = (d: Json | string) => {
  const r = readDraft(d);
  if (!r.ok) throw new Error(r.issues.join('; '));
  return r;
};

describe('where a trap file starts', () => {
  it('offers each built-in kind, each shipped example of the ruleset and a blank kind, all of which read', () => {
    for (const ruleset of rulesetsTakingTrapFiles()) {
      const points = startPoints(ruleset);
      expect(points.at(-1)!.key).toBe('blank');
      for (const p of points) expect(readDraft(p.file()).ok, `${ruleset} ${p.key}`).toBe(true);
    }
    const keys = startPoints('ceaptun').map((p) => p.key);
    expect(keys).toContain('kind:pit');
    expect(keys).toContain('example:net.json');
    expect(keys).not.toContain('example:wasteland-pits.json');
    expect(startPoints('wasteland').map((p) => p.key)).toContain('example:wasteland-pits.json');
  });

  it('a blank kind carries the numbers the ruleset reads (Cēaptūn: difficulty)', () => {
    expect(getAt(blankKind('ceaptun'), ['numbers', 'difficulty'])).toBeTypeOf('number');
  });

  it('names the download from the file name', () => {
    expect(downloadName({ ruleset: 'ceaptun', name: 'My pit trap' })).toBe('my-pit-trap.json');
  });
});

describe('the form over the JSON', () => {
  it('a form edit writes its one path, and the fields read the JSON back', () => {
    const draft = start('ceaptun', 'kind:pit');
    const damage = field(draft, 'damage');
    expect(damage.path).toEqual(['traps', 0, 'effect', 'damage']);
    expect(damage.value).toBe('1d2, 1d4, 1d6, 2d4, 2d6, 3d6, 4d6');
    const edited = setField(draft, damage, '2d4');
    expect(getAt(edited, damage.path)).toBe('2d4');
    // Everything else as it was; the draft it came from untouched.
    expect(setAt(edited, damage.path, getAt(draft, damage.path))).toEqual(draft);
    expect(getAt(draft, damage.path)).toEqual(['1d2', '1d4', '1d6', '2d4', '2d6', '3d6', '4d6']);
    // Through the JSON text and back: the same fields and values.
    const again = JSON.parse(JSON.stringify(edited, null, 2)) as Json;
    expect(formFields(again, 0, 'ceaptun')).toEqual(formFields(edited, 0, 'ceaptun'));
    expect(field(again, 'damage').value).toBe('2d4');
  });

  it('reads each kind of field as the JSON value it stands for', () => {
    const draft = start('ceaptun', 'kind:pit');
    expect(fieldValue(field(draft, 'damage'), '1d6, 2d6')).toEqual(['1d6', '2d6']);
    expect(fieldValue(field(draft, 'charges'), '3')).toBe(3);
    // Text that is no number stays text, for the schema to name.
    expect(fieldValue(field(draft, 'charges'), 'lots')).toBe('lots');
    expect(fieldValue(field(draft, 'depths'), '2-5')).toEqual([2, 5]);
    expect(fieldValue(field(draft, 'depths'), '')).toBeUndefined();
    expect(fieldValue(field(draft, 'glyph'), '')).toBeUndefined();
    expect(fieldValue(field(draft, 'hosts'), 'floor,chest')).toEqual(['floor', 'chest']);
    expect(fieldValue(field(draft, 'difficulty'), '12')).toBe(12);
    const depths = setField(draft, field(draft, 'depths'), '3-7');
    expect(getAt(depths, ['traps', 0, 'placement'])).toEqual({ weight: 3, depths: [3, 7] });
    expect(getAt(setField(depths, field(depths, 'depths'), ''), ['traps', 0, 'placement'])).toEqual({ weight: 3 });
  });

  it('nested effects have fields of their own (the spear: a line, then an attack)', () => {
    const draft = start('ceaptun', 'kind:spear');
    const fields = formFields(draft, 0, 'ceaptun');
    const damage = fields.find((f) => f.label === 'damage')!;
    expect(damage.path).toEqual(['traps', 0, 'effect', 'effects', 1, 'damage']);
    expect(read(setField(draft, damage, '3')).file.traps[0]!.effect).toMatchObject({ do: 'all', effects: [{ do: 'say' }, { do: 'attack', damage: '3' }] });
  });

  it("an effect's type retypes it, keeping its damage; all and chance wrap the old one", () => {
    const pit = getAt(start('ceaptun', 'kind:pit'), ['traps', 0, 'effect']);
    expect(retype(pit, 'blast')).toMatchObject({ do: 'blast', damage: getAt(pit, ['damage']), type: 'bludgeoning', edge: 'full' });
    expect(retype(pit, 'chance')).toEqual({ do: 'chance', percent: 50, effect: pit });
    expect(retype(pit, 'all')).toEqual({ do: 'all', effects: [pit] });
    for (const to of ['damage', 'attack', 'projectile', 'blast', 'line', 'fall', 'status', 'teleport', 'summon', 'transform', 'item', 'destroy', 'say', 'noise', 'chance', 'all']) {
      const draft = setField(start('ceaptun', 'kind:pit'), field(start('ceaptun', 'kind:pit'), 'effect'), to);
      expect(readDraft(draft).ok, to).toBe(true);
    }
    // Each new effect's own fields are in the form, and an edit of one writes its path.
    const destroy = setField(start('ceaptun', 'kind:pit'), field(start('ceaptun', 'kind:pit'), 'effect'), 'destroy');
    const only = setField(destroy, field(destroy, 'only of kind'), 'arrow');
    expect(read(only).file.traps[0]!.effect).toEqual({ do: 'destroy', count: 1, say: getAt(pit, ['say']) as string, kind: 'arrow' });
    const poison = setField(start('ceaptun', 'kind:pit'), field(start('ceaptun', 'kind:pit'), 'effect'), 'status');
    expect(read(setField(poison, field(poison, 'status'), 'poisoned')).file.traps[0]!.effect).toMatchObject({ do: 'status', status: 'poisoned' });
  });

  it('a key is only ever an own property: no field reaches a prototype', () => {
    const d = setAt({}, ['traps', 0, 'numbers', 'constructor'], 3);
    expect(getAt(d, ['traps', 0, 'numbers', 'constructor'])).toBe(3);
    expect(getAt({}, ['constructor'])).toBeUndefined();
    const p = setAt({}, ['__proto__', 'polluted'], 1) as Record<string, unknown>;
    expect(Object.hasOwn(p, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // And the reader refuses such a file by field.
    const r = readDraft(p as Json);
    expect(r.ok).toBe(false);
  });
});

describe('the form over the newer effects (if, tell, delay, spent, a body part, a status of the ruleset\'s own)', () => {
  /** The Cēaptūn pit with `effect` in place of its own. */
  const pitWith = (effect: Json): Json => setAt(start('ceaptun', 'kind:pit'), ['traps', 0, 'effect'], effect);
  /** The first field of the form at `path`. */
  const at = (draft: Json, path: ReadonlyArray<string | number>, ruleset = 'ceaptun'): Field => {
    const f = formFields(draft, 0, ruleset).find((x) => JSON.stringify(x.path) === JSON.stringify(path));
    if (!f) throw new Error(`no field at ${path.join('.')}`);
    return f;
  };
  const parses = (d: Json) => parseTrapFile(d, 'the edited draft').traps[0]!.effect;
  const e = (...more: Array<string | number>) => ['traps', 0, 'effect', ...more];

  it('offers the new effects in the drop-down, each beside its kin', () => {
    for (const name of ['if', 'tell', 'delay', 'spent']) expect(EFFECT_NAMES).toContain(name);
    expect(EFFECT_NAMES.indexOf('if')).toBe(EFFECT_NAMES.indexOf('chance') + 1);
    expect(EFFECT_NAMES.indexOf('tell')).toBe(EFFECT_NAMES.indexOf('say') + 1);
    expect(field(start('ceaptun', 'kind:pit'), 'effect').options).toEqual(EFFECT_NAMES);
  });

  it('an if on hero or monster: a select of the two, then the effect when it holds and the otherwise, each with its fields', () => {
    const draft = pitWith({ do: 'if', if: 'hero', effect: { do: 'damage', damage: '1d6', part: 'leg' }, otherwise: { do: 'delay', turns: 2 } });
    const fields = formFields(draft, 0, 'ceaptun');
    const condition = at(draft, e('if'));
    expect(condition).toMatchObject({ kind: 'select', value: 'hero', options: ['hero', 'monster'] });
    expect(fields.find((f) => f.group === 'Effect → when it holds')).toMatchObject({ kind: 'effect', value: 'damage', path: e('effect') });
    expect(at(draft, e('effect', 'damage')).value).toBe('1d6');
    expect(at(draft, e('effect', 'part')).value).toBe('leg');
    expect(fields.find((f) => f.group === 'Effect → otherwise')).toMatchObject({ kind: 'effect', value: 'delay', path: e('otherwise') });
    expect(at(draft, e('otherwise', 'turns')).value).toBe('2');
    // The condition writes the plain string; the nested effect's fields write their own paths.
    const monster = setField(draft, condition, 'monster');
    expect(getAt(monster, e('if'))).toBe('monster');
    const edited = setField(monster, at(monster, e('effect', 'damage')), '2d4');
    expect(parses(edited)).toEqual({ do: 'if', if: 'monster', effect: { do: 'damage', damage: '2d4', part: 'leg' }, otherwise: { do: 'delay', turns: 2 } });
    // No otherwise: no such group.
    const bare = pitWith({ do: 'if', if: 'monster', effect: { do: 'spent' } });
    expect(formFields(bare, 0, 'ceaptun').some((f) => f.group?.endsWith('→ otherwise'))).toBe(false);
  });

  it('an area: radius, damage and its words; a save\'s fields where it has one (d20), a note where not; a new one reads in every ruleset', () => {
    const plain = retype({ do: 'damage', damage: '2d6' }, 'area');
    expect(parses(pitWith(plain))).toEqual({ do: 'area', radius: 1, damage: '2d6', each: '{1} [are|is] caught in it[!|.]' });
    const draft = pitWith(plain);
    expect(at(draft, e('radius'))).toMatchObject({ kind: 'count', value: '1' });
    expect(at(draft, e('save')).kind).toBe('note');
    const wider = setField(draft, at(draft, e('radius')), '#difficulty');
    expect(getAt(wider, e('radius'))).toBe('#difficulty');
    const saving = pitWith({ do: 'area', radius: 1, damage: '#damage', type: 'fire', save: { save: 'ref', dc: '#save-dc', success: 'half' } });
    expect(at(saving, e('save', 'dc'), 'd20').value).toBe('#save-dc');
    expect(at(saving, e('save', 'success'), 'd20')).toMatchObject({ kind: 'select', options: ['half', 'none'], value: 'half' });
    const none = setField(saving, at(saving, e('save', 'success'), 'd20'), 'none');
    expect(getAt(none, e('save'))).toEqual({ save: 'ref', dc: '#save-dc', success: 'none' });
  });

  it('a volley: its shots, radius, the shot\'s noun and damage, and its line; a new one reads', () => {
    const v = retype({ do: 'damage', damage: '1d4+1', type: 'piercing' }, 'volley');
    expect(parses(pitWith(v))).toEqual({ do: 'volley', count: '1d4', attack: { noun: 'dart', damage: '1d4+1', type: 'piercing' }, say: '{count} darts fly at {1 him}: {hits} hit.' });
    const draft = pitWith(v);
    expect(at(draft, e('count')).value).toBe('1d4');
    expect(at(draft, e('attack', 'damage')).value).toBe('1d4+1');
    const wide = setField(draft, at(draft, e('radius')), '1');
    expect(getAt(wide, e('radius'))).toBe(1);
    expect(EFFECT_NAMES.indexOf('volley')).toBe(EFFECT_NAMES.indexOf('attack') + 1);
  });

  it('an if on a condition object: a note that it is the JSON\'s, which no form edit overwrites', () => {
    const condition: Json = { not: { size: ['tiny'] } };
    const draft = pitWith({ do: 'if', if: condition, effect: { do: 'status', status: 'held', turns: '1d4' } });
    const note = at(draft, e('if'));
    expect(note.kind).toBe('note');
    expect(note.value).toContain('in the JSON');
    expect(formFields(draft, 0, 'ceaptun').filter((f) => f.kind === 'select' && f.path.at(-1) === 'if')).toEqual([]);
    // The note writes nothing, whatever it is given; the nested fields leave the condition as it is.
    expect(setField(draft, note, 'hero')).toBe(draft);
    let edited = setField(draft, at(draft, e('effect', 'turns')), 'forever');
    for (const f of formFields(edited, 0, 'ceaptun')) if (f.kind !== 'effect') edited = setField(edited, f, f.value);
    expect(getAt(edited, e('if'))).toEqual(condition);
    expect(parses(edited)).toEqual({ do: 'if', if: condition, effect: { do: 'status', status: 'held', turns: 'forever' } });
  });

  it('a tell: its words, and a tone for the hero and one for an onlooker, both optional', () => {
    const draft = pitWith({ do: 'tell', say: 'A bear trap closes on [your|{1}’s] foot!', seenTone: 'trap' });
    expect(at(draft, e('say'))).toMatchObject({ kind: 'text', label: 'says', value: 'A bear trap closes on [your|{1}’s] foot!' });
    const tone = at(draft, e('tone'));
    const seen = at(draft, e('seenTone'));
    expect(tone).toMatchObject({ kind: 'select', value: '', optional: true });
    expect(seen).toMatchObject({ kind: 'select', value: 'trap', optional: true });
    for (const t of ['info', 'good', 'bad', 'danger', 'trap']) expect(tone.options).toContain(t);
    const edited = setField(setField(draft, tone, 'danger'), seen, '');
    expect(parses(edited)).toEqual({ do: 'tell', say: 'A bear trap closes on [your|{1}’s] foot!', tone: 'danger' });
    expect(read(edited).file.traps[0]!.effect).toMatchObject({ do: 'tell', tone: 'danger' });
  });

  it('a delay: its turns a number, fractions too', () => {
    const draft = pitWith({ do: 'delay', turns: 1 });
    const turns = at(draft, e('turns'));
    expect(turns).toMatchObject({ kind: 'number', value: '1' });
    expect(turns.hint).toMatch(/move points/);
    const edited = setField(draft, turns, '0.8');
    expect(getAt(edited, e('turns'))).toBe(0.8);
    expect(parses(edited)).toEqual({ do: 'delay', turns: 0.8 });
  });

  it('a spent: its words, optional', () => {
    const draft = pitWith({ do: 'spent' });
    const says = at(draft, e('say'));
    expect(says).toMatchObject({ kind: 'text', optional: true, value: '' });
    const worded = setField(draft, says, 'The {trap} crumbles.');
    expect(parses(worded)).toEqual({ do: 'spent', say: 'The {trap} crumbles.' });
    expect(parses(setField(worded, at(worded, e('say')), ''))).toEqual({ do: 'spent' });
  });

  it('a damage has an optional body part (CDDA plays it); other damage does not', () => {
    const draft = pitWith({ do: 'damage', damage: '1d6', part: 'leg' });
    const part = at(draft, e('part'));
    expect(part).toMatchObject({ kind: 'text', label: 'body part', value: 'leg', optional: true });
    expect(part.hint).toMatch(/CDDA/);
    expect(parses(setField(draft, part, 'torso'))).toEqual({ do: 'damage', damage: '1d6', part: 'torso' });
    expect(parses(setField(draft, part, ''))).toEqual({ do: 'damage', damage: '1d6' });
    for (const other of [{ do: 'fall', damage: '1d6', lostActions: 1 }, { do: 'blast', radius: 1, damage: '1d6', edge: 'full', colour: '#ffffff' }] as Json[])
      expect(formFields(pitWith(other), 0, 'ceaptun').some((f) => f.path.at(-1) === 'part'), JSON.stringify(other)).toBe(false);
    // CDDA reads the part the form wrote.
    const cdda = setAt(fileOf('cdda', 'My traps', [blankKind('cdda')]), ['traps', 0, 'effect'], { do: 'damage', damage: '1d6' });
    expect(read(setField(cdda, at(cdda, e('part'), 'cdda'), 'leg')).file.traps[0]!.effect).toMatchObject({ do: 'damage', part: 'leg' });
  });

  it('a status has an optional status of the ruleset\'s own, and its turns may be forever', () => {
    const draft = pitWith({ do: 'status', status: 'held', turns: '1d8+7', as: 'beartrap' });
    const as = at(draft, e('as'));
    expect(as).toMatchObject({ kind: 'text', value: 'beartrap', optional: true });
    expect(as.hint).toMatch(/beartrap/);
    const turns = at(draft, e('turns'));
    expect(turns.hint).toMatch(/forever/);
    expect(parses(setField(draft, turns, 'forever'))).toEqual({ do: 'status', status: 'held', turns: 'forever', as: 'beartrap' });
    expect(parses(setField(draft, as, ''))).toEqual({ do: 'status', status: 'held', turns: '1d8+7' });
    const cdda = setAt(fileOf('cdda', 'My traps', [blankKind('cdda')]), ['traps', 0, 'effect'], { do: 'status', status: 'held', turns: '1d4' });
    expect(read(setField(cdda, at(cdda, e('as'), 'cdda'), 'lightsnare')).file.traps[0]!.effect).toMatchObject({ do: 'status', as: 'lightsnare' });
  });

  it('retypes to if (wrapping the old effect), tell (keeping its words), delay and spent; each reads and shows its fields', () => {
    const pit = getAt(start('ceaptun', 'kind:pit'), e());
    expect(getAt(pit, ['say'])).toBeTypeOf('string');
    expect(retype(pit, 'if')).toEqual({ do: 'if', if: 'hero', effect: pit });
    expect(retype(pit, 'tell')).toEqual({ do: 'tell', say: getAt(pit, ['say']) });
    expect(retype({ do: 'delay', turns: 1 }, 'tell')).toEqual({ do: 'tell', say: '{1} step[s] on something sharp.' });
    expect(retype(pit, 'delay')).toEqual({ do: 'delay', turns: 1 });
    expect(retype(pit, 'spent')).toEqual({ do: 'spent' });
    for (const to of ['if', 'tell', 'delay', 'spent']) {
      const draft = setField(start('ceaptun', 'kind:pit'), field(start('ceaptun', 'kind:pit'), 'effect'), to);
      expect(parses(draft), to).toMatchObject({ do: to });
      expect(readDraft(draft).ok, to).toBe(true);
    }
    const wrapped = setField(start('ceaptun', 'kind:pit'), field(start('ceaptun', 'kind:pit'), 'effect'), 'if');
    expect(at(wrapped, e('if')).kind).toBe('select');
    expect(at(wrapped, e('effect'))).toMatchObject({ kind: 'effect', value: getAt(pit, ['do']), group: 'Effect → when it holds' });
    const told = setField(start('ceaptun', 'kind:pit'), field(start('ceaptun', 'kind:pit'), 'effect'), 'tell');
    expect(read(setField(told, at(told, e('say')), '{1} trip[s].')).file.traps[0]!.effect).toEqual({ do: 'tell', say: '{1} trip[s].' });
  });

  it('retypes to check (a roll against the victim\'s number, wrapping the old effect) and push; CDDA reads a check, Cēaptūn refuses one by field', () => {
    const cdda = setAt(fileOf('cdda', 'My traps', [blankKind('cdda')]), ['traps', 0, 'effect'], { do: 'damage', damage: '1d4' });
    const checked = setField(cdda, at(cdda, e(), 'cdda'), 'check');
    expect(getAt(checked, ['traps', 0, 'effect'])).toEqual({ do: 'check', roll: '1d20', beats: 'dex', effect: { do: 'damage', damage: '1d4' } });
    expect(at(checked, e('roll'), 'cdda').kind).toBe('text');
    expect(at(checked, e('effect'), 'cdda')).toMatchObject({ kind: 'effect', value: 'damage', group: 'Effect → when the roll beats it' });
    expect(read(setField(checked, at(checked, e('beats'), 'cdda'), 'dodge')).file.traps[0]!.effect).toMatchObject({ do: 'check', beats: 'dodge' });
    const pit = start('ceaptun', 'kind:pit');
    const refused = readDraft(setField(pit, field(pit, 'effect'), 'check'));
    expect(refused.ok ? [] : refused.issues).toEqual([expect.stringMatching(/^traps\[0\]\.effect\.beats: ceaptun reads no number "dex"/)]);
    const pushed = setField(pit, field(pit, 'effect'), 'push');
    expect(parses(pushed)).toEqual({ do: 'push', radius: 1 });
    expect(read(setField(pushed, at(pushed, e('radius')), '2')).file.traps[0]!.effect).toEqual({ do: 'push', radius: 2 });
  });

  it('an all of no effects says so in a note', () => {
    const draft = pitWith({ do: 'all', effects: [] });
    expect(at(draft, e('effects'))).toMatchObject({ kind: 'note' });
    expect(setField(draft, at(draft, e('effects')), 'x')).toBe(draft);
  });
});

describe('reading a draft', () => {
  const before = ids();
  it('refuses bad input naming the field, registering nothing', () => {
    const pit = start('ceaptun', 'kind:pit');
    const issues = (d: Json | string) => {
      const r = readDraft(d);
      return r.ok ? [] : r.issues;
    };
    expect(issues('{"format": ')[0]).toMatch(/^\(top level\)|not valid JSON/);
    expect(issues(setAt(pit, ['traps', 0, 'effect', 'damage'], 'lots'))).toEqual([expect.stringMatching(/^traps\[0\]\.effect\.damage: .*dice/)]);
    expect(issues(setAt(pit, ['ruleset'], 'chess'))).toEqual([expect.stringMatching(/^ruleset: "chess" is not a ruleset that plays trap files/)]);
    expect(issues(setAt(pit, ['traps', 0, 'numbers', 'difficulty'], 'hard'))).toEqual([expect.stringMatching(/^traps\[0\]\.numbers\.difficulty: /)]);
    expect(issues('{"__proto__": {"x": 1}}')[0]).toMatch(/__proto__/);
    expect(issues(`{"pad": "${'x'.repeat(10 * 1024 * 1024)}"}`)[0]).toMatch(/at most 262144/);
    expect(ids()).toEqual(before);
  });
});

describe('the exact step odds as the editor shows them', () => {
  const inputs = (ruleset: string, given: Record<string, string>) => Object.fromEntries([...oddsParams(ruleset).map((p) => [p.name, initialInput(p)]), ...Object.entries(given)]);

  it('offers every input of the step check but the trap, defaults filled in, hp among them', () => {
    const names = oddsParams('ceaptun').map((p) => p.name);
    expect(names).toContain('hp');
    expect(names).not.toContain('trap');
    expect(inputs('ceaptun', {}).hp).toBe('20');
    expect(inputs('ceaptun', {}).dodge).toBe('0');
  });

  it('a pit of 2d4 at 6 HP kills 3 in 8, as counting the dice says and as runOdds says of the file applied', () => {
    const draft = setField(start('ceaptun', 'kind:pit'), field(start('ceaptun', 'kind:pit'), 'damage'), '2d4');
    const r = read(draft);
    const reading = stepOddsOf(r.file, r.ruleset, inputs('ceaptun', { hp: '6' }));
    expect(reading.inputsProblem).toBeUndefined();
    const [row] = reading.rows;
    // Not known (the default): no step past; a fall rolls no attack; 2d4 >= 6 on 3+2+1 of 16.
    let kills = 0;
    for (let a = 1; a <= 4; a++) for (let b = 1; b <= 4; b++) if (a + b >= 6) kills++;
    expect(kills / 16).toBe(3 / 8);
    expect(row!.odds!.death!.p).toBe(kills / 16);
    expect(oddsCells(row!, stepOutcomes(r.ruleset))).toEqual(['0%', '0%', '63% (5/8)', '38% (3/8)']);
    // Independent of the editor: the file registered as a ruleset, read by the CLI's reader.
    const id = applyTrapFile({ ...r.file, name: 'Editor test pit' } as TrapFile);
    const odds = runOdds(id, 'step', { trap: 'pit', hp: 6 });
    expect(odds.outcomes.death!.exact).toBe('3/8');
    expect(row!.leavesOut).toEqual(odds.leavesOut);
    expect(row!.leavesOut.join('; ')).toContain('the actions lost climbing out');
  });

  it('reads every floor kind of the file, none on doors or chests alone; a bad input names it', () => {
    const draft = start('ceaptun', 'kind:pit');
    const two = setAt(draft, ['traps', 1], setAt(setAt(blankKind('ceaptun'), ['hosts'], ['chest']), ['id'], 'chest_only'));
    const r = read(two);
    expect(stepOddsOf(r.file, r.ruleset, inputs('ceaptun', {})).rows.map((x) => x.id)).toEqual(['pit']);
    expect(stepOddsOf(r.file, r.ruleset, inputs('ceaptun', { hp: '0' })).inputsProblem).toMatch(/--hp must be/);
  });

  it('says the statuses a kind leaves: the shipped net holds 1d4+1 turns, 2 to 5, every time it goes off', () => {
    const r = read(start('ceaptun', 'example:net.json'));
    const [row] = stepOddsOf(r.file, r.ruleset, inputs('ceaptun', {})).rows;
    expect(row!.statuses).toMatch(/^held fast 2–5 turns 100%/);
  });

  it('reads Wasteland through its own step parameters', () => {
    const r = read(start('wasteland', 'example:wasteland-pits.json'));
    const reading = stepOddsOf(r.file, r.ruleset, inputs('wasteland', {}));
    expect(reading.rows.length).toBeGreaterThan(0);
    for (const row of reading.rows) {
      // Every kind of the shipped file reads: no problem, and its outcomes make up the whole.
      expect(row.problem, row.id).toBeUndefined();
      expect(Object.values(row.odds!).reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 12);
    }
  });
});

describe('the Lab client and an edited trap file', () => {
  /** A worker that answers every job at once, and records what it was sent. */
  class FakeWorker {
    posted: LabRequest[] = [];
    terminated = false;
    private listener: ((e: { data: LabResponse }) => void) | null = null;
    addEventListener(type: string, fn: (e: { data: LabResponse }) => void) {
      if (type === 'message') this.listener = fn;
    }
    postMessage(m: LabRequest) {
      this.posted.push(m);
      queueMicrotask(() => this.listener?.({ data: { type: 'simDone', id: m.id, result: { columns: [], paired: [], runsDone: 0, fingerprintMismatches: 0 } } }));
    }
    terminate() {
      this.terminated = true;
    }
  }

  it('runs a file edited since in a fresh worker (the old one registered its name with other kinds), and the same file in the same one', async () => {
    const workers: FakeWorker[] = [];
    const client = new LabClient(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    });
    const pit = read(start('ceaptun', 'kind:pit')).file;
    const edited = read(setField(start('ceaptun', 'kind:pit'), field(start('ceaptun', 'kind:pit'), 'damage'), '2d4')).file;
    const sim = (traps: TrapFile | null) => client.run({ type: 'sim', columns: [{ ruleset: 'ceaptun', bot: 'careful' }, { ruleset: 'ceaptun', bot: 'careful', traps }], runs: 1, seedStart: 1, heat: false });
    await sim(pit);
    await sim(pit);
    await sim(null);
    expect(workers).toHaveLength(1);
    await sim(edited);
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.posted).toHaveLength(1);
    // Another name is another ruleset: no clash, the same worker.
    await sim({ ...pit, name: 'Another pit' });
    await sim(edited);
    expect(workers).toHaveLength(2);
    expect(client.created).toBe(2);
  });
});

describe('a reading too large, and the odds worker', () => {
  it('a kind too large to read exactly says so in its row', () => {
    const blast: Json = { do: 'blast', radius: 1, damage: '100d100', edge: 'full', colour: '#ffffff' };
    const r = read(setAt(start('ceaptun', 'kind:spear'), ['traps', 0, 'effect'], { do: 'all', effects: Array.from({ length: 16 }, () => blast) }));
    const [row] = stepOddsOf(r.file, r.ruleset, { hp: '20' }).rows;
    expect(row!.odds).toBeNull();
    expect(row!.problem).toMatch(/^too large to read exactly \(more than [\d,]+ steps\)/);
  });

  it('a reading asked for while another runs ends it: the old one answers null, its worker is terminated', async () => {
    const made: Array<{ terminated: boolean; posted: OddsRequest[]; answer: (m: OddsResponse) => void }> = [];
    const client = new TrapOddsClient(() => {
      let listener: ((e: { data: OddsResponse }) => void) | null = null;
      const w = {
        terminated: false,
        posted: [] as OddsRequest[],
        answer: (m: OddsResponse) => listener?.({ data: m }),
        addEventListener: (type: string, fn: (e: { data: OddsResponse }) => void) => {
          if (type === 'message') listener = fn;
        },
        postMessage(m: OddsRequest) {
          this.posted.push(m);
        },
        terminate() {
          this.terminated = true;
        },
      };
      made.push(w);
      return w as unknown as Worker;
    });
    const file = read(start('ceaptun', 'kind:pit')).file;
    const first = client.read(file, { hp: '6' });
    const second = client.read(file, { hp: '7' });
    expect(await first).toBeNull();
    expect(made).toHaveLength(2);
    expect(made[0]!.terminated).toBe(true);
    const id = made[1]!.posted[0]!.id;
    made[1]!.answer({ id, error: 'x' });
    expect(await second).toEqual({ id, error: 'x' });
    // Nothing pending: the next reading goes to the same worker.
    void client.read(file, { hp: '8' });
    expect(made).toHaveLength(2);
    expect(made[1]!.posted).toHaveLength(2);
  });
});
