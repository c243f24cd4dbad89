/**
 * The level editor's model, with no DOM: a scenario being drawn (core/scenarioLevel.ts), edited
 * one stroke at a time — paint a cell with a legend character, put or take a trap or a monster —
 * with undo and redo. Made from a blank level, a scenario, or the first level of a running game
 * (`draftOfWorld`); `scenario()` gives the file as it stands, for `parseScenario` to judge (the
 * draft itself never refuses a stroke that leaves the level unplayable: a designer draws through
 * such states, and the check says what is left to fix).
 *
 * Invariant: `history` holds the draft before each stroke still undoable, `future` the ones undone;
 * a stroke clears `future`. A stroke that changes nothing is not a stroke (no history entry). Between
 * `beginStroke` and `endStroke` (a drag over many cells) the edits make one stroke.
 */
import { type Scenario, SCENARIO_FORMAT, SCENARIO_LEGEND, SCENARIO_VERSION } from '../../core/scenarioLevel.ts';
import { getRuleset } from '../../core/registry.ts';
import type { TrapDesign } from '../../core/ruleset.ts';
import type { TrapFile } from '../../core/traps/definition.ts';
import { makePlayer } from '../../core/mapgen.ts';
import type { Actor, World } from '../../core/world.ts';

type ScenarioTrap = NonNullable<Scenario['traps']>[number];
type ScenarioMonster = NonNullable<Scenario['monsters']>[number];

/** What a draft holds: a scenario's fields, its map as rows of characters. */
interface DraftState {
  name: string;
  description: string;
  ruleset: string;
  map: string[];
  traps: ScenarioTrap[];
  monsters: ScenarioMonster[];
  /** A designer's trap kinds the level uses, carried as the scenario brought them. */
  trapFile?: TrapFile;
  /** What the editor does not draw (settings, depth, the character), carried as the scenario brought them. */
  kept: Pick<Scenario, 'settings' | 'depth' | 'player'>;
}

/** The legend character of each terrain (the inverse of SCENARIO_LEGEND, floor as "."). */
const CHAR_OF: ReadonlyMap<number, string> = new Map(
  Object.entries(SCENARIO_LEGEND)
    .filter(([ch]) => ch !== 'C' && ch !== '@')
    .map(([ch, t]) => [t, ch]),
);

/** Strokes kept for undo: enough for a long session, bounded for a 200 x 200 map. */
const MAX_HISTORY = 200;

export class LevelDraft {
  private state: DraftState;
  private readonly history: string[] = [];
  private readonly future: string[] = [];
  /** The draft when the stroke now being drawn began (a drag), or null between strokes. */
  private strokeStart: string | null = null;

  private constructor(state: DraftState) {
    this.state = state;
  }

  /**
   * A walled room of `width` x `height` with the start at one end and the stairs at the other.
   * `trapFile`: the designer's kinds it may use (a file for `ruleset`).
   */
  static blank(ruleset: string, width: number, height: number, name = 'My level', trapFile?: TrapFile): LevelDraft {
    const map = Array.from({ length: height }, (_, y) =>
      Array.from({ length: width }, (_, x) => (x === 0 || y === 0 || x === width - 1 || y === height - 1 ? '#' : '.')).join(''),
    );
    const mid = Math.floor(height / 2);
    const draft = new LevelDraft({ name, description: '', ruleset, map, traps: [], monsters: [], ...(trapFile ? { trapFile } : {}), kept: {} });
    draft.state.map[mid] = setChar(setChar(draft.state.map[mid]!, 1, '@'), width - 2, '>');
    return draft;
  }

  static fromScenario(s: Scenario): LevelDraft {
    const kept = structuredClone({ ...(s.settings ? { settings: s.settings } : {}), ...(s.depth !== undefined ? { depth: s.depth } : {}), ...(s.player ? { player: s.player } : {}) });
    return new LevelDraft({ name: s.name, description: s.description ?? '', ruleset: s.ruleset, map: [...s.map], traps: structuredClone(s.traps ?? []), monsters: structuredClone(s.monsters ?? []), ...(s.trapFile ? { trapFile: s.trapFile } : {}), kept });
  }

  get width(): number {
    return this.state.map[0]!.length;
  }

  get height(): number {
    return this.state.map.length;
  }

  get ruleset(): string {
    return this.state.ruleset;
  }

  get name(): string {
    return this.state.name;
  }

  get description(): string {
    return this.state.description;
  }

  /** The trap file whose kinds the level may use, if it brings one. */
  get trapFile(): TrapFile | undefined {
    return this.state.trapFile;
  }

  /** The legend character at (x, y). */
  at(x: number, y: number): string {
    return this.state.map[y]![x]!;
  }

  trapAt(x: number, y: number): ScenarioTrap | undefined {
    return this.state.traps.find((t) => t.x === x && t.y === y);
  }

  monsterAt(x: number, y: number): ScenarioMonster | undefined {
    return this.state.monsters.find((m) => m.x === x && m.y === y);
  }

