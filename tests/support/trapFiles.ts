/**
 * A designer's trap file made in a test: kinds for one ruleset, read by the same reader the CLI
 * and the browser use (so a bad kind throws as a file would be refused), and played as the file's
 * ruleset.
 */
import type { TrapFile } from '../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../src/core/traps/files.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';

/** The trap file `name` of `kinds` for `ruleset`, as the reader reads it. */
export function trapFileOf(ruleset: string, name: string, kinds: readonly unknown[]): TrapFile {
  return parseTrapFile({ format: 'trapsmith-traps', version: 1, ruleset, name, traps: kinds }, name);
}

/** The id of the ruleset that plays `kinds` in `ruleset` (a file named `name`, registered once). */
export function withKinds(ruleset: string, name: string, kinds: readonly unknown[]): string {
  return applyTrapFile(trapFileOf(ruleset, name, kinds), name);
}

/** A floor kind never placed by the dungeon, every time it is stepped on: `id`, `numbers` and `effect` given, the rest plain. */
export function floorKind(id: string, numbers: Readonly<Record<string, unknown>>, effect: unknown): Record<string, unknown> {
  return { id, name: id.replaceAll('_', ' '), colour: '#a0a0a0', hosts: ['floor'], placement: { weight: 0 }, charges: -1, numbers, effect };
}

/**
 * A designer's kind no built-in has, as a file on disk would hold it: Cēaptūn's pit under another
 * id (a fall, damage by tier), placed by the dungeon at `weight`.
 */
export function thornPlatesFile(weight: number) {
  const thornPlate = {
    id: 'thorn_plate',
    name: 'thorn plate',
    colour: '#a0703c',
    hosts: ['floor'],
    placement: { weight },
    charges: -1,
    numbers: { difficulty: 13 },
    effect: { do: 'fall', say: '{1} fall[s] onto the {trap}[!|.]', damage: ['1d2', '1d4', '1d6', '2d4', '2d6', '3d6', '4d6'], type: 'piercing', lostActions: 1 },
  };
  return { format: 'trapsmith-traps', version: 1, ruleset: 'ceaptun', name: 'Thorn plates', traps: [thornPlate] };
}
