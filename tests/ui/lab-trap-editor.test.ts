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
import {
  blankKind,
  downloadName,
  type Field,
  fieldValue,
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

  it('says the statuses a kind leaves: the shipped net holds 1d4+1 turns, 3.5 on average, every time it goes off', () => {
    const r = read(start('ceaptun', 'example:net.json'));
    const [row] = stepOddsOf(r.file, r.ruleset, inputs('ceaptun', {})).rows;
    expect(row!.statuses).toBe('held fast 3.5 turns 100%');
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
