/**
 * The effect vocabulary played: a trap kind's effect tree (definition.ts) run in a RuleContext,
 * every change through the context (so through the level's one writer), every draw from the
 * `traps` stream, in the order the tree gives. The shapes live here once — an arrow's flight
 * from the nearest wall, a blast's cells, a line's, a fall, a teleport — and the ruleset's rules
 * come from its dialect (dialect.ts).
 *
 * Who is told: a `say` when the hero set the trap off or the player sees the trap; a line about
 * one victim (`each`, a fall, a status, a teleport) to the hero in the effect's tone, or to an
 * onlooker who sees the victim as information (or in the effect's `seenTone`), as messages.ts
 * `show` tells it; a line that comes out empty is not said. A template's numbers (`{damage}`,
 * `{$name}`: definition.ts `Template`) are filled in first.
 *
 * A `$name` (a setting) in dice, counts and templates is read through the dialect's `setting`;
 * a `#name` (a number of the kind) in dice and counts through its `kindNumber` (`refsOf`).
 */
import { blastCells } from '../effects/blast.ts';
import { freeCells, plainFloor } from '../effects/freeCells.ts';
import { summon } from '../effects/summon.ts';
import { monsterKind } from '../monsters.ts';
import { countOf as countOfNoun, withArticle } from '../words.ts';
import { actorAt } from '../level.ts';
import { own } from '../lookup.ts';
import { type Noun, conjugate, nounOf, show, thing } from '../messages.ts';
import { chance, constant, type Prob, sample } from '../prob.ts';
import type { RuleContext } from '../ruleset.ts';
import { type Actor, type Item, chebyshev, chestAt, DIRECTIONS, inBounds, isTransparent, Terrain, terrainAt, type Trap, type Traits, type World } from '../world.ts';
import { CORE_STATUS_KEY } from '../statuses.ts';
import { ticksAtSpeed, TICKS_PER_TURN } from '../scheduler.ts';
import type { Condition, Count, DamageSpec, Effect, Say, StatusName, TerrainName, ToneName, TrapKind } from './definition.ts';
import { conditionHolds, traitIs } from './conditions.ts';
import type { TrapDialect } from './dialect.ts';
import { type Dice, diceProgram, parseDice } from './dice.ts';
import { freeFloorCells } from './cells.ts';

type Cell = [number, number];

/** One trap going off: what every effect of its tree is played against. */
export interface TrapPlay {
  readonly ctx: RuleContext;
  readonly trap: Trap;
  readonly kind: TrapKind;
  readonly dialect: TrapDialect;
  /** Whoever set it off, or stands on a floor trap; null when no one does. */
  readonly victim: Actor | null;
}

export const TERRAIN_OF: Readonly<Record<TerrainName, Terrain>> = {
  floor: Terrain.Floor,
  wall: Terrain.Wall,
  water: Terrain.Water,
  ice: Terrain.Ice,
  soft_wall: Terrain.SoftWall,
};

/** How a `$name` is read: a whole-number setting's value. */
export type SettingLookup = (name: string) => number;

/**
 * How the names in a kind's dice and counts are read: `$name` a whole-number setting, `#name` a
 * number of the kind (its dice). Play reads the world's settings, a reading the check's.
 */
export interface Refs {
  readonly setting: SettingLookup;
  readonly number: (name: string) => Dice;
}

/** The whole-number setting `name` as `settings` has it, through the dialect (dialect.ts `setting`). */
export function settingOf(dialect: TrapDialect, settings: Traits, name: string): number {
  if (dialect.setting) return dialect.setting(settings, name);
  const v = settings[name];
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new Error(`no whole-number setting "${name}" for a trap's "$${name}"`);
  return v;
}

/**
 * The number `name` of `kind` as dice, for a `#name` (definition.ts `DiceText`): the dialect's
 * (a number its rules make of the kind's: d20's `save-dc`), else the kind's own `numbers`; or why
 * there is none (a dice text or a whole number).
 */
export function kindNumberOf(dialect: Pick<TrapDialect, 'kindNumber'>, kind: TrapKind, name: string): Dice | string {
  const v = dialect.kindNumber ? dialect.kindNumber(kind, name) : own(kind.numbers, name);
  if (v === undefined || v === null) return `the kind has no number "${name}"`;
  if (typeof v === 'number') return Number.isInteger(v) ? { n: 0, sides: 1, bonus: v } : `its number "${name}" is ${v}, not a whole number`;
  if (typeof v !== 'string') return `its number "${name}" is ${String(v)}, not dice or a whole number`;
  return parseDice(v) ?? `its number "${name}" is ${JSON.stringify(v)}, not dice like "2d6" or a whole number`;
}

