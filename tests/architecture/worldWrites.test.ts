import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { type CheckOptions, compilerOptionsOf, findWorldWrites, formatWrites, programOf, tsFilesUnder } from './worldWrites.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('world writes (issue #20: one owner for a live level)', () => {
  it('no code in src (the core, the rulesets, the simulator, the UI, the share and render code, the CLI) writes a world object outside the level (src/core/level.ts) and edit', () => {
    const writes = formatWrites(
      findWorldWrites({
        root: ROOT,
        files: tsFilesUnder(resolve(ROOT, 'src')),
        worldFile: resolve(ROOT, 'src/core/world.ts'),
        ownerFiles: [resolve(ROOT, 'src/core/level.ts')],
        compilerOptions: compilerOptionsOf(resolve(ROOT, 'tsconfig.json')),
      }),
    );
    if (writes.length > 0) {
      expect.fail(
        `${writes.length} writes into a world object outside the level's apply and edit ` +
          "(a write on a value not yet in a world takes a comment saying 'payload being built'; " +
          "one in a hook that runs inside edit, 'inside edit'):\n" +
          writes.join('\n'),
      );
    }
  });
});

/** A world of the same type names as src/core/world.ts, in a file of its own. */
const WORLD = `
export interface BodyPart { hp: number; max: number }
export interface Item { id: number; count: number; data?: Record<string, number> }
export type TrapHost = { kind: 'floor' } | { kind: 'chest'; chest: number };
export interface Trap { id: number; data: Record<string, number>; knownBy: number[]; host: TrapHost }
export interface MonsterMind { mode: string; route?: number[] }
export interface Actor {
  id: number;
  hp: number;
  status: Record<string, number>;
  inventory: Item[];
  ai: MonsterMind;
  pos: { x: number; y: number };
  parts?: Record<string, BodyPart>;
}
export interface Chest { id: number; items: Item[] }
export interface World { turn: number; traps: Trap[]; actors: Actor[]; items: Item[]; chests: Chest[]; terrain: Uint8Array }
export function edit(world: World, fn: (w: World) => void): void {
  fn(world);
}
`;

/** The level: every write in it is allowed. */
const LEVEL = `
import type { World } from './world.ts';
export class Level {
  constructor(readonly world: World) {}
  edit(fn: (w: World) => void): void {
    fn(this.world);
  }
  apply(turn: number): void {
    this.world.turn = turn;
    this.world.traps.push({ id: 1, data: {}, knownBy: [], host: { kind: 'floor' } });
  }
}
`;

/**
 * Writes the checker must report end in `// FLAG`; every other line must go unreported. The
 * report's text is the line without that marker, or the text after `// FLAG: `.
 */
