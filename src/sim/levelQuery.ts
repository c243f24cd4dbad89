/**
 * A small predicate language over a level's facts (core/levelFacts.ts), for `trapsmith seeds
 * --where EXPR`:
 *
 *   expr    := or;  or := and ("or" and)*;  and := unary ("and" unary)*
 *   unary   := "not" unary | compare;  compare := value [("=" | "!=" | "<" | "<=" | ">" | ">=") value]
 *   value   := NUMBER | "text" | true | false | null | same | count "(" expr ")" | NAME["." NAME] | "(" expr ")"
 *
 * Names: the level's `depth`, `width`, `height`, `style`, `seed`, `level.NAME` (the ruleset's
 * view: `level.danger`, `level.environment` …), `player.x|y|hp`; the plural `traps`, `doors`,
 * `chests`, `monsters`, `rooms` count them, and `doors.trapped` (a plural with a field) counts
 * those whose field is true. The singular `trap`, `door`, `chest`, `monster`, `room` with a field
 * is one of them: inside `count(…)` the count is of those for which it holds; elsewhere the
 * predicate holds when it holds for some one of them (`trap.kind = "pit" and trap.corridor`: a
 * pit on a corridor). `field = same` inside `count` counts the largest group sharing that field
 * (none counted where it is null): `count(trap.kind = "fireball" and trap.room = same) >= 3` is
 * three fireball traps in one room. A bare value is true when it is true, or a number other than 0.
 */
import type { LevelFacts } from '../core/levelFacts.ts';
import { InputError } from '../core/errors.ts';

type Scalar = number | string | boolean | null;

const ENTITY_FIELDS = {
  trap: ['id', 'kind', 'name', 'x', 'y', 'host', 'known', 'hidden', 'room', 'corridor'],
  door: ['x', 'y', 'state', 'trapped'],
  chest: ['x', 'y', 'locked', 'trapped', 'room'],
  monster: ['id', 'kind', 'name', 'x', 'y', 'room'],
  room: ['id', 'x1', 'y1', 'x2', 'y2', 'width', 'height'],
} as const;
type Entity = keyof typeof ENTITY_FIELDS;
const PLURALS: Readonly<Record<string, Entity>> = { traps: 'trap', doors: 'door', chests: 'chest', monsters: 'monster', rooms: 'room' };
const LEVEL_FIELDS = ['depth', 'width', 'height', 'style', 'seed'] as const;
const PLAYER_FIELDS = ['x', 'y', 'hp'] as const;

type Node =
  | { type: 'literal'; value: Scalar }
  | { type: 'same'; at: number }
  | { type: 'level'; path: readonly string[] }
  | { type: 'field'; entity: Entity; field: string }
  | { type: 'plural'; entity: Entity; field: string | null }
  | { type: 'count'; entity: Entity; body: Node; groupBy: string | null }
  | { type: 'not'; arg: Node }
  | { type: 'and' | 'or'; left: Node; right: Node }
  | { type: 'compare'; op: Op; left: Node; right: Node };
type Op = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** A bad expression: the message names the token and where it is (its 1-based column). */
export class QueryError extends InputError {
  override name = 'QueryError';
}

interface Token {
  text: string;
  kind: 'number' | 'string' | 'name' | 'op' | 'punct' | 'end';
  at: number;
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  const re = /\s*(?:(-?\d+(?:\.\d+)?)|("(?:[^"\\]|\\.)*")|([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)?)|(!=|<=|>=|=|<|>)|([()]))/y;
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(src);
    if (!m) {
      const at = i + (src.slice(i).length - src.slice(i).trimStart().length);
      throw new QueryError(`at column ${at + 1}: unexpected "${src[at]}"`);
    }
    const at = m.index + (m[0].length - m[0].trimStart().length);
    const text = m[0].trim();
    out.push({ text, at, kind: m[1] !== undefined ? 'number' : m[2] !== undefined ? 'string' : m[3] !== undefined ? 'name' : m[4] !== undefined ? 'op' : 'punct' });
    i = re.lastIndex;
  }
  out.push({ text: 'the end', kind: 'end', at: src.length });
  return out;
}

class Parser {
  private i = 0;
  /** The singular entity the current scope (the whole predicate, or a count) mentions. */
  private scope: Entity | null = null;
  private scopeAt = 0;
  private inCount = false;

  /** `levelNames`: the names `level.NAME` may take (the ruleset's level info); undefined, any. */
  constructor(
    private readonly tokens: Token[],
    private readonly levelNames?: readonly string[],
  ) {}

  private peek(): Token {
    return this.tokens[this.i]!;
  }
  private next(): Token {
    return this.tokens[this.i++]!;
  }
  private fail(t: Token, what: string): never {
    throw new QueryError(`at column ${t.at + 1}: ${what}, got ${t.kind === 'end' ? 'the end' : `"${t.text}"`}`);
  }
  private word(w: string): boolean {
    const t = this.peek();
    if (t.kind === 'name' && t.text === w) {
      this.i++;
      return true;
    }
    return false;
  }