/** The refs of a kind under a dialect and settings: what `$name` and `#name` read. */
export function refsOf(dialect: TrapDialect, kind: TrapKind, settings: Traits): Refs {
  return {
    setting: (name) => settingOf(dialect, settings, name),
    number: (name) => {
      const d = kindNumberOf(dialect, kind, name);
      // The kinds check (read.ts `dialectProblems`) refuses a `#name` that reads no dice, so play never meets one.
      if (typeof d === 'string') throw new Error(`"#${name}" of the ${kind.name}: ${d}`);
      return d;
    },
  };
}

/** The dice of a damage spec at a tier (a tier table past its end uses its last row); a `$name` is its setting's number, a `#name` the kind's number. */
export function diceAt(spec: DamageSpec, tier: number, refs?: Refs): Dice {
  const text = typeof spec === 'string' ? spec : spec[Math.min(tier, spec.length - 1)]!;
  if (text.startsWith('$') || text.startsWith('#')) {
    if (!refs) throw new Error(`dice "${text}" name a number, and nothing was given to read it`);
    return text.startsWith('$') ? { n: 0, sides: 1, bonus: refs.setting(text.slice(1)) } : refs.number(text.slice(1));
  }
  const d = parseDice(text);
  // The schema checked every dice text; this is a definition built around it.
  if (!d) throw new Error(`bad dice "${text}"`);
  return d;
}

/** A count: the number, or its setting's, or the kind's number (a whole number: dice there are refused). */
export function countOf(count: Count, refs: Refs): number {
  if (typeof count === 'number') return count;
  const d = diceAt(count, 0, refs);
  if (d.n !== 0) throw new Error(`"${count}" is dice (${d.n}d${d.sides}), where a whole number is needed`);
  return d.bonus;
}

/** The numbers a template may name besides settings (definition.ts `Template`). */
const NUMBER_NAMES: ReadonlySet<string> = new Set(['damage', 'turns', 'count', 'hits']);

/**
 * A template's numbers filled in (definition.ts `Template`): `{damage}`, `{turns}`, `{$name}` and
 * their counted forms `{name:a|b|c}`; every other brace (nouns, `{trap}`) is left for the words.
 * `value` gives a name's number, or undefined where the effect has none (an Error naming the
 * template: a template is the definition's text, checked where it is played).
 */
export function fillNumbers(template: string, value: (name: string) => number | undefined): string {
  let out = '';
  let from = 0;
  for (let i = template.indexOf('{'); i >= 0; i = template.indexOf('{', i + 1)) {
    const end = template.indexOf('}', i + 1);
    // An unmatched brace is the words' to name (messages.ts).
    if (end < 0) break;
    const body = template.slice(i + 1, end);
    const colon = body.indexOf(':');
    const name = colon < 0 ? body : body.slice(0, colon);
    if (!name.startsWith('$') && !NUMBER_NAMES.has(name)) continue;
    const n = value(name);
    if (n === undefined) throw new Error(`message template ${JSON.stringify(template)}: no number {${name}} in this line`);
    let text = String(n);
    if (colon >= 0) {
      const forms = body.slice(colon + 1).split('|');
      if (forms.length > 3) throw new Error(`message template ${JSON.stringify(template)}: {${name}:…} takes at most 3 forms (0, 1, more)`);
      const form = forms.length === 1 ? forms[0]! : n === 0 ? forms[0]! : forms.length === 2 || n !== 1 ? forms[forms.length - 1]! : forms[1]!;
      text = form.replaceAll('#', text);
    }
    out += template.slice(from, i) + text;
    from = end + 1;
    i = end;
  }
  return from === 0 ? template : out + template.slice(from);
}

/** A template's `{trap}` filled in, then conjugated for its nouns. */
export function words(template: string, kind: TrapKind, ...nouns: Noun[]): string {
  return conjugate(template.includes('{trap}') ? template.replaceAll('{trap}', kind.name) : template, ...(nouns.length > 0 ? nouns : [thing('it')]));
}

function hostWords(say: Say, trap: Trap): string | undefined {
  if (typeof say === 'string') return say;
  return say[trap.host.kind] ?? say.floor;
}

function isHero(ctx: RuleContext, actor: Actor | null): boolean {
  return actor !== null && actor.id === ctx.world.playerId;
}

/** The `$name` and `#name` lookups of this play: the world's settings and the kind's numbers, through the dialect. */
function refsIn(p: TrapPlay): Refs {
  return refsOf(p.dialect, p.kind, p.ctx.settings);
}

