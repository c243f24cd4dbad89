/**
 * Finds every write into a world object (issue #20, "one owner for a live level"): an assignment,
 * `++`/`--`, `delete`, a mutating Array/TypedArray/Map/Set method or `Object.assign` whose target
 * reaches, through its chain of property and element accesses, an expression whose type is one of
 * the world's types. Built on the TypeScript checker, not on text: `const a = w.actors[0]; a.hp = 1`
 * is found through the type of `a`, and a write on an object that merely has the same field names
 * is not.
 *
 * Allowed: every write in the owner files (the level, src/core/level.ts); a write in a function
 * passed to `edit(...)` or `x.edit(...)`; a write marked by a comment saying "payload being built"
 * or "inside edit" (on its statement's lines, in the comment lines just above it, or above a
 * function around it); a write on an array no world holds (`world.actors.filter(...).sort(...)`,
 * a local built from `[]`: see freshArrayTest).
 *
 * Not seen: a world object reached through a value whose type is no world type (`const st =
 * actor.status; st.x = 1` writes an actor's status, but `st` is a `Record<string, number>`), and
 * writes through `any`. `actor.status.x = 1` is seen: the chain holds `actor`.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The world's types, declared in the world-types file (src/core/world.ts). */
export const WORLD_TYPES: ReadonlySet<string> = new Set([
  'World',
  'Actor',
  'Trap',
  'Item',
  'Chest',
  'MonsterMind',
  'BodyPart',
  'TrapHost',
]);

/** Words that, in a comment, mark a write as allowed (case-insensitive). */
// The words of a comment that allows a write: on a payload being built (not yet in a world), inside
// edit (the door), or on a list of one's own that is not in a world (a heap of actors).
const ALLOW_WORDS = [/payload being built/i, /inside edit/i, /not in a world/i];

/** How many comment lines directly above a statement may carry its allowing comment. */
const COMMENT_LINES_ABOVE = 3;

/** Array, TypedArray, Map and Set methods that change their receiver. */
const MUTATING_METHODS: Readonly<Record<string, ReadonlySet<string>>> = (() => {
  const array = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);
  const typed = new Set(['set', 'fill', 'copyWithin', 'sort', 'reverse']);
  const map = new Set(['set', 'delete', 'clear']);
  const set = new Set(['add', 'delete', 'clear']);
  const table: Record<string, ReadonlySet<string>> = { Array: array, Map: map, Set: set, WeakMap: map, WeakSet: set };
  for (const t of [
    'Int8Array',
    'Uint8Array',
    'Uint8ClampedArray',
    'Int16Array',
    'Uint16Array',
    'Int32Array',
    'Uint32Array',
    'Float32Array',
    'Float64Array',
    'BigInt64Array',
    'BigUint64Array',
  ]) {
    table[t] = typed;
  }
  return table;
})();

export interface WorldWrite {
  /** Path relative to the checker's root, with forward slashes. */
  file: string;
  /** 1-based line of the write. */
  line: number;
  /** The statement holding the write, on one line (whitespace runs collapsed). */
  text: string;
}

export interface CheckOptions {
  /** Paths in the report are relative to this folder. */
  root: string;
  /** The files to check (absolute); they are also the program's root names. */
  files: readonly string[];
  /** The file that declares the world's types (absolute). */
  worldFile: string;
  /** Files in which every write is allowed (absolute): the level's owner. */
  ownerFiles: readonly string[];
  compilerOptions: ts.CompilerOptions;
}

/** Every `.ts` file under `dir` (recursive), absolute, sorted. */
export function tsFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...tsFilesUnder(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/** The compiler options of `tsconfig` (a path to a tsconfig.json). */
export function compilerOptionsOf(tsconfig: string): ts.CompilerOptions {
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, resolve(tsconfig, '..'));
  return { ...parsed.options, noEmit: true };
}

/** `path` as the compiler spells file names (forward slashes), for comparisons with `SourceFile.fileName`. */
function normal(path: string): string {
  return resolve(path).split(sep).join('/');
}

/** The program the checker reads: `options.files` and what they import. */
export function programOf(options: CheckOptions): ts.Program {
  return ts.createProgram({ rootNames: [...options.files], options: options.compilerOptions });
}

