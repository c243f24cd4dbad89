/**
 * Links: the game so far in the URL's fragment (`#g=...`), so any static host serves it and the
 * game never reaches a server. The payload is a short-keyed JSON object, its actions in the compact
 * form of `actionCodec.ts`, compressed with lz-string's URI-safe alphabet. Opening a link expands
 * it into a replay file and runs the same checks as a file (version first).
 *
 * A game on a designer's trap file carries the whole file (`k`, the parsed file as JSON, compressed
 * with the rest): the link alone replays it anywhere. A link without `k` reads as it always did.
 * A game on a hand-made level carries its scenario file the same way (`m`, with its trap file).
 */
import LZString from 'lz-string';
import { parseJsonText } from '../core/jsonInput.ts';
import { WORLD_VERSION } from '../core/world.ts';
import { decodeActions, encodeActions } from './actionCodec.ts';
import { REPLAY_FORMAT, type ReplayFile, validateReplay, versionMessage, writtenHeader } from './format.ts';
import { LIMITS } from './limits.ts';
import { decompressedLength, URI_SAFE } from './lzBudget.ts';
import { describeValue, fail, type Result } from './problem.ts';

/** The fragment key: `#g=<payload>`. */
export const LINK_KEY = 'g';

/** The link's JSON before compression; short keys because every character is in the URL. */
interface Compact {
  v: number;
  /** The rules' version (format.ts `rules`); a link without it was made under version 1. */
  u?: number;
  s: string;
  r: string;
  o: Record<string, unknown>;
  w: number;
  h: number;
  y: string;
  a: string;
  n?: string;
  t?: number;
  x?: string;
  /** The trap file the game plays (format.ts `trapFile`). */
  k?: unknown;
  /** The hand-made level the game starts on (format.ts `scenario`). */
  m?: unknown;
}

const LONG_NAMES: Record<string, string> = { v: 'version', u: 'rules', s: 'seed', r: 'ruleset', o: 'settings', w: 'width', h: 'height', y: 'style', a: 'moves', n: 'name', t: 'turn', x: 'hash', k: 'trapFile', m: 'scenario' };

/** The payload for a replay (what follows `#g=`). */
export function encodeLink(file: ReplayFile): string {
  const c: Compact = {
    v: file.version,
    ...(file.rules !== undefined ? { u: file.rules } : {}),
    s: file.seed,
    r: file.ruleset,
    o: writtenHeader(file).settings,
    w: file.width,
    h: file.height,
    y: file.style,
    a: encodeActions(file.actions),
    ...(file.name ? { n: file.name } : {}),
    ...(file.turn !== undefined ? { t: file.turn } : {}),
    ...(file.hash !== undefined ? { x: file.hash } : {}),
    // A scenario's trap file is inside the scenario: the link carries it once.
    ...(file.trapFile !== undefined && file.scenario?.trapFile === undefined ? { k: file.trapFile } : {}),
    ...(file.scenario !== undefined ? { m: file.scenario } : {}),
  };
  return LZString.compressToEncodedURIComponent(JSON.stringify(c));
}

/** A full URL: `base` (its own fragment dropped) with the game in the fragment. */
export function linkUrl(base: string, file: ReplayFile): string {
  const hash = base.indexOf('#');
  return `${hash >= 0 ? base.slice(0, hash) : base}#${LINK_KEY}=${encodeLink(file)}`;
}

/** The payload in a URL, a fragment (`#g=...`) or a bare payload; null when there is no `g=` part. */
export function payloadOf(urlOrFragment: string): string | null {
  const hashAt = urlOrFragment.indexOf('#');
  const fragment = hashAt >= 0 ? urlOrFragment.slice(hashAt + 1) : urlOrFragment;
  for (const part of fragment.split('&')) {
    if (part.startsWith(`${LINK_KEY}=`)) return part.slice(LINK_KEY.length + 1);
  }
  return null;
}

/**
 * Expands a link's payload to its JSON object, with the checks that come before reading its
 * fields (length, alphabet, what it would decompress to). Cheap next to checking the moves.
 */
function expandLink(payload: string): Result<Partial<Record<keyof Compact, unknown>>> {
  if (payload.length > LIMITS.linkChars)
    return fail('size', `The link is too long (${payload.length.toLocaleString('en')} characters; the limit is ${LIMITS.linkChars.toLocaleString('en')}).`);
  // Some chat programs percent-encode "$" or turn "+" into a space; undo both.
  let text = payload.replace(/ /g, '+');
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return fail('syntax', 'The link is damaged: it has a broken %-escape.');
    }
  }
  if (text === '') return fail('syntax', 'The link holds no game (nothing after "#g=").');
  if (!URI_SAFE.test(text)) return fail('syntax', 'The link is damaged: it has characters a Trapsmith link never has.');
  const budget = decompressedLength(text, LIMITS.linkDecompressedChars);
  if ('error' in budget) {
    if (budget.error === 'too-big')
      return fail('size', `The link expands to more than ${LIMITS.linkDecompressedChars.toLocaleString('en')} characters; it was not opened.`);
    if (budget.error === 'truncated') return fail('syntax', 'The link is cut short: part of it is missing (was it copied whole?).');
    return fail('syntax', 'The link is damaged: it does not decompress.');
  }
  const json = LZString.decompressFromEncodedURIComponent(text);
  if (!json) return fail('syntax', 'The link is damaged: it does not decompress.');
  const read = parseJsonText(json, LIMITS.linkDecompressedChars);
  if (!read.ok) {
    if (read.problem !== 'depth') return fail('syntax', 'The link is damaged: its contents are not readable (was it copied whole?).');
    // Named by the link's long field names (`scenario.trapFile…`), as its other problems are.
    const field = /^([a-z])(?=[.[:])/.exec(read.message)?.[1];
    return fail('size', `This link's game cannot be read: ${field && Object.hasOwn(LONG_NAMES, field) ? LONG_NAMES[field] + read.message.slice(1) : read.message}.`);
  }
  const raw = read.value;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return fail('foreign', 'This is not a Trapsmith game link.');
  return { ok: true, value: raw as Partial<Record<keyof Compact, unknown>> };
}

/** About how many moves a link holds (its compact moves' length), or null when it does not expand. */
export function linkMoves(payload: string): number | null {
  const c = expandLink(payload);
  return c.ok && typeof c.value.a === 'string' ? c.value.a.length : null;
}

/** Expands and checks a link's payload into a replay file (never throws). */
export function decodeLink(payload: string): Result<ReplayFile> {
  const expanded = expandLink(payload);
  if (!expanded.ok) return expanded;
  const c = expanded.value;
  if (typeof c.v !== 'number' || !Number.isInteger(c.v)) return fail('field', `version: expected a whole number, got ${describeValue(c.v)}`);
  if (c.v !== WORLD_VERSION) return fail('version', versionMessage(c.v, 'link'));
  if (typeof c.a !== 'string') return fail('field', `moves: expected text, got ${describeValue(c.a)}`);
  const actions = decodeActions(c.a, LIMITS.actions);
  if (!actions.ok) return actions;
  const file: Record<string, unknown> = { format: REPLAY_FORMAT, actions: actions.value };
  for (const [short, long] of Object.entries(LONG_NAMES)) if (short !== 'a' && Object.hasOwn(c, short) && c[short as keyof Compact] !== undefined) file[long] = c[short as keyof Compact];
  return validateReplay(file, 'link');
}