/** A template's numbers: `extra` (`damage`, `turns`) and the settings. */
function numbers(p: TrapPlay, template: string, extra?: Readonly<Record<string, number>>): string {
  if (!template.includes('{')) return template;
  const refs = refsIn(p);
  return fillNumbers(template, (name) => (name.startsWith('$') ? refs.setting(name.slice(1)) : extra?.[name]));
}

/** A trap-wide line: told when the hero set it off or the player sees the trap. */
function sayAtTrap(p: TrapPlay, say: Say | undefined, tone: ToneName = 'trap'): void {
  const template = say === undefined ? undefined : hostWords(say, p.trap);
  if (!template) return;
  if (isHero(p.ctx, p.victim) || p.ctx.playerSees(p.trap.x, p.trap.y)) {
    p.ctx.say(words(numbers(p, template), p.kind, ...(p.victim ? [nounOf(p.ctx.world, p.victim)] : [])), tone);
  }
}

/** A line about one victim, its numbers and `{trap}` filled in: told as messages.ts `show` tells it (to the hero in `tone`, to an onlooker who sees them in `seenTone`; an empty one is not said). */
function tellVictim(p: TrapPlay, victim: Actor, template: string | undefined, tone: ToneName, seenTone: ToneName = 'info', extra?: Readonly<Record<string, number>>): void {
  if (!template) return;
  const filled = numbers(p, template, extra);
  show(p.ctx, victim, filled.includes('{trap}') ? filled.replaceAll('{trap}', p.kind.name) : filled, tone, { seenTone });
}

function roll(p: TrapPlay, spec: DamageSpec, hard = false, critical?: number): number {
  return sample(p.dialect.damageRoll(diceAt(spec, p.dialect.tier(p.ctx.world, p.trap, p.kind), refsIn(p)), hard, critical), p.ctx.rng('traps'));
}

/** A condition (definition.ts `Condition`) for this trap going off: about its victim and the game's settings. */
function holds(p: TrapPlay, condition: Condition): boolean {
  const v = p.victim;
  return conditionHolds(condition, (c) => {
    if (c === 'hero') return v !== null && isHero(p.ctx, v);
    if (c === 'monster') return v !== null && !isHero(p.ctx, v);
    if ('size' in c) return v !== null && c.size.includes(p.dialect.size?.(v) ?? 'medium');
    if ('trait' in c) return v !== null && traitIs(v.traits[c.trait], c.is);
    return p.ctx.settings[c.setting] === true;
  });
}

/** Plays an effect tree. */
export function playEffect(p: TrapPlay, e: Effect): void {
  switch (e.do) {
    case 'all':
      for (const child of e.effects) playEffect(p, child);
      return;
    case 'if':
      if (holds(p, e.if)) playEffect(p, e.effect);
      else if (e.otherwise) playEffect(p, e.otherwise);
      return;
    case 'tell':
      if (p.victim) tellVictim(p, p.victim, e.say, e.tone ?? 'bad', e.seenTone);
      return;
    case 'check': {
      if (!p.victim?.alive) return;
      const against = p.dialect.stat?.(p.ctx.world, p.victim, e.beats);
      // A ruleset's kinds check refuses a name it does not read, so play never meets one.
      if (against === undefined) throw new Error(`no number "${e.beats}" to check against in this ruleset`);
      if (sample(diceProgram(diceAt(e.roll, 0, refsIn(p))), p.ctx.rng('traps')) > against) playEffect(p, e.effect);
      else if (e.otherwise) playEffect(p, e.otherwise);
      return;
    }
    case 'push':
      push(p, e.radius);
      return;
    case 'chance': {
      const pct = Math.min(100, Math.max(0, Math.round(e.percent)));
      if (sample(chance(pct, 100), p.ctx.rng('traps'))) playEffect(p, e.effect);
      else if (e.otherwise) playEffect(p, e.otherwise);
      return;
    }
    case 'say':
      sayAtTrap(p, e.say, e.tone);
      return;
    case 'attack':
      if (p.victim?.alive) attack(p, p.victim, p.trap.host.kind !== 'floor' && e.doorNoun ? e.doorNoun : e.noun, e.damage, e.type, e.critical);
      return;
    case 'damage': {
      if (!p.victim?.alive) return;
      // The part first, then the damage (as the sources draw them), both before its line, which
      // may say the damage (telling draws nothing).
      const part = e.part === undefined ? undefined : partOf(p, e.part);
      const raw = roll(p, e.damage);
      const say = part !== undefined && e.say ? e.say.replaceAll('{part}', p.dialect.parts!.nameOf(part)) : e.say;
      tellVictim(p, p.victim, say, e.tone ?? 'bad', e.seenTone, { damage: raw });
      p.dialect.deal(p.ctx, p.trap, p.kind, p.victim, raw, { hard: false, edge: false, ...(e.type ? { type: e.type } : {}), ...(part !== undefined ? { part } : {}) });
      return;
    }
    case 'projectile':
      projectile(p, e);
      return;
    case 'blast':
      blast(p, e);
      return;
    case 'volley':
      volley(p, e);
      return;
    case 'area':
      area(p, e);
      return;
    case 'line':
      line(p, e);
      return;
    case 'fall':
      fall(p, e);
      return;
    case 'teleport':
      teleport(p, e);
      return;
    case 'summon':
      summonHere(p, e);
      return;
    case 'transform':
      transform(p, e);
      return;
    case 'item':
      p.ctx.placeItem({ kind: e.kind, name: e.name, count: e.count, x: p.trap.x, y: p.trap.y });
      return;
    case 'destroy':
      destroy(p, e);
      return;
    case 'status':
      status(p, e);
      return;
    case 'noise':
      if (p.dialect.noise) p.dialect.noise(p.ctx, p.trap, e.volume, e.source);
      else p.ctx.noise(p.trap.x, p.trap.y, e.volume, e.source);
      return;
    case 'delay':
      // Time lost at the victim's own speed: a turn is TICKS_PER_TURN ticks at speed 100.
      if (p.victim?.alive) p.ctx.delay(p.victim, Math.max(0, ticksAtSpeed(e.turns * TICKS_PER_TURN, p.victim.speed)));
      return;
    case 'spent':
      spent(p, e.say);
      return;
    case 'custom':
      customEffect(p.dialect, e.name).play(p.ctx, p.trap, p.kind, p.victim);
      return;
  }
}