/** The world writes in `options.files` that no rule allows, sorted by file and line. */
export function findWorldWrites(options: CheckOptions, program: ts.Program = programOf(options)): WorldWrite[] {
  const checker = program.getTypeChecker();
  const worldFile = normal(options.worldFile);
  // A renamed or moved world type would silently leave its writes unchecked: refuse instead.
  const worldSource = program.getSourceFiles().find((f) => normal(f.fileName) === worldFile);
  if (!worldSource) throw new Error(`the world-types file is not in the program: ${options.worldFile}`);
  const declared = new Set(
    worldSource.statements.flatMap((st) => (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) ? [st.name.text] : [])),
  );
  const missing = [...WORLD_TYPES].filter((t) => !declared.has(t));
  if (missing.length > 0) throw new Error(`${options.worldFile} declares none of: ${missing.join(', ')}`);
  const owners = new Set(options.ownerFiles.map(normal));
  const isWorld = worldTypeTest(checker, worldFile);
  const fresh = freshArrayTest(program, checker);
  const sources = options.files.map((file) => {
    const sf = program.getSourceFile(file);
    if (!sf) throw new Error(`not in the program: ${file}`);
    return sf;
  });
  const editFunctions = new Set<ts.Node>();
  for (const sf of sources) functionsPassedToEdit(sf, checker, editFunctions);
  const out: WorldWrite[] = [];
  for (const sf of sources) {
    if (owners.has(normal(sf.fileName))) continue;
    let comments: Comments | undefined;
    const visit = (node: ts.Node): void => {
      for (const target of writtenBy(node, program, checker)) {
        if (!chainOf(target).some((e) => isWorld(checker.getTypeAtLocation(e)) && !fresh(e))) continue;
        if (insideEdit(node, editFunctions)) continue;
        comments ??= commentsOf(sf);
        if (allowedByComment(node, sf, comments)) continue;
        const stmt = statementOf(node);
        out.push({
          file: relative(options.root, sf.fileName).split(sep).join('/'),
          line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          text: stmt.getText(sf).replace(/\s+/g, ' ').trim(),
        });
        break;
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}

/** `path:line: text`, one write a line. */
export function formatWrites(writes: readonly WorldWrite[]): string[] {
  return writes.map((w) => `${w.file}:${w.line}: ${w.text}`);
}

/**
 * Whether a type is a world type: one of WORLD_TYPES declared in the world-types file (by its own
 * symbol or its alias), an object type declared inside one of them (the narrowed members of
 * `TrapHost`, `Actor['melee']`), an array, tuple or index signature of such, or a union,
 * intersection or type parameter that holds one.
 */
function worldTypeTest(checker: ts.TypeChecker, worldFile: string): (t: ts.Type) => boolean {
  const memo = new Map<ts.Type, boolean>();
  const symbolIsWorld = (s: ts.Symbol | undefined): boolean => {
    for (const d of s?.declarations ?? []) {
      if (normal(d.getSourceFile().fileName) !== worldFile) continue;
      for (let n: ts.Node | undefined = d; n; n = n.parent) {
        if ((ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) && WORLD_TYPES.has(n.name.text)) return true;
      }
    }
    return false;
  };
  const test = (t: ts.Type): boolean => {
    const known = memo.get(t);
    if (known !== undefined) return known;
    memo.set(t, false); // a recursive type is not a world type through itself
    let r = symbolIsWorld(t.aliasSymbol) || symbolIsWorld(t.getSymbol());
    if (!r && t.isUnionOrIntersection()) r = t.types.some(test);
    if (!r && (checker.isArrayType(t) || checker.isTupleType(t))) r = checker.getTypeArguments(t as ts.TypeReference).some(test);
    if (!r && t.isTypeParameter()) {
      const c = checker.getBaseConstraintOfType(t);
      r = c !== undefined && c !== t && test(c);
    }
    if (!r && t.getFlags() & ts.TypeFlags.Object && !checker.isArrayType(t) && !checker.isTupleType(t)) {
      r = checker.getIndexInfosOfType(t).some((i) => test(i.type));
    }
    memo.set(t, r);
    return r;
  };
  return test;
}

/** Array methods of the standard library that return a new array. */
const NEW_ARRAY_METHODS = new Set(['filter', 'map', 'slice', 'concat', 'flat', 'flatMap', 'toSorted', 'toReversed', 'toSpliced', 'with']);
/** Array methods that return their receiver. */
const SAME_ARRAY_METHODS = new Set(['sort', 'reverse', 'fill', 'copyWithin']);

/**
 * Whether an expression is an array that no world holds: an array literal, `new Array`,
 * `Array.from`/`Array.of`, a new array from a standard Array method (`world.actors.filter(...)`),
 * or a local variable every value of which is one of these (its initializer and each assignment:
 * `let seen; (seen ??= []).push(t)`). Pushing onto, sorting or filling such an array writes no
 * world object, though its elements may be world objects (a write through an element, `list[0].hp
 * = 1`, is still a world write: the element's type says so). An array taken from a world
 * (`const inv = actor.inventory`) or returned by a function of the project is not fresh.
 * Not seen: a fresh array put into a world (`actor.inventory = out`, itself a world write) and
 * written through the local afterwards.
 */
function freshArrayTest(program: ts.Program, checker: ts.TypeChecker): (e: ts.Expression) => boolean {
  const variables = new Map<ts.Symbol, boolean>();
  const libMethod = (callee: ts.PropertyAccessExpression, names: ReadonlySet<string>): boolean => {
    if (!names.has(callee.name.text)) return false;
    const symbol = checker.getSymbolAtLocation(callee.name);
    return (symbol?.declarations ?? []).some(
      (d) =>
        ts.isInterfaceDeclaration(d.parent) &&
        (d.parent.name.text === 'Array' || d.parent.name.text === 'ReadonlyArray') &&
        program.isSourceFileDefaultLibrary(d.getSourceFile()),
    );
  };
  const freshVariable = (id: ts.Identifier): boolean => {
    const symbol = checker.getSymbolAtLocation(id);
    const decl = symbol?.valueDeclaration;
    if (!symbol || !decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return false;
    const list = decl.parent;
    // A loop's variable (`for (let xs of lists)`) and a catch clause's hold values from elsewhere.
    if (!ts.isVariableDeclarationList(list) || ts.isForOfStatement(list.parent) || ts.isForInStatement(list.parent)) return false;
    const known = variables.get(symbol);
    if (known !== undefined) return known;
    variables.set(symbol, false); // `a = b; b = a` is not fresh through itself
    let r = decl.initializer ? test(decl.initializer) : !(list.flags & ts.NodeFlags.Const);
    const scope = decl.getSourceFile();
    const visit = (n: ts.Node): void => {
      if (!r) return;
      if (ts.isIdentifier(n) && n !== decl.name && checker.getSymbolAtLocation(n) === symbol) {
        const p = n.parent;
        if (ts.isBinaryExpression(p) && p.left === n && COMPOUND_ASSIGNMENTS.has(p.operatorToken.kind)) {
          const op = p.operatorToken.kind;
          const keeps = op === ts.SyntaxKind.QuestionQuestionEqualsToken || op === ts.SyntaxKind.BarBarEqualsToken;
          if (!(op === ts.SyntaxKind.EqualsToken || keeps) || !test(p.right)) r = false;
        } else if (inDestructuringTarget(n)) {
          r = false;
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(scope);
    variables.set(symbol, r);
    return r;
  };
  const test = (expr: ts.Expression): boolean => {
    const e = skipOuter(expr);
    if (ts.isArrayLiteralExpression(e)) return true;
    if (ts.isNewExpression(e)) return ts.isIdentifier(e.expression) && e.expression.text === 'Array';
    if (ts.isIdentifier(e)) return freshVariable(e);
    if (ts.isConditionalExpression(e)) return test(e.whenTrue) && test(e.whenFalse);
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === ts.SyntaxKind.EqualsToken || op === ts.SyntaxKind.CommaToken) return test(e.right);
      if (
        op === ts.SyntaxKind.QuestionQuestionToken ||
        op === ts.SyntaxKind.BarBarToken ||
        op === ts.SyntaxKind.QuestionQuestionEqualsToken ||
        op === ts.SyntaxKind.BarBarEqualsToken
      ) {
        return test(e.left) && test(e.right);
      }
      return false;
    }
    if (ts.isCallExpression(e)) {
      const callee = skipOuter(e.expression);
      if (!ts.isPropertyAccessExpression(callee)) return false;
      if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Array') {
        return callee.name.text === 'from' || callee.name.text === 'of';
      }
      if (libMethod(callee, NEW_ARRAY_METHODS)) return true;
      if (libMethod(callee, SAME_ARRAY_METHODS)) return test(callee.expression);
    }
    return false;
  };
  return test;
}

/** Whether identifier `n` is assigned by a destructuring assignment or a `for (n of ...)`. */
function inDestructuringTarget(n: ts.Node): boolean {
  let child: ts.Node = n;
  for (let p = n.parent; p; child = p, p = p.parent) {
    if (ts.isForOfStatement(p) || ts.isForInStatement(p)) return p.initializer === child;
    if (ts.isBinaryExpression(p)) return p.operatorToken.kind === ts.SyntaxKind.EqualsToken && p.left === child && child !== n;
    const inPattern =
      ts.isArrayLiteralExpression(p) ||
      ts.isObjectLiteralExpression(p) ||
      ts.isShorthandPropertyAssignment(p) ||
      (ts.isPropertyAssignment(p) && p.initializer === child) ||
      ts.isSpreadElement(p) ||
      ts.isSpreadAssignment(p) ||
      ts.isParenthesizedExpression(p);
    if (!inPattern) return false;
  }
  return false;
}

const COMPOUND_ASSIGNMENTS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.AsteriskAsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.PercentEqualsToken,
  ts.SyntaxKind.LessThanLessThanEqualsToken,
  ts.SyntaxKind.GreaterThanGreaterThanEqualsToken,
  ts.SyntaxKind.GreaterThanGreaterThanGreaterThanEqualsToken,
  ts.SyntaxKind.AmpersandEqualsToken,
  ts.SyntaxKind.BarEqualsToken,
  ts.SyntaxKind.CaretEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

/** What a write writes: a member or variable (`itself` false), or a whole object (`itself` true). */
interface Target {
  expr: ts.Expression;
  itself: boolean;
}

/**
 * What `node` writes: an assignment's target (each target of a destructuring assignment), the
 * operand of `++`, `--` and `delete`; a mutating method's receiver, the first argument of
 * `Object.assign`, as whole objects. Empty when `node` writes nothing.
 */
function writtenBy(node: ts.Node, program: ts.Program, checker: ts.TypeChecker): Target[] {
  const members = (es: ts.Expression[]): Target[] => es.map((expr) => ({ expr, itself: false }));
  if (ts.isBinaryExpression(node) && COMPOUND_ASSIGNMENTS.has(node.operatorToken.kind)) {
    return members(node.operatorToken.kind === ts.SyntaxKind.EqualsToken ? destructured(node.left) : [node.left]);
  }
  if (
    (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
    (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
  ) {
    return members([node.operand]);
  }
  if (ts.isDeleteExpression(node)) return members([node.expression]);
  if ((ts.isForOfStatement(node) || ts.isForInStatement(node)) && !ts.isVariableDeclarationList(node.initializer)) {
    return members(destructured(node.initializer));
  }
  if (ts.isCallExpression(node)) {
    const callee = skipOuter(node.expression);
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (
        method === 'assign' &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'Object' &&
        node.arguments[0] !== undefined
      ) {
        // The target and its whole chain: `Object.assign(trap.data, x)` writes `trap.data`.
        return [{ expr: node.arguments[0], itself: true }];
      }
      if (isMutatingLibMethod(callee, program, checker)) return [{ expr: callee.expression, itself: true }];
    }
  }
  return [];
}

/** The targets of an assignment's left side: itself, or each target inside a destructuring pattern. */
function destructured(left: ts.Expression): ts.Expression[] {
  const e = skipOuter(left);
  if (ts.isArrayLiteralExpression(e)) {
    return e.elements.flatMap((el) => (ts.isOmittedExpression(el) ? [] : destructured(ts.isSpreadElement(el) ? el.expression : el)));
  }
  if (ts.isObjectLiteralExpression(e)) {
    return e.properties.flatMap((p) => {
      if (ts.isPropertyAssignment(p)) return destructured(p.initializer);
      if (ts.isSpreadAssignment(p)) return destructured(p.expression);
      return []; // a shorthand `{ x }` assigns a plain variable
    });
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken) return destructured(e.left); // a default value
  return [left];
}

/** Whether `callee` (`recv.method`) names a mutating method of a standard library Array, TypedArray, Map or Set. */
function isMutatingLibMethod(callee: ts.PropertyAccessExpression, program: ts.Program, checker: ts.TypeChecker): boolean {
  const name = callee.name.text;
  const symbol = checker.getSymbolAtLocation(callee.name);
  for (const d of symbol?.declarations ?? []) {
    const owner = d.parent;
    if (!ts.isInterfaceDeclaration(owner)) continue;
    if (!MUTATING_METHODS[owner.name.text]?.has(name)) continue;
    if (program.isSourceFileDefaultLibrary(d.getSourceFile())) return true;
  }
  return false;
}

function isAccess(e: ts.Node): e is ts.PropertyAccessExpression | ts.ElementAccessExpression {
  return ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e);
}

/** `e` without parentheses, `as`, `satisfies`, `<T>` and `!`. */
function skipOuter(e: ts.Expression): ts.Expression {
  for (;;) {
    if (
      ts.isParenthesizedExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isTypeAssertionExpression(e) ||
      ts.isNonNullExpression(e)
    ) {
      e = e.expression;
    } else {
      return e;
    }
  }
}

/**
 * The expressions whose object a write changes. For a written member (`a.b.c = v`, `a[i]++`,
 * `delete a.b`) the objects it is read from: `a.b` and `a`, or `a`; a plain variable has none. For
 * a written object (`a.b` in `a.b.push(x)`, `t` in `Object.assign(t, x)`) the object itself and
 * the objects it is read from. Each comes with and without its wrappers (`(x as Actor)` and `x`),
 * so either's type may name the world.
 */
function chainOf(target: Target): ts.Expression[] {
  const out: ts.Expression[] = [];
  let e = target.expr;
  if (!target.itself) {
    const member = skipOuter(e);
    if (!isAccess(member)) return out;
    e = member.expression;
  }
  for (;;) {
    out.push(e);
    const inner = skipOuter(e);
    if (inner !== e) out.push(inner);
    if (!isAccess(inner)) return out;
    e = inner.expression;
  }
}

/**
 * Adds to `out` the functions passed by name to an `edit(...)` call in `sf` (declared in any
 * file): their bodies are inside edit.
 */
function functionsPassedToEdit(sf: ts.SourceFile, checker: ts.TypeChecker, out: Set<ts.Node>): void {
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isEditCall(node)) {
      for (const arg of node.arguments) {
        if (!ts.isIdentifier(arg)) continue;
        let symbol = checker.getSymbolAtLocation(arg);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol); // imported
        for (const d of symbol?.declarations ?? []) {
          if (ts.isFunctionDeclaration(d)) out.add(d);
          if (ts.isVariableDeclaration(d) && d.initializer && isFunctionExpressionLike(d.initializer)) out.add(d.initializer);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** `edit(...)` or `<something>.edit(...)`. */
function isEditCall(call: ts.CallExpression): boolean {
  const callee = skipOuter(call.expression);
  return (
    (ts.isIdentifier(callee) && callee.text === 'edit') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 'edit')
  );
}

function isFunctionExpressionLike(n: ts.Node): n is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(n) || ts.isFunctionExpression(n);
}

/** Whether `node` lies in a function passed to `edit(...)`, inline or by name. */
function insideEdit(node: ts.Node, passedByName: ReadonlySet<ts.Node>): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (passedByName.has(n)) return true;
    if (isFunctionExpressionLike(n) && ts.isCallExpression(n.parent) && n.parent.arguments.includes(n) && isEditCall(n.parent)) {
      return true;
    }
  }
  return false;
}

/**
 * The statement a write stands in: the nearest expression, variable, return or throw statement
 * around it; or the write itself where the nearest statement is a compound one (`for (...; ...;
 * w.turn++)`), so that the report shows the write and not the whole loop.
 */
function statementOf(node: ts.Node): ts.Node {
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if (ts.isExpressionStatement(n) || ts.isVariableStatement(n) || ts.isReturnStatement(n) || ts.isThrowStatement(n)) return n;
    // A compound statement's head (`if (...)`, `for (...)`), an arrow's expression body, a field's initializer.
    if (ts.isIterationStatement(n, false) || ts.isIfStatement(n) || ts.isSwitchStatement(n)) return node;
    if (ts.isFunctionLike(n) || ts.isClassElement(n)) return node;
  }
  return node;
}

