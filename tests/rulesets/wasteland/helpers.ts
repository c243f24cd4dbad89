/** Shared bits of the wasteland scenario tests: dice that always show one face, event filters. */
import type { GameEvent } from '../../../src/core/events.ts';

/** A die with only skulls: every entering roll springs, every disarm finds no shield. */
export const ALL_SKULLS = { skullFaces: 1, shieldFaces: 0, blankFaces: 0 };
/** A die with only shields: entering never springs, every disarm succeeds. */
export const ALL_SHIELDS = { skullFaces: 0, shieldFaces: 1, blankFaces: 0 };
/** A die with only blanks: entering never springs, every disarm fails. */
export const ALL_BLANKS = { skullFaces: 0, shieldFaces: 0, blankFaces: 1 };

export function ofType<T extends GameEvent['type']>(events: GameEvent[], type: T): Array<Extract<GameEvent, { type: T }>> {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

export function messages(events: GameEvent[]): string[] {
  return ofType(events, 'message').map((e) => e.text);
}