const CASES = `
import { type Actor, type Item, type Trap, type World, edit } from './world.ts';
import { Level } from './level.ts';
import type { World as OtherWorld } from './other.ts';
import { reset } from './hooks.ts';

interface Plain { hp: number; status: Record<string, number>; traps: number[]; data: Record<string, number>; count: number }

export function caught(world: World, actor: Actor, trap: Trap, item: Item, t: Trap, x: Record<string, number>): void {
  actor.hp = 1; // FLAG
  either(actor).id = 3; // FLAG
  maybeItems(actor)?.push(item); // FLAG
  actor.status.held = 2; // FLAG
  world.traps.push(t); // FLAG
  Object.assign(trap.data, x); // FLAG
  item.count++; // FLAG
  --item.count; // FLAG
  actor.hp -= 1; // FLAG
  actor.hp ||= 1; // FLAG
  delete trap.data.armed; // FLAG
  world.actors.sort((a, b) => a.id - b.id); // FLAG
  world.terrain.fill(0); // FLAG
  world.terrain[3] = 1; // FLAG
  world.actors[0]!.ai.mode = 'hunt'; // FLAG
  (actor as unknown as Record<string, unknown>).hp = 3; // FLAG
  [actor.hp, world.turn] = [3, 4]; // FLAG
  const inventory = actor.inventory;
  inventory.push(item); // FLAG
  const living = world.actors.filter((a) => a.hp > 0);
  living[0]!.hp = 0; // FLAG
  if (trap.host.kind === 'chest')
    trap.host.chest = 3; // FLAG
  const part = actor.parts?.arm;
  if (part)
    part.hp = 1; // FLAG
  const parts = actor.parts!;
  parts.leg = { hp: 1, max: 1 }; // FLAG
  for (const c of world.chests)
    c.items.pop(); // FLAG
  const pos = actor.pos;
  pos.x = 1; // FLAG
  const host = trap.host;
  if (host.kind === 'chest')
    host.chest = 2; // FLAG
  let xs: Actor[] = [];
  xs = world.actors;
  xs.push(actor); // FLAG
  mark(actor);
  new Level(world).apply(3);
  // A comment that does not say the words.
  world.turn = 5; // FLAG
  for (let i = 0; i < 2; world.turn++) i++; // FLAG: world.turn++
  const hurt = (a: Actor) => a.hp--; // FLAG: a.hp--
  hurt(actor);
  world.turn = 'payload being built'.length; // FLAG
  // payload being built
  //
  //
  //
  world.turn = 7; // FLAG
  // payload being built

  world.turn = 8; // FLAG
}

function either(a: Actor): Actor | Trap {
  return a;
}

function maybeItems(a: Actor): Item[] | undefined {
  return a.hp > 0 ? a.inventory : undefined;
}

function mark<T extends Actor>(a: T): void {
  a.status = {}; // FLAG
}

export function allowed(plain: Plain, world: World, n: number, x: Record<string, number>, actors: Actor[], other: OtherWorld, holder: { actor: Actor }): void {
  other.turn = 1;
  holder.actor = actors[0]!;
  (holder.actor) = actors[1]!;
  plain.hp = 1;
  plain.status.held = 2;
  plain.traps.push(n);
  Object.assign(plain.data, x);
  plain.count++;
  delete plain.data.armed;
  edit(world, (w) => {
    w.turn = 1;
  });
  new Level(world).edit((w) => {
    w.traps.pop();
  });
  edit(world, byName);
  edit(world, reset);
  // payload being built
  const copy: Actor = { id: 9, hp: 3, status: {}, inventory: [], ai: { mode: 'idle' }, pos: { x: 0, y: 0 } };
  // payload being built
  copy.hp = 4;
  copy.status.held = 1; // payload being built
  // An event's payload:
  // Payload Being Built, before it goes to the level.
  copy.inventory.push({ id: 1, count: 1 });
  const local: { hp: number } = { hp: 0 };
  local.hp = 1;
  const list: Actor[] = [];
  list.push(world.actors[0]!);
  const sorted = world.actors.filter((a) => a.hp > 0).sort((a, b) => a.id - b.id);
  sorted.reverse();
  let seen: Actor[] | undefined;
  for (const a of actors) if (a.hp > 0) (seen ??= []).push(a);
  let again: Actor[] = [...actors];
  again = again.slice(1);
  again.push(copy);
  const grid = new Uint8Array(4);
  grid.fill(1);
  const byId = new Map<number, Actor>();
  byId.set(1, copy);
  built(world);
  hooked(world);
}

function byName(w: World): void {
  w.turn = 2;
}

/** Builds a level from nothing: the payload being built is the whole world. */
function built(world: World): void {
  world.turn = 0;
  world.actors.push({ id: 1, hp: 1, status: {}, inventory: [], ai: { mode: 'idle' }, pos: { x: 0, y: 0 } });
}

// Runs inside edit (the caller's contract).
const hooked = (world: World): void => {
  world.turn = 3;
};

class Counter {
  n = 0;
  list: number[] = [];
  bump(): void {
    this.n++;
    this.list.push(this.n);
  }
}
export const counter = new Counter();
`;

describe('the world-write checker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'trapsmith-world-writes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'world.ts'), WORLD);
  writeFileSync(join(dir, 'level.ts'), LEVEL);
  writeFileSync(join(dir, 'cases.ts'), CASES);
  // Passed to edit by cases.ts.
  writeFileSync(join(dir, 'hooks.ts'), "import type { World } from './world.ts';\nexport function reset(w: World): void {\n  w.turn = 0;\n}\n");
  // A type of a world type's name, declared elsewhere: not a world type.
  writeFileSync(join(dir, 'other.ts'), 'export interface World { turn: number }\n');
  const options: CheckOptions = {
    root: dir,
    files: ['cases.ts', 'hooks.ts', 'level.ts', 'other.ts', 'world.ts'].map((f) => join(dir, f)),
    worldFile: join(dir, 'world.ts'),
    ownerFiles: [join(dir, 'level.ts')],
    compilerOptions: { ...compilerOptionsOf(resolve(ROOT, 'tsconfig.json')), types: [] },
  };
  const program = programOf(options);

  it('reads a synthetic program that type-checks', () => {
    // On a type error the checker would see error types, and its verdicts would mean nothing.
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  });

  it('reports exactly the world writes no rule allows, as path:line: statement', () => {
    const expected = CASES.split('\n').flatMap((line, i) => {
      const flag = /\s*\/\/ FLAG(?:: (.*))?$/.exec(line);
      return flag ? [`cases.ts:${i + 1}: ${flag[1] ?? line.slice(0, flag.index).trim()}`] : [];
    });
    expect(expected.length).toBeGreaterThan(20);
    expect(formatWrites(findWorldWrites(options, program))).toEqual(expected);
  });

  it('refuses a world-types file that lacks one of the world types', () => {
    const other = join(dir, 'partial.ts');
    writeFileSync(other, WORLD.replace('export interface BodyPart', 'interface BodyPartRenamed'));
    expect(() => findWorldWrites({ ...options, files: [other], worldFile: other })).toThrow(/BodyPart/);
  });
});