interface Comments {
  /** Per 0-based line, the text of the comments on it. */
  text: string[];
  /** Per 0-based line, whether it holds comments and nothing else. */
  only: boolean[];
}

/** The comments of `sf`, line by line. */
function commentsOf(sf: ts.SourceFile): Comments {
  const src = sf.text;
  const inComment = new Uint8Array(src.length);
  const seen = new Set<number>();
  const mark = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      inComment.fill(1, r.pos, r.end);
    }
  };
  // Every comment is trivia before some token: scan each token's leading trivia.
  const visit = (node: ts.Node): void => {
    for (const child of node.getChildren(sf)) {
      if (ts.isJSDoc(child)) continue; // its text is found as the leading trivia of the node's first token
      if (child.getChildCount(sf) === 0) {
        // A comment on the previous token's line counts as its trailing one, the rest as leading.
        mark(ts.getTrailingCommentRanges(src, child.pos));
        mark(ts.getLeadingCommentRanges(src, child.pos));
      }
      else visit(child);
    }
  };
  visit(sf);
  const lines = sf.getLineStarts();
  const text: string[] = [];
  const only: boolean[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = lines[i]!;
    const end = i + 1 < lines.length ? lines[i + 1]! : src.length;
    let comment = '';
    let code = false;
    for (let p = start; p < end; p++) {
      const ch = src[p]!;
      if (inComment[p]) comment += ch;
      else if (!/\s/.test(ch)) code = true;
    }
    text.push(comment);
    only.push(comment.trim() !== '' && !code);
  }
  return { text, only };
}

