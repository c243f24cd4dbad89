/**
 * The custom die of Wasteland Battles and the two checks made with it, each written once as a dice
 * program: play samples it (and shows the faces rolled), `trapsmith odds` reads it exactly.
 *
 * - Entering a trapped cell (and, by the optional rules, leaving it or fighting on it): one die; a
 *   skull springs the trap.
 * - Disarming: n dice (3, or 6 with a detector); at least one shield makes the trap harmless,
 *   no shield springs it.
 */
import { choice, constant, lift2, type Prob } from '../../core/prob.ts';

export type Face = 'skull' | 'shield' | 'blank';

/** How many faces of each kind the die has. */
export interface DieFaces {
  skull: number;
  shield: number;
  blank: number;
}

/** Faces counted over a roll of several dice: [skulls, shields, blanks]. */
export type FaceCounts = readonly [number, number, number];

export type EnterOutcome = 'triggered' | 'safe';
export type DisarmOutcome = 'disarmed' | 'sprung';

export const ENTER_OUTCOMES: readonly EnterOutcome[] = ['triggered', 'safe'];
export const DISARM_OUTCOMES: readonly DisarmOutcome[] = ['disarmed', 'sprung'];

/** Why a die with these faces cannot be rolled, or null. */
export function dieProblem(f: DieFaces): string | null {
  for (const [name, n] of [
    ['skull', f.skull],
    ['shield', f.shield],
    ['blank', f.blank],
  ] as const) {
    if (!Number.isInteger(n) || n < 0) return `the die cannot have ${n} ${name} faces`;
  }
  if (f.skull + f.shield + f.blank < 1) return 'the die has no faces';
  return null;
}

/** One roll of the custom die: each face equally likely. */
export function die(f: DieFaces): Prob<Face> {
  const problem = dieProblem(f);
  if (problem) throw new RangeError(problem);
  return choice<Face>([
    [f.skull, 'skull'],
    [f.shield, 'shield'],
    [f.blank, 'blank'],
  ]);
}

/** The faces of `n` dice, counted (order does not matter, so the exact reading stays small). */
export function rollDice(n: number, f: DieFaces): Prob<FaceCounts> {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`cannot roll ${n} dice`);
  const one = die(f);
  let counts: Prob<FaceCounts> = constant<FaceCounts>([0, 0, 0]);
  for (let i = 0; i < n; i++) {
    counts = lift2(counts, one, (c, face): FaceCounts => {
      if (face === 'skull') return [c[0] + 1, c[1], c[2]];
      if (face === 'shield') return [c[0], c[1] + 1, c[2]];
      return [c[0], c[1], c[2] + 1];
    });
  }
  return counts;
}

/** The entering rule: "Zeigt der Würfel einen Totenkopf so hat der Held die Falle ausgelöst". */
export function enterOutcome(face: Face): EnterOutcome {
  return face === 'skull' ? 'triggered' : 'safe';
}

/** The disarm rule: "Zeigt mindestens einer der Würfel einen Schild so ist das Vorhaben geglückt". */
export function disarmOutcome(counts: FaceCounts): DisarmOutcome {
  return counts[1] > 0 ? 'disarmed' : 'sprung';
}

/** Entering a trapped cell: a detector means no roll at all. */
export function enterCheck(f: DieFaces, detector: boolean): Prob<EnterOutcome> {
  return detector ? constant<EnterOutcome>('safe') : die(f).map(enterOutcome);
}

/** Disarming with `n` dice. */
export function disarmCheck(f: DieFaces, n: number): Prob<DisarmOutcome> {
  return rollDice(n, f).map(disarmOutcome);
}

/** "3 skulls, 1 shield" for the log. */
export function describeCounts(c: FaceCounts): string {
  const parts: string[] = [];
  const name = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (c[0] > 0) parts.push(name(c[0], 'skull'));
  if (c[1] > 0) parts.push(name(c[1], 'shield'));
  if (c[2] > 0) parts.push(name(c[2], 'blank'));
  return parts.join(', ');
}