/** The dialect's named effect, or an Error naming it (a ruleset refuses a kind naming one it lacks, so play never meets one). */
export function customEffect(dialect: TrapDialect, name: string): NonNullable<TrapDialect['custom']>[string] {
  const effect = dialect.custom ? own(dialect.custom, name) : undefined;
  if (!effect) throw new Error(`no custom effect "${name}" in this ruleset${dialect.custom ? ` (it has ${Object.keys(dialect.custom).join(', ') || 'none'})` : ''}`);
  return effect;
}

// ---------------------------------------------------------------- attacks and projectiles

function attack(p: TrapPlay, victim: Actor, noun: string, damage: DamageSpec | undefined, type: string | undefined, critical?: number, quiet = false): 'miss' | 'hit' | 'hard' {
  const result = p.dialect.attack(p.ctx, p.trap, p.kind, victim, noun, quiet);
  const hard = result === 'hard';
  if (result !== 'miss' && damage) p.dialect.deal(p.ctx, p.trap, p.kind, victim, roll(p, damage, hard, critical), { hard, edge: false, ...(type ? { type } : {}), ...(critical ? { critical } : {}) });
  return result;
}

function flies(world: World, x: number, y: number): boolean {
  return inBounds(world, x, y) && isTransparent(terrainAt(world, x, y)) && !chestAt(world, x, y);
}

/** The nearest wall along the 8 straight lines from a cell, within `range`: a shot's hidden slit. */
export function nearestSlit(world: World, x: number, y: number, range: number): { dx: number; dy: number; dist: number } | null {
  let best: { dx: number; dy: number; dist: number } | null = null;
  for (const [dx, dy] of DIRECTIONS) {
    for (let k = 1; k <= range; k++) {
      if (flies(world, x + dx * k, y + dy * k)) continue;
      if (!best || k < best.dist) best = { dx, dy, dist: k };
      break;
    }
  }
  return best;
}

