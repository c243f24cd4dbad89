/**
 * What `step` is handed from outside: every action is checked with the schema of files and links,
 * and anything else is refused with a reason, leaving the world bit for bit as it was. Covers the
 * whole class: unknown types (JavaScript's own names among them), bad directions, missing and
 * extra fields, rig names nothing knows, non-objects, objects with a foreign prototype.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Action, ACTION_TYPES, actionSchema, readAction } from '../../src/core/actions.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { DIRECTIONS, serializeWorld, type World, worldHash } from '../../src/core/world.ts';
import { RULESETS } from '../../src/rulesets/index.ts';
import { scenario } from '../support/scenario.ts';
import { edit, player } from '../../src/core/level.ts';
import { heroIn } from '../support/heroIn.ts';

/** A hostile caller's value, typed as an action to reach `step` as a script would. */
const hostile = (v: unknown) => v as Action;

const DIRECTED = ['move', 'disarm', 'rig', 'open', 'close', 'kick'] as const;

function malformed(): Array<[string, () => unknown]> {
  const cases: Array<[string, () => unknown]> = [];
  for (const type of ['fly', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '', 'MOVE', ' move']) cases.push([`type ${JSON.stringify(type)}`, () => ({ type })]);
  cases.push(['type a number', () => ({ type: 1 })], ['type missing', () => ({ dx: 1, dy: 0 })], ['type null', () => ({ type: null })], ['type a list', () => ({ type: ['move'] })]);
  for (const type of DIRECTED) {
    const base = type === 'rig' ? { type, what: 'x' } : { type };
    for (const [label, v] of [
      ['2', 2],
      ['-2', -2],
      ['0.5', 0.5],
      ['NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY],
      ['"1"', '1'],
      ['null', null],
      ['true', true],
      ['1e9', 1e9],
      ['a list', [1]],
    ] as const) {
      cases.push([`${type} dx ${label}`, () => ({ ...base, dx: v, dy: 0 })], [`${type} dy ${label}`, () => ({ ...base, dx: 0, dy: v })]);
    }
    cases.push([`${type} without dx`, () => ({ ...base, dy: 1 })], [`${type} without dy`, () => ({ ...base, dx: 1 })], [`${type} with an extra field`, () => ({ ...base, dx: 1, dy: 0, run: true })]);
  }
  for (const type of ['wait', 'search', 'descend', 'pickup', 'trigger']) cases.push([`${type} with a direction`, () => ({ type, dx: 1, dy: 0 })]);
  cases.push(
    ['move with confirm "yes"', () => ({ type: 'move', dx: 1, dy: 0, confirm: 'yes' })],
    ['move with confirm 1', () => ({ type: 'move', dx: 1, dy: 0, confirm: 1 })],
    ['rig without what', () => ({ type: 'rig', dx: 1, dy: 0 })],
    ['rig what empty', () => ({ type: 'rig', what: '', dx: 1, dy: 0 })],
    ['rig what a number', () => ({ type: 'rig', what: 3, dx: 1, dy: 0 })],
    ['rig what too long', () => ({ type: 'rig', what: 'x'.repeat(41), dx: 1, dy: 0 })],
    ['null', () => null],
    ['undefined', () => undefined],
    ['a string', () => 'move'],
    ['a number', () => 5],
    ['true', () => true],
    ['an empty list', () => []],
    ['a list holding an action', () => [{ type: 'wait' }]],
    ['a function', () => () => ({ type: 'wait' })],
    ['an action inherited from a prototype', () => Object.create({ type: 'wait' })],
    ['a move whose direction is inherited', () => Object.assign(Object.create({ dx: 1, dy: 0 }), { type: 'move' })],
    ['a class instance', () => new (class Act { type = 'wait'; })()],
    ['a JSON __proto__ field', () => JSON.parse('{"type":"wait","__proto__":{"dx":2}}')],
    ['a hidden (non-enumerable) dx', () => Object.defineProperty({ type: 'move', dy: 0 }, 'dx', { value: 1, enumerable: false })],
    ['a Map', () => new Map([['type', 'wait']])],
    ['a Date', () => new Date(0)],
  );
  return cases;
}

/** Rig names no ruleset knows, JavaScript's own names first. */
const NO_TRAP = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype', 'no such trap'];

describe('step refuses every malformed action and changes nothing', () => {
  for (const ruleset of [...RULESETS.map((r) => r.id), 'test']) {
    it(`${ruleset}: each malformed action is refused with a reason; the world's hash and JSON stay the same`, () => {
      const w = newGame({ seed: 'hostile', ruleset, width: 40, height: 25, settings: { monsters: 8 } });
      // A few turns in, so monsters are about and the clock has moved.
      for (let i = 0; i < 5; i++) step(w, { type: 'wait' });
      for (const [label, make] of malformed()) {
        const text = serializeWorld(w);
        const hash = worldHash(w);
        const r = step(w, hostile(make()));
        expect(r.refused, label).toMatch(/\w/);
        expect(r.events, label).toEqual([{ type: 'refused', reason: r.refused }]);
        expect(worldHash(w), label).toBe(hash);
        expect(serializeWorld(w), label).toBe(text);
      }
      for (const what of NO_TRAP)
        for (const [dx, dy] of [...DIRECTIONS, [0, 0] as const]) {
          const text = serializeWorld(w);
          const r = step(w, { type: 'rig', what, dx, dy });
          expect(r.refused, what).toMatch(/no trap called/);
          expect(serializeWorld(w), what).toBe(text);
        }
      // A move nowhere is no move; the player's clock must stay a number after all of it.
      const text = serializeWorld(w);
      expect(step(w, { type: 'move', dx: 0, dy: 0 }).refused).toBe('That is no direction.');
      expect(serializeWorld(w)).toBe(text);
      expect(Number.isFinite(player(w).nextAct)).toBe(true);
      // And play goes on.
      expect(step(w, { type: 'wait' }).refused).toBeUndefined();
      expect(w.turn).toBe(6);
    });
  }

  it('the refusal names what is wrong', () => {
    const w = newGame({ seed: 'words', ruleset: 'test', width: 40, height: 25 });
    expect(step(w, hostile({ type: 'fly' })).refused).toBe(`There is no action of type text "fly" (the types: ${ACTION_TYPES.join(', ')}).`);
    expect(step(w, hostile({ type: 'constructor' })).refused).toMatch(/^There is no action of type text "constructor"/);
    expect(step(w, hostile({ type: 'move', dx: 2, dy: 0 })).refused).toBe("A move action's dx is -1, 0 or 1; got the number 2.");
    expect(step(w, hostile({ type: 'kick', dx: 0, dy: Number.NaN })).refused).toBe("A kick action's dy is -1, 0 or 1; got NaN.");
    expect(step(w, hostile({ type: 'wait', dx: 1 })).refused).toBe('A wait action has no field "dx" (its fields: type).');
    expect(step(w, hostile(null)).refused).toBe('An action is an object with a type; got null.');
    expect(step(w, hostile([])).refused).toBe('An action is an object with a type; got a list.');
    expect(step(w, hostile(Object.create({ type: 'wait' }))).refused).toMatch(/plain object/);
  });

  it('a move of two cells does not jump a wall', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@#.#', '#####'] });
    const text = serializeWorld(w);
    expect(step(w, hostile({ type: 'move', dx: 2, dy: 0 })).refused).toBeDefined();
    expect(serializeWorld(w)).toBe(text);
    expect(player(w).x).toBe(1);
  });

  it('acts on its own copy: a getter cannot answer one way to the check and another to the move', () => {
    const w = scenario({ ruleset: 'test', map: ['######', '#@.#.#', '######'] });
    let reads = 0;
    // 1 when checked, 3 (through the wall) if read again.
    const sly = { type: 'move', dy: 0, get dx() { return reads++ === 0 ? 1 : 3; } };
    expect(step(w, hostile(sly)).refused).toBeUndefined();
    expect(reads).toBe(1);
    expect([player(w).x, player(w).y]).toEqual([2, 1]);
  });
});