function allows(comment: string): boolean {
  return ALLOW_WORDS.some((w) => w.test(comment));
}

/**
 * Whether a comment allows the write `node`: on the lines of its statement up to the write, or on
 * one of the comment lines (at most COMMENT_LINES_ABOVE) directly above the statement; or, for a
 * function around it, on the function's first line or in the block of comment lines directly
 * above the function (above its `const f =` statement for a function expression held in a
 * variable, above its property for a method given as an object property).
 */
function allowedByComment(node: ts.Node, sf: ts.SourceFile, comments: Comments): boolean {
  const lineOf = (pos: number): number => sf.getLineAndCharacterOfPosition(pos).line;
  const stmt = statementOf(node);
  const first = lineOf(stmt.getStart(sf));
  const last = lineOf(node.getEnd());
  for (let l = first; l <= last; l++) if (allows(comments.text[l]!)) return true;
  for (let l = first - 1; l >= 0 && l >= first - COMMENT_LINES_ABOVE && comments.only[l]; l--) {
    if (allows(comments.text[l]!)) return true;
  }
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (!ts.isFunctionLike(n)) continue;
    let anchor: ts.Node = n;
    if (isFunctionExpressionLike(n)) {
      const p = n.parent;
      if (ts.isVariableDeclaration(p) && ts.isVariableDeclarationList(p.parent) && ts.isVariableStatement(p.parent.parent)) {
        anchor = p.parent.parent;
      } else if (ts.isPropertyAssignment(p)) {
        anchor = p;
      }
    }
    const line = lineOf(anchor.getStart(sf));
    if (allows(comments.text[line]!)) return true;
    for (let l = line - 1; l >= 0 && comments.only[l]; l--) if (allows(comments.text[l]!)) return true;
  }
  return false;
}