  whole(): { node: Node; scope: Entity | null } {
    const node = this.or();
    if (this.peek().kind !== 'end') this.fail(this.peek(), 'expected and, or, or the end');
    return { node, scope: this.scope };
  }

  private or(): Node {
    let left = this.and();
    while (this.word('or')) left = { type: 'or', left, right: this.and() };
    return left;
  }
  private and(): Node {
    let left = this.unary();
    while (this.word('and')) left = { type: 'and', left, right: this.unary() };
    return left;
  }
  private unary(): Node {
    if (this.word('not')) return { type: 'not', arg: this.unary() };
    const left = this.value();
    const t = this.peek();
    if (t.kind !== 'op') return left;
    this.i++;
    const right = this.value();
    if ((left.type === 'same' || right.type === 'same') && t.text !== '=') this.fail(t, 'expected = with same');
    return { type: 'compare', op: t.text as Op, left, right };
  }
  private bind(entity: Entity, t: Token): void {
    if (this.scope === null) {
      this.scope = entity;
      this.scopeAt = t.at;
    } else if (this.scope !== entity) this.fail(t, `expected ${this.scope} fields only (column ${this.scopeAt + 1} names a ${this.scope}): one kind of thing per count or predicate`);
  }
  private value(): Node {
    const t = this.next();
    if (t.kind === 'number') return { type: 'literal', value: Number(t.text) };
    if (t.kind === 'string') return { type: 'literal', value: JSON.parse(t.text) as string };
    if (t.kind === 'punct' && t.text === '(') {
      const inner = this.or();
      if (this.next().text !== ')') this.fail(this.tokens[this.i - 1]!, 'expected )');
      return inner;
    }
    if (t.kind !== 'name') this.fail(t, 'expected a value (a number, "text", a name, count(...) or "(")');
    if (t.text === 'true' || t.text === 'false') return { type: 'literal', value: t.text === 'true' };
    if (t.text === 'null') return { type: 'literal', value: null };
    if (t.text === 'same') {
      if (!this.inCount) this.fail(t, 'expected same only inside count(...)');
      return { type: 'same', at: t.at };
    }
    if (t.text === 'count') return this.count(t);
    const [head, field] = t.text.split('.') as [string, string | undefined];
    if (Object.hasOwn(ENTITY_FIELDS, head)) {
      const entity = head as Entity;
      const fields: readonly string[] = ENTITY_FIELDS[entity];
      if (field === undefined || !fields.includes(field)) this.fail(t, `expected a field of a ${entity} (${fields.join(', ')})`);
      this.bind(entity, t);
      return { type: 'field', entity, field };
    }
    if (Object.hasOwn(PLURALS, head)) {
      const entity = PLURALS[head]!;
      const fields: readonly string[] = ENTITY_FIELDS[entity];
      if (field !== undefined && !fields.includes(field)) this.fail(t, `expected ${head} or ${head}.FIELD, a field of a ${entity} (${fields.join(', ')})`);
      return { type: 'plural', entity, field: field ?? null };
    }
    if (head === 'level' && field !== undefined) {
      // A name the ruleset's levels lack would match no level: refused before any level is made.
      if (this.levelNames && !this.levelNames.includes(field)) this.fail(t, `expected level.NAME, a name of the ruleset's levels (${this.levelNames.map((n) => `level.${n}`).join(', ') || 'none'})`);
      return { type: 'level', path: ['level', field] };
    }
    if (head === 'player' && field !== undefined && (PLAYER_FIELDS as readonly string[]).includes(field)) return { type: 'level', path: ['player', field] };
    if (field === undefined && (LEVEL_FIELDS as readonly string[]).includes(head)) return { type: 'level', path: [head] };
    this.fail(t, `expected a name (${[...LEVEL_FIELDS, 'level.NAME', 'player.x|y|hp', ...Object.keys(PLURALS), ...Object.keys(ENTITY_FIELDS).map((e) => `${e}.FIELD`)].join(', ')})`);
  }
  private count(t: Token): Node {
    if (this.inCount) this.fail(t, 'expected no count inside a count');
    const open = this.next();
    if (open.text !== '(') this.fail(open, 'expected ( after count');
    const [outer, outerAt] = [this.scope, this.scopeAt];
    this.scope = null;
    this.inCount = true;
    const body = this.or();
    const close = this.next();
    if (close.text !== ')') this.fail(close, 'expected )');
    const entity = this.scope as Entity | null;
    this.scope = outer;
    this.scopeAt = outerAt;
    this.inCount = false;
    if (!entity) this.fail(t, 'expected a count of traps, doors, chests, monsters or rooms (name one: count(trap.kind = "pit"))');
    if (sameCount(body, false) > 0 && (sameCount(body, true) !== sameCount(body, false) || sameCount(body, true) > 1)) this.fail(t, 'expected same once in a count, joined to the rest by and');
    return { type: 'count', entity, body, groupBy: groupField(body) };
  }
}