  /**
   * Paints (x, y) with legend character `ch`. The start (@) and the stairs down (>) are one each:
   * painting one moves it (its old cell becomes floor), and nothing else paints over them, so a
   * draft keeps the one of each it began with. A wall painted over a trap or a monster takes it
   * away; a trap left on the cell takes the new cell's host (door, chest, floor). False when
   * nothing changed.
   */
  paint(x: number, y: number, ch: string): boolean {
    if (!Object.hasOwn(SCENARIO_LEGEND, ch) || !this.inside(x, y) || this.at(x, y) === ch) return false;
    if (this.at(x, y) === '@' || this.at(x, y) === '>') return false;
    return this.stroke((s) => {
      if (ch === '@' || ch === '>') s.map = s.map.map((row) => row.replaceAll(ch, '.'));
      s.map[y] = setChar(s.map[y]!, x, ch);
      if (ch === '#' || ch === '%') {
        s.traps = s.traps.filter((t) => t.x !== x || t.y !== y);
        s.monsters = s.monsters.filter((m) => m.x !== x || m.y !== y);
      }
      s.traps = s.traps.map((t) => (t.x === x && t.y === y ? withHost(t, ch) : t));
    });
  }

  /**
   * Puts a trap of `kind` at (x, y), in place of any there; its host follows the cell (door,
   * chest, floor). `design`: the numbers of a designed kind's trap (the trap designer's).
   */
  placeTrap(x: number, y: number, kind: string, known = false, design?: TrapDesign): boolean {
    if (!this.inside(x, y)) return false;
    const trap = withHost({ kind, x, y, ...(known ? { known: true } : {}), ...(design ? { design: structuredClone(design) } : {}) }, this.at(x, y));
    if (JSON.stringify(this.trapAt(x, y)) === JSON.stringify(trap)) return false;
    return this.stroke((s) => {
      s.traps = [...s.traps.filter((t) => t.x !== x || t.y !== y), trap];
    });
  }

  placeMonster(x: number, y: number, kind: string, asleep = false): boolean {
    if (!this.inside(x, y)) return false;
    const monster: ScenarioMonster = { kind, x, y, ...(asleep ? { asleep: true } : {}) };
    if (JSON.stringify(this.monsterAt(x, y)) === JSON.stringify(monster)) return false;
    return this.stroke((s) => {
      s.monsters = [...s.monsters.filter((m) => m.x !== x || m.y !== y), monster];
    });
  }

  /** Takes away the trap and the monster at (x, y). */
  clear(x: number, y: number): boolean {
    if (!this.trapAt(x, y) && !this.monsterAt(x, y)) return false;
    return this.stroke((s) => {
      s.traps = s.traps.filter((t) => t.x !== x || t.y !== y);
      s.monsters = s.monsters.filter((m) => m.x !== x || m.y !== y);
    });
  }

  /** Moves the trap and the monster at `from` to `to` (what is at `to` goes). */
  move(from: readonly [number, number], to: readonly [number, number]): boolean {
    const [fx, fy] = from;
    const [tx, ty] = to;
    if (!this.inside(tx, ty) || (fx === tx && fy === ty) || (!this.trapAt(fx, fy) && !this.monsterAt(fx, fy))) return false;
    return this.stroke((s) => {
      const trap = s.traps.find((t) => t.x === fx && t.y === fy);
      const monster = s.monsters.find((m) => m.x === fx && m.y === fy);
      if (trap) s.traps = [...s.traps.filter((t) => t !== trap && (t.x !== tx || t.y !== ty)), withHost({ ...trap, x: tx, y: ty }, s.map[ty]![tx]!)];
      if (monster) s.monsters = [...s.monsters.filter((m) => m !== monster && (m.x !== tx || m.y !== ty)), { ...monster, x: tx, y: ty }];
    });
  }

  /**
   * The level's trap file becomes `file` (a file for the draft's ruleset, checked by the caller),
   * as one stroke. Traps of a kind the new file lacks stay where they are: the check names them.
   */
  attachTrapFile(file: TrapFile): boolean {
    if (file.ruleset !== this.state.ruleset) return false;
    return this.stroke((s) => {
      s.trapFile = structuredClone(file);
    });
  }

  rename(name: string, description = this.state.description): boolean {
    if (name === this.state.name && description === this.state.description) return false;
    return this.stroke((s) => {
      s.name = name;
      s.description = description;
    });
  }