function sign(v: number): number {
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** The cells a shot flies over, and where it starts: see the `projectile` effect. */
export function flightPath(world: World, trap: Trap, victim: Actor | null, slitRange: number, flight: number): { origin: Cell; path: Cell[] } {
  const onTrap = !victim || (victim.x === trap.x && victim.y === trap.y);
  const path: Cell[] = [];
  let origin: Cell = [trap.x, trap.y];
  if (onTrap) {
    const slit = nearestSlit(world, trap.x, trap.y, slitRange);
    if (slit) {
      origin = [trap.x + slit.dx * slit.dist, trap.y + slit.dy * slit.dist];
      for (let k = slit.dist - 1; k > slit.dist - 1 - flight; k--) {
        const c: Cell = [trap.x + slit.dx * k, trap.y + slit.dy * k];
        if (!flies(world, c[0], c[1])) break;
        path.push(c);
      }
    } else path.push([trap.x, trap.y]);
  } else {
    const dx = sign(victim.x - trap.x);
    const dy = sign(victim.y - trap.y);
    for (let k = 1; k <= flight; k++) {
      const c: Cell = [trap.x + dx * k, trap.y + dy * k];
      if (!flies(world, c[0], c[1])) break;
      path.push(c);
    }
  }
  return { origin, path };
}

function projectile(p: TrapPlay, e: Extract<Effect, { do: 'projectile' }>): void {
  const world = p.ctx.world;
  const { origin, path } = flightPath(world, p.trap, p.victim, e.slitRange, e.flight);
  sayAtTrap(p, e.say);
  let landing: Cell = path.length > 0 ? path[path.length - 1]! : [p.trap.x, p.trap.y];
  const flown: Cell[] = [origin];
  for (const c of path) {
    flown.push(c);
    const target = actorAt(world, c[0], c[1]);
    if (!target) continue;
    if (attack(p, target, e.attack.noun, e.attack.damage, e.attack.type) !== 'miss') {
      landing = c;
      break;
    }
  }
  p.ctx.emit({ type: 'effect', effect: 'projectile', cells: flown, colour: e.colour, source: e.item?.kind ?? p.kind.id });
  if (e.item) p.ctx.placeItem({ kind: e.item.kind, name: e.item.name, count: 1, x: landing[0], y: landing[1] });
}

// ---------------------------------------------------------------- blasts and lines

function livingOn(world: World, cells: readonly Cell[]): Actor[] {
  const on = new Set(cells.map(([x, y]) => y * world.width + x));
  return world.actors.filter((a) => a.alive && on.has(a.y * world.width + a.x)).sort((a, b) => a.id - b.id);
}

function blast(p: TrapPlay, e: Extract<Effect, { do: 'blast' }>): void {
  const { ctx, trap } = p;
  const world = ctx.world;
  const radius = countOf(e.radius, refsIn(p));
  const cells = blastCells(world, trap.x, trap.y, radius);
  ctx.emit({ type: 'effect', effect: 'blast', cells, colour: e.colour, source: p.kind.id });
  if (ctx.playerSees(trap.x, trap.y)) {
    if (e.say) ctx.say(words(numbers(p, e.say), p.kind), 'trap');
  } else if (e.glimpse && cells.some(([x, y]) => ctx.playerSees(x, y))) ctx.say(words(numbers(p, e.glimpse), p.kind), 'trap');
  if (e.noise) ctx.noise(trap.x, trap.y, e.noise.volume, e.noise.source);
  const raw = e.damage ? roll(p, e.damage) : 0;
  for (const v of livingOn(world, cells)) {
    const edge = e.edge === 'half' && chebyshev(v.x, v.y, trap.x, trap.y) >= radius;
    tellVictim(p, v, e.each, 'bad', 'info', { damage: raw });
    if (e.damage) p.dialect.deal(ctx, trap, p.kind, v, raw, { hard: false, edge, ...(e.type ? { type: e.type } : {}) });
  }
  if (!e.terrain) return;
  for (const [x, y] of cells) {
    const here = terrainAt(world, x, y);
    const rule = e.terrain.find((r) => TERRAIN_OF[r.from] === here);
    if (!rule) continue;
    ctx.emit({ type: 'terrainChanged', x, y, terrain: TERRAIN_OF[rule.to] });
    if (rule.say && ctx.playerSees(x, y)) ctx.say(words(numbers(p, rule.say), p.kind), 'info');
    const standing = rule.lostActions || rule.fall ? actorAt(world, x, y) : undefined;
    if (!standing) continue;
    if (rule.lostActions) giveStatus(p, standing, 'lostActions', rule.lostActions);
    tellVictim(p, standing, rule.fall, 'bad');
  }
}

/**
 * Who an `area` of `radius` reaches (definition.ts): the living within the square around the trap,
 * the hero first, then by id; the one who set it off, when alive and outside, before them all.
 * Radius 0: the one who set it off alone, or whoever stands on the trap.
 */
export function areaTargets(world: World, trap: Trap, victim: Actor | null, radius: number): Actor[] {
  if (radius <= 0) {
    if (victim?.alive) return [victim];
    const here = actorAt(world, trap.x, trap.y);
    return here ? [here] : [];
  }
  const within = world.actors
    .filter((a) => a.alive && chebyshev(a.x, a.y, trap.x, trap.y) <= radius)
    .sort((a, b) => (a.id === world.playerId ? -1 : b.id === world.playerId ? 1 : a.id - b.id));
  if (victim?.alive && !within.some((a) => a.id === victim.id)) within.unshift(victim);
  return within;
}

/** What one in an area takes of the `rolled` damage, having made its save (`saved`) or not. */
export function areaAmount(e: Extract<Effect, { do: 'area' }>, rolled: number, saved: boolean): number {
  return !saved ? rolled : e.save?.success === 'half' ? Math.floor(rolled / 2) : 0;
}

/**
 * A volley (definition.ts): at each one an area of its radius reaches, its count rolled, then
 * shot after shot while the target lives; one shot told as an attack, more in the volley's line.
 */
function volley(p: TrapPlay, e: Extract<Effect, { do: 'volley' }>): void {
  const { ctx, trap } = p;
  const refs = refsIn(p);
  const targets = areaTargets(ctx.world, trap, p.victim, e.radius === undefined ? 0 : countOf(e.radius, refs));
  for (const target of targets) {
    const count = sample(diceProgram(diceAt(e.count, 0, refs)), ctx.rng('traps'));
    let hits = 0;
    for (let i = 0; i < count && target.alive; i++) if (attack(p, target, e.attack.noun, e.attack.damage, e.attack.type, e.attack.critical, count !== 1) !== 'miss') hits++;
    if (count > 1) tellVictim(p, target, e.say, hits > 0 ? 'bad' : 'info', 'info', { count, hits });
  }
}

function area(p: TrapPlay, e: Extract<Effect, { do: 'area' }>): void {
  const { ctx, trap } = p;
  const refs = refsIn(p);
  // One roll for everyone, before anyone saves (as the SRD's spell traps roll it).
  const rolled = e.damage ? roll(p, e.damage) : 0;
  for (const target of areaTargets(ctx.world, trap, p.victim, countOf(e.radius, refs))) {
    const save = e.save;
    const saved = save !== undefined && savesRoll(p.dialect).roll(ctx, target, save.save, countOf(save.dc, refs));
    const amount = areaAmount(e, rolled, saved);
    if (saved) tellVictim(p, target, save.say, 'info', 'info', { damage: amount });
    else if (amount > 0) tellVictim(p, target, e.each, 'bad', 'info', { damage: amount });
    if (amount > 0) p.dialect.deal(ctx, trap, p.kind, target, amount, { hard: false, edge: false, ...(e.type ? { type: e.type } : {}) });
  }
}

/** The dialect's saving throws (a kind asking for one in a ruleset without is refused by `dialectProblems`, so play never meets it). */
export function savesRoll(dialect: TrapDialect): NonNullable<TrapDialect['saves']> {
  if (!dialect.saves) throw new Error('this ruleset has no saving throws');
  return dialect.saves;
}

/** The cells of a line: from the trap through the one beside it, or along the trap's direction, or the longest clear line. */
export function lineCells(world: World, trap: Trap, victim: Actor | null, range: number): Cell[] {
  const along = (dx: number, dy: number): Cell[] => {
    const out: Cell[] = [];
    for (let k = 1; k <= range; k++) {
      const x = trap.x + dx * k;
      const y = trap.y + dy * k;
      if (!inBounds(world, x, y) || !isTransparent(terrainAt(world, x, y))) break;
      out.push([x, y]);
    }
    return out;
  };
  let cells: Cell[];
  if (victim && (victim.x !== trap.x || victim.y !== trap.y)) cells = along(sign(victim.x - trap.x), sign(victim.y - trap.y));
  else if (typeof trap.data.dir === 'number' && DIRECTIONS[trap.data.dir]) {
    // A trap may carry its own direction (a place that says which way its line runs).
    const [dx, dy] = DIRECTIONS[trap.data.dir]!;
    cells = along(dx, dy);
  } else {
    cells = [];
    for (const [dx, dy] of DIRECTIONS) {
      const l = along(dx, dy);
      if (l.length > cells.length) cells = l;
    }
  }
  return [[trap.x, trap.y], ...cells];
}

function line(p: TrapPlay, e: Extract<Effect, { do: 'line' }>): void {
  const { ctx, trap } = p;
  const cells = lineCells(ctx.world, trap, p.victim, e.range);
  ctx.emit({ type: 'effect', effect: 'line', cells, colour: e.colour, source: p.kind.id });
  if (e.say && cells.some(([x, y]) => ctx.playerSees(x, y))) ctx.say(words(numbers(p, e.say), p.kind), 'trap');
  const raw = e.damage ? roll(p, e.damage) : 0;
  for (const v of livingOn(ctx.world, cells)) {
    tellVictim(p, v, e.each, 'bad', 'info', { damage: raw });
    if (e.damage) p.dialect.deal(ctx, trap, p.kind, v, raw, { hard: false, edge: false, ...(e.type ? { type: e.type } : {}) });
  }
}

// ---------------------------------------------------------------- falls, teleports, statuses

function fall(p: TrapPlay, e: Extract<Effect, { do: 'fall' }>): void {
  const victim = p.victim;
  if (!victim?.alive) return;
  // Rolled before its line, which may say it (telling draws nothing).
  const raw = e.damage ? roll(p, e.damage) : 0;
  tellVictim(p, victim, e.say, 'bad', 'info', { damage: raw });
  if (e.damage) p.dialect.deal(p.ctx, p.trap, p.kind, victim, raw, { hard: false, edge: false, ...(e.type ? { type: e.type } : {}) });
  if (!victim.alive) return;
  if (e.down) p.ctx.fallToNextLevel(victim, `fell through ${withArticle(p.kind.name)}`);
  else if (p.dialect.climbOut) p.dialect.climbOut(p.ctx, p.trap, victim, e.lostActions);
  else if (e.lostActions > 0) giveStatus(p, victim, 'lostActions', e.lostActions);
}

function teleport(p: TrapPlay, e: Extract<Effect, { do: 'teleport' }>): void {
  const victim = p.victim;
  if (!victim?.alive) return;
  if (e.mishap && sample(chance(Math.min(100, Math.max(0, Math.round(e.mishap.percent))), 100), p.ctx.rng('traps'))) {
    // Rolled before its line, which may say it.
    const raw = roll(p, e.mishap.damage);
    tellVictim(p, victim, e.mishap.say, 'danger', 'info', { damage: raw });
    p.dialect.deal(p.ctx, p.trap, p.kind, victim, raw, { hard: false, edge: false, ...(e.mishap.type ? { type: e.mishap.type } : {}) });
    return;
  }
  const targets = freeFloorCells(p.ctx.world, victim);
  if (targets.length === 0) return;
  const [x, y] = targets[p.ctx.rng('traps').int(0, targets.length - 1)]!;
  tellVictim(p, victim, e.say, 'trap');
  p.ctx.moveActor(victim, x, y, 'teleport', false);
}

/** Monsters of a core kind around the trap (core/effects/summon.ts), each on a drawn free floor cell. */
function summonHere(p: TrapPlay, e: Extract<Effect, { do: 'summon' }>): void {
  const kind = monsterKind(e.monster);
  // The schema takes only the core's kinds.
  if (!kind) throw new Error(`no monster kind "${e.monster}"`);
  const { ctx, trap } = p;
  if (e.say && ctx.playerSees(trap.x, trap.y)) ctx.say(words(numbers(p, e.say), p.kind), 'danger');
  summon(ctx, {
    kind,
    count: countOf(e.count, refsIn(p)),
    where: { near: { x: trap.x, y: trap.y, radius: e.radius }, order: 'spiral', terrain: plainFloor, noActor: true, noChest: true, noTrap: true },
    pick: (n) => ctx.rng('traps').int(0, n - 1),
    // A turn to take in what appeared, then it hunts the trap's cell for a while (or wanders).
    actsIn: 100,
    hunts: e.hunts === true ? { x: trap.x, y: trap.y, patience: SUMMONED_PATIENCE } : null,
  });
}

/** The victim pushed to a drawn free cell within `radius` of the trap (definition.ts `push`). */
function push(p: TrapPlay, radius: number): void {
  const victim = p.victim;
  if (!victim?.alive) return;
  const cells = freeCells(p.ctx.world, { noActor: true, near: { x: p.trap.x, y: p.trap.y, radius }, order: 'spiral' });
  if (cells.length === 0) return;
  const [x, y] = cells[p.ctx.rng('traps').int(0, cells.length - 1)]!;
  p.ctx.moveActor(victim, x, y, 'push', false);
}

/** The part a `damage` lands on, drawn (the traps stream) where the dialect draws one. */
function partOf(p: TrapPlay, name: string): string | undefined {
  const program = p.dialect.parts?.draw(name);
  // A ruleset's kinds check refuses a part it does not have, so play never meets one.
  if (program === undefined) return undefined;
  if (program === null) throw new Error(`no body part "${name}" in this ruleset`);
  return sample(program, p.ctx.rng('traps'));
}

/** The trap used up and gone, `say` when the player sees it; false when it was gone already (a blast that took its chest). */
function spent(p: TrapPlay, say: string | undefined): boolean {
  const { ctx, trap } = p;
  if (!ctx.world.traps.some((t) => t.id === trap.id)) return false;
  if (say && ctx.playerSees(trap.x, trap.y)) ctx.say(words(numbers(p, say), p.kind), 'trap');
  ctx.removeTrap(trap, 'spent');
  return true;
}

/** The trap becomes terrain, another kind, or both (definition.ts `transform`). */
function transform(p: TrapPlay, e: Extract<Effect, { do: 'transform' }>): void {
  const { ctx, trap } = p;
  // Gone already (a blast that took its chest, another transform): nothing left to change.
  if (!spent(p, e.say)) return;
  if (e.terrain) ctx.emit({ type: 'terrainChanged', x: trap.x, y: trap.y, terrain: TERRAIN_OF[e.terrain] });
  if (e.trap) {
    const next = ctx.ruleset.traps.find((t) => t.id === e.trap);
    // applyTrapFile refuses a kind the table lacks (files.ts), so play never meets one.
    if (!next) throw new Error(`transform: no trap kind "${e.trap}" in ${ctx.ruleset.id}`);
    ctx.placeTrap(
      { kind: next.id, x: trap.x, y: trap.y, host: trap.host, charges: next.kind?.charges ?? -1, known: trap.knownBy.includes(ctx.world.playerId) },
      trap.owner,
    );
  }
}

/** Turns a summoned hunter keeps at it without getting closer. */
const SUMMONED_PATIENCE = 10;

/** The core's way with a status (core/statuses.ts): as the engine reads `actor.status`. */
export function addStatus(ctx: RuleContext, actor: Actor, name: StatusName, turns: number): void {
  // Lost actions add up; a hold, a sleep, a poison or a slowness lasts the longer of the two.
  const key = CORE_STATUS_KEY[name];
  const now = actor.status[key] ?? 0;
  const next = name === 'lostActions' ? now + turns : Math.max(now, turns);
  if (next !== now) ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { [key]: next } } });
}

