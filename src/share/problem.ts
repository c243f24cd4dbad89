/**
 * What goes wrong with outside input, as data: a kind the UI can branch on and a message a person
 * can act on. Functions here return results instead of throwing, so a refusal never unwinds
 * through the game and loses its state.
 */

export type ProblemKind =
  /** Too big to look at. */
  | 'size'
  /** Not JSON, not a link, cut short. */
  | 'syntax'
  /** JSON, but not one of ours (no format marker). */
  | 'foreign'
  /** Ours, but from another WORLD_VERSION: its moves would play a different game. */
  | 'version'
  /** Ours and this version, but a field is missing, of the wrong type or out of range. */
  | 'field'
  /** It replays, but not to the world it recorded (the rules changed without a version bump). */
  | 'diverged'
  /**
   * Sound, but this page cannot play it now: it carries a trap file named as another, with other
   * traps, that is in play here already (a name means one file in a page: a reload plays it).
   */
  | 'conflict'
  /** The browser's storage refused or is unavailable. */
  | 'storage';

export interface Problem {
  kind: ProblemKind;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(kind: ProblemKind, message: string): Result<T> {
  return { ok: false, problem: { kind, message } };
}

/** A short, quoted, printable description of any value for messages ("text \"abc\"", "a list"). */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  switch (typeof v) {
    case 'string': {
      const short = v.length > 24 ? `${v.slice(0, 24)}…` : v;
      return `text ${JSON.stringify(short)}`;
    }
    case 'number':
      return Number.isFinite(v) ? `the number ${v}` : String(v);
    case 'boolean':
      return String(v);
    case 'object':
      return 'an object';
    default:
      return typeof v;
  }
}