  get canUndo(): boolean {
    return this.history.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Starts a stroke of many edits (a drag over cells): one undo takes all of it back. */
  beginStroke(): void {
    this.endStroke();
    this.strokeStart = JSON.stringify(this.state);
  }

  /** Ends the stroke begun by `beginStroke`; a stroke that changed nothing leaves no history. */
  endStroke(): void {
    const start = this.strokeStart;
    this.strokeStart = null;
    if (start !== null && JSON.stringify(this.state) !== start) this.remember(start);
  }

  undo(): boolean {
    this.endStroke();
    return this.step(this.history, this.future);
  }

  redo(): boolean {
    this.endStroke();
    return this.step(this.future, this.history);
  }

  /** Goes to the newest state of `from`, keeping the state left on `to`. */
  private step(from: string[], to: string[]): boolean {
    const next = from.pop();
    if (next === undefined) return false;
    to.push(JSON.stringify(this.state));
    this.state = JSON.parse(next) as DraftState;
    return true;
  }

  /** The scenario file as the draft stands (not checked: `parseScenario` says what is wrong). */
  scenario(): Scenario {
    const s = this.state;
    const byCell = <T extends { x: number; y: number }>(a: T, b: T) => a.y - b.y || a.x - b.x;
    return {
      format: SCENARIO_FORMAT,
      version: SCENARIO_VERSION,
      name: s.name,
      ...(s.description ? { description: s.description } : {}),
      ruleset: s.ruleset,
      map: [...s.map],
      ...(s.traps.length > 0 ? { traps: [...s.traps].sort(byCell) } : {}),
      ...(s.monsters.length > 0 ? { monsters: [...s.monsters].sort(byCell) } : {}),
      ...(s.trapFile ? { trapFile: s.trapFile } : {}),
      ...structuredClone(s.kept),
    };
  }

  private inside(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** One undoable stroke: `edit` changes a copy of the state. */
  private stroke(edit: (s: DraftState) => void): boolean {
    const before = JSON.stringify(this.state);
    const next = JSON.parse(before) as DraftState;
    edit(next);
    if (JSON.stringify(next) === before) return false;
    if (this.strokeStart === null) this.remember(before);
    this.state = next;
    return true;
  }

  /** `before` becomes the newest undoable state; what was undone is forgotten. */
  private remember(before: string): void {
    this.history.push(before);
    if (this.history.length > MAX_HISTORY) this.history.shift();
    this.future.length = 0;
  }
}

/** The hero's hit points and traits where they differ from a new hero's of the ruleset, as a scenario's `player`. */
function characterOf(world: World, hero: Actor): Pick<Scenario, 'player'> {
  const fresh = makePlayer(getRuleset(world.ruleset), world.settings, hero.id);
  const traits = Object.fromEntries(Object.entries(hero.traits).filter(([k, v]) => fresh.traits[k] !== v));
  const player = { ...(hero.hp !== fresh.hp ? { hp: hero.hp } : {}), ...(Object.keys(traits).length > 0 ? { traits } : {}) };
  return Object.keys(player).length > 0 ? { player } : {};
}

/** The trap with the host of a cell drawn `ch`: a chest's, a closed, locked or secret door's, else the floor's. */
function withHost(t: ScenarioTrap, ch: string): ScenarioTrap {
  const host: ScenarioTrap['host'] = ch === 'C' ? 'chest' : ['+', 'L', 'S'].includes(ch) ? 'door' : undefined;
  const { host: _old, ...rest } = t;
  return host ? { ...rest, host } : rest;
}

function setChar(row: string, x: number, ch: string): string {
  return row.slice(0, x) + ch + row.slice(x + 1);
}

/**
 * The level a world stands on, as a draft: its terrain, chests, start (the player's cell), stairs,
 * traps (known where the player knows them, a designed trap with its design), monsters, depth
 * (its traps' danger or difficulty) and the character: where its hit points and traits differ
 * from a new one's. For "edit this level": what the editor opens on the level on screen. `base`, `trapFile`: for a game on a trap file's ruleset
 * (`ceaptun+net-trap`), the built-in ruleset and the file, as a scenario names them.
 */
export function draftOfWorld(world: World, name: string, base: { ruleset: string; trapFile?: TrapFile } = { ruleset: world.ruleset }): LevelDraft {
  const hero = world.actors.find((a) => a.id === world.playerId);
  const map = Array.from({ length: world.height }, (_, y) =>
    Array.from({ length: world.width }, (_, x) => CHAR_OF.get(world.terrain[y * world.width + x]!) ?? '#').join(''),
  );
  for (const c of world.chests) map[c.y] = setChar(map[c.y]!, c.x, 'C');
  if (hero) map[hero.y] = setChar(map[hero.y]!, hero.x, '@');
  const designed = getRuleset(world.ruleset).designedTraps;
  const traps: ScenarioTrap[] = world.traps
    .filter((t) => t.armed && t.owner === null)
    .map((t) => ({
      kind: t.kind,
      x: t.x,
      y: t.y,
      ...(t.host.kind !== 'floor' ? { host: t.host.kind } : {}),
      ...(hero && t.knownBy.includes(hero.id) ? { known: true } : {}),
      ...(designed?.kinds.includes(t.kind) ? { design: designed.designOf(t.data) } : {}),
    }));
  const monsters: ScenarioMonster[] = world.actors
    .filter((a) => a.id !== world.playerId && a.hp > 0)
    .map((a) => ({ kind: a.kind, x: a.x, y: a.y, ...(a.status.asleep ? { asleep: true } : {}) }));
  const character = hero ? characterOf(world, hero) : {};
  return LevelDraft.fromScenario({
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    name,
    ruleset: base.ruleset,
    ...(world.depth !== 1 ? { depth: world.depth } : {}),
    map,
    traps,
    monsters,
    ...(base.trapFile ? { trapFile: base.trapFile } : {}),
    ...character,
  });
}