/** A status given: the ruleset's way where its dialect plays it, else the core's. */
function giveStatus(p: TrapPlay, actor: Actor, name: StatusName, n: number, as?: string): void {
  if (p.dialect.status?.(p.ctx, p.trap, p.kind, actor, name, n, as)) return;
  addStatus(p.ctx, actor, name, n);
}

/**
 * `count` of the victim's things destroyed, each unit drawn (the traps stream) from all it
 * carries that fits (`kind`, or any), a stack as many chances as it holds.
 */
function destroy(p: TrapPlay, e: Extract<Effect, { do: 'destroy' }>): void {
  const victim = p.victim;
  if (!victim?.alive) return;
  const fits = (i: Item): boolean => i.count > 0 && (e.kind === undefined || i.kind === e.kind);
  if (!victim.inventory.some(fits)) return;
  tellVictim(p, victim, e.say, 'bad');
  const pack = victim.inventory.map((i) => ({ ...i }));
  const lost = new Map<string, number>();
  for (let n = 0; n < e.count; n++) {
    const total = pack.reduce((sum, i) => sum + (fits(i) ? i.count : 0), 0);
    if (total === 0) break;
    let r = p.ctx.rng('traps').int(0, total - 1);
    const hit = pack.find((i) => fits(i) && (r -= i.count) < 0)!;
    hit.count--;
    lost.set(hit.name, (lost.get(hit.name) ?? 0) + 1);
  }
  p.ctx.emit({ type: 'actorUpdated', actor: victim.id, changes: { inventory: pack.filter((i) => i.count > 0) } });
  if (victim.id === p.ctx.world.playerId) for (const [name, n] of lost) p.ctx.say(`${n > 1 ? countOfNoun(n, name) : `Your ${name}`} ${n > 1 ? 'are' : 'is'} destroyed.`, 'bad');
}

/** The turns a `forever` status lasts: longer than any game (the turn limit is at most 100,000). */
export const FOREVER_TURNS = 1_000_000;

/** The turns a `status` gives, as a program (a `forever` draws nothing). */
export function statusTurns(turns: Extract<Effect, { do: 'status' }>['turns'], refs: Refs): Prob<number> {
  return turns === 'forever' ? constant(FOREVER_TURNS) : diceProgram(diceAt(turns, 0, refs));
}

function status(p: TrapPlay, e: Extract<Effect, { do: 'status' }>): void {
  const victim = p.victim;
  if (!victim?.alive) return;
  const n = sample(statusTurns(e.turns, refsIn(p)), p.ctx.rng('traps'));
  tellVictim(p, victim, e.say, e.tone ?? 'bad', e.seenTone, { turns: n });
  if (n > 0) giveStatus(p, victim, e.status, n, e.as);
}