/** JSON-like values near and far from actions: what files, links and scripts can hold. */
const nearAction: fc.Arbitrary<unknown> = (() => {
  const num = fc.oneof(fc.constantFrom(-1, 0, 1, -0), fc.integer({ min: -3, max: 3 }), fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 1e21));
  const field = fc.oneof(num, fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.integer(), { maxLength: 2 }));
  const type = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ACTION_TYPES) }, { weight: 1, arbitrary: fc.constantFrom('constructor', '__proto__', 'toString', 'Move', '') }, { weight: 1, arbitrary: field });
  const what = fc.oneof(fc.string({ minLength: 0, maxLength: 42 }), fc.constantFrom('x'.repeat(40), 'x'.repeat(41)), field);
  return fc.record(
    { type, dx: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(-1, 0, 1) }, { weight: 1, arbitrary: field }), dy: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(-1, 0, 1) }, { weight: 1, arbitrary: field }), what, confirm: fc.oneof(fc.boolean(), field), extra: field },
    { requiredKeys: [] },
  );
})();

describe('readAction is actionSchema', () => {
  it('accepts exactly what the schema accepts, and gives back what the schema gives (JSON-like values)', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 8, arbitrary: nearAction }, { weight: 1, arbitrary: fc.anything() }, { weight: 1, arbitrary: fc.jsonValue().map((v) => v as unknown) }), (input) => {
        const zod = actionSchema.safeParse(input);
        const ours = readAction(input);
        expect(typeof ours !== 'string').toBe(zod.success);
        // The one difference, by design: a direction of -0 (the number 0, which zod keeps as -0)
        // is plain 0 in readAction's copy, so a recorded action never holds a negative zero.
        const plain = (a: Action): Action => ('dx' in a ? { ...a, dx: a.dx === 0 ? 0 : a.dx, dy: a.dy === 0 ? 0 : a.dy } : a);
        if (zod.success) expect(ours).toStrictEqual(plain(zod.data));
      }),
      { numRuns: 20_000 },
    );
    expect(readAction({ type: 'move', dx: -0, dy: -1 })).toStrictEqual({ type: 'move', dx: 0, dy: -1 });
  });

  it('every valid action of every shape is accepted as itself', () => {
    const valid: Action[] = [];
    for (const [dx, dy] of [...DIRECTIONS, [0, 0] as const]) {
      valid.push({ type: 'move', dx, dy }, { type: 'move', dx, dy, confirm: true }, { type: 'move', dx, dy, confirm: false });
      for (const type of ['disarm', 'open', 'close', 'kick'] as const) valid.push({ type, dx, dy });
      valid.push({ type: 'rig', what: 'spike', dx, dy });
    }
    for (const type of ['wait', 'search', 'descend', 'pickup', 'trigger'] as const) valid.push({ type });
    for (const a of valid) {
      expect(actionSchema.safeParse(a).success).toBe(true);
      expect(readAction(a)).toStrictEqual(a);
      // Null-prototype objects (what a careful parser builds) are plain too.
      expect(readAction(Object.assign(Object.create(null), a))).toStrictEqual(a);
    }
  });
});

describe('picking up', () => {
  it('adds to a stack the actor holds without writing the held item before the event (a new item in the new inventory)', () => {
    const w: World = scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
    edit(w, (p) => {
      heroIn(p).inventory = [{ id: 70, kind: 'arrow', name: 'arrow', count: 2, x: -1, y: -1 }];
      p.items.push({ id: 71, kind: 'arrow', name: 'arrow', count: 3, x: 1, y: 1 });
    });
    const held = player(w).inventory[0]!;
    const r = step(w, { type: 'pickup' });
    expect(r.refused).toBeUndefined();
    // The world's item from before the step is untouched; the event carries the new count.
    expect(held.count).toBe(2);
    expect(player(w).inventory).toEqual([{ id: 70, kind: 'arrow', name: 'arrow', count: 5, x: -1, y: -1 }]);
    const update = r.events.find((e) => e.type === 'actorUpdated' && e.changes.inventory);
    expect(update).toMatchObject({ changes: { inventory: [{ kind: 'arrow', count: 5 }] } });
    expect(w.items.some((i) => i.id === 71)).toBe(false);
  });
});