/** The `same`s of a count's body: every one, or (`viaAnd`) those reached through `and`s alone, where a count groups by them. */
function sameCount(n: Node, viaAnd: boolean): number {
  switch (n.type) {
    case 'same':
      return 1;
    case 'compare':
      return sameCount(n.left, viaAnd) + sameCount(n.right, viaAnd);
    case 'and':
      return sameCount(n.left, viaAnd) + sameCount(n.right, viaAnd);
    case 'or':
      return viaAnd ? 0 : sameCount(n.left, false) + sameCount(n.right, false);
    case 'not':
      return viaAnd ? 0 : sameCount(n.arg, false);
    default:
      return 0;
  }
}

/** The field a count groups by (`field = same`), or null; `same` only directly under `and`s of the count. */
function groupField(n: Node): string | null {
  if (n.type === 'compare' && (n.left.type === 'same' || n.right.type === 'same')) {
    const other = n.left.type === 'same' ? n.right : n.left;
    if (other.type !== 'field') throw new QueryError(`at column ${(n.left.type === 'same' ? n.left : (n.right as { at: number })).at + 1}: expected same beside a field (trap.room = same)`);
    return other.field;
  }
  if (n.type === 'and') return groupField(n.left) ?? groupField(n.right);
  return null;
}

type Bound = Record<string, Scalar>;

function rowsOf(facts: LevelFacts, entity: Entity): Bound[] {
  switch (entity) {
    case 'trap':
      return facts.traps.map((t) => ({ ...t, hidden: !t.known }));
    case 'door':
      return facts.doors;
    case 'chest':
      return facts.chests;
    case 'monster':
      return facts.monsters;
    case 'room':
      return facts.rooms.map((r) => ({ ...r, width: r.x2 - r.x1 + 1, height: r.y2 - r.y1 + 1 }));
  }
}

function truthy(v: Scalar): boolean {
  return v === true || (typeof v === 'number' && v !== 0);
}

function compare(op: Op, a: Scalar, b: Scalar): boolean {
  if (op === '=') return a === b;
  if (op === '!=') return a !== b;
  if (typeof a !== 'number' || typeof b !== 'number') return false;
  return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
}

function evaluate(n: Node, facts: LevelFacts, row: Bound | null): Scalar {
  switch (n.type) {
    case 'literal':
      return n.value;
    // `field = same` holds for every row: the count groups the rows by the field instead.
    case 'same':
      return null;
    case 'level': {
      let v: unknown = facts;
      for (const p of n.path) v = v !== null && typeof v === 'object' && Object.hasOwn(v, p) ? (v as Record<string, unknown>)[p] : null;
      return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : null;
    }
    case 'field':
      return row && Object.hasOwn(row, n.field) ? row[n.field]! : null;
    case 'plural': {
      const rows = rowsOf(facts, n.entity);
      return n.field === null ? rows.length : rows.filter((r) => truthy(r[n.field!] ?? null)).length;
    }
    case 'count': {
      const hits = rowsOf(facts, n.entity).filter((r) => truthy(evaluate(n.body, facts, r)));
      if (n.groupBy === null) return hits.length;
      const groups = new Map<Scalar, number>();
      for (const r of hits) {
        const key = r[n.groupBy] ?? null;
        if (key !== null) groups.set(key, (groups.get(key) ?? 0) + 1);
      }
      return Math.max(0, ...groups.values());
    }
    case 'not':
      return !truthy(evaluate(n.arg, facts, row));
    case 'and':
      return truthy(evaluate(n.left, facts, row)) && truthy(evaluate(n.right, facts, row));
    case 'or':
      return truthy(evaluate(n.left, facts, row)) || truthy(evaluate(n.right, facts, row));
    case 'compare':
      if (n.left.type === 'same' || n.right.type === 'same') return true;
      return compare(n.op, evaluate(n.left, facts, row), evaluate(n.right, facts, row));
  }
}

/** A predicate over a level's facts, parsed once. Throws QueryError naming the bad token. */
export interface LevelQuery {
  readonly source: string;
  test(facts: LevelFacts): boolean;
}

/** `levelNames`: the names of the ruleset's level info (seedSearch.ts `levelNamesOf`), so `level.NAME` is checked; without them any name reads. */
export function parseLevelQuery(source: string, levelNames?: readonly string[]): LevelQuery {
  if (source.length > 2000) throw new QueryError(`the expression is ${source.length} characters, at most 2000`);
  const { node, scope } = new Parser(tokenize(source), levelNames).whole();
  return {
    source,
    test: (facts) => (scope === null ? truthy(evaluate(node, facts, null)) : rowsOf(facts, scope).some((row) => truthy(evaluate(node, facts, row)))),
  };
}
