/**
 * Look mode's words: what the player knows is at a cell, as one sentence.
 *
 *   "A fireball trap, on stone floor."
 *   "A kobold (hostile, unhurt), on a pit, on stone floor."
 *   "A bear trap (visibility 2, avoidance 7, difficulty 3), on stone floor. Its jaws snap shut ..."
 *
 * The first thing is the subject; what it stands on follows after ", on", each on the next (a
 * comma before every ", on": a name may end in a parenthesis); a ruleset's further words on the
 * trap come last, as sentences of their own. A trap that has gone off and stays there unarmed
 * says so ("(sprung)"), as the odds tooltip does, unless the ruleset's own words say it. Only
 * what the player knows is named: a hidden trap is not mentioned, a remembered cell names what was
 * remembered (terrain, chests, known traps), and a never-seen cell says so, unless the player
 * knows of a trap there: then it names the trap and why they know it (`unseenTrapReason`).
 */
import { trapNameIn } from '../core/registry.ts';
import { stepLeavesOut, stepOdds, stepOddsSentence, stepStatuses } from '../core/stepOdds.ts';
import { capitalise, countOf, withArticle } from '../core/words.ts';
import type { Ruleset } from '../core/ruleset.ts';
import { type Actor, chestAt, idx, inBounds, playerKnowsTrap, TERRAIN_NAMES, Terrain, type Trap, type World } from '../core/world.ts';

/** Terrain names that read without an article ("on stone floor", "on water"). */
const MASS_TERRAIN = new Set<number>([Terrain.Floor, Terrain.Water, Terrain.Ice]);


function lowerFirst(text: string): string {
  return text.length > 0 ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** How hurt an actor looks. */
export function healthWord(a: Pick<Actor, 'hp' | 'maxHp'>): string {
  if (a.hp >= a.maxHp) return 'unhurt';
  const f = a.hp / a.maxHp;
  if (f >= 2 / 3) return 'lightly wounded';
  if (f >= 1 / 3) return 'wounded';
  if (f > 0) return 'badly wounded';
  return 'dying';
}

function terrainPhrase(t: number): string {
  const name = TERRAIN_NAMES[t as Terrain] ?? 'strange ground';
  return MASS_TERRAIN.has(t) ? name : withArticle(name);
}

function actorPhrase(world: World, a: Actor): string {
  const states: string[] = [];
  if (a.id === world.playerId) return `you (${healthWord(a)})`;
  states.push(a.faction === 'player' ? 'friendly' : a.faction);
  if (a.status.asleep) states.push('asleep');
  if (a.status.held) states.push('held');
  states.push(healthWord(a));
  return `${withArticle(a.name)} (${states.join(', ')})`;
}


/**
 * What the game knows of how the player learnt of traps that the world alone does not say (the
 * controller passes it): `reveal` is the debug link's every-trap-known.
 */
export interface LookContext {
  reveal?: boolean;
}

/**
 * Why the player knows of a trap whose place they have never seen. The world keeps who knows a
 * trap, not how; on a cell never seen, seeing, searching beside it and setting it off are ruled
 * out (each needs the place in sight or next to you), which leaves: the debug link, one of your
 * own, or a level that showed its traps when you came to it (Cēaptūn's "some places show you
 * their traps": its placement marks them known from the start; a scenario's known traps, the
 * trap designer's among them).
 */
export function unseenTrapReason(world: World, trap: Trap, context: LookContext = {}): string {
  if (context.reveal) return 'this game shows you every trap: its link asks for them all';
  if (trap.owner === world.playerId) return 'you set it there yourself';
  return 'its place was shown to you when you came to this level';
}

/** The sentence for a known trap on a cell the player has never seen: the trap, and why they know it. */
function describeUnseenTrap(world: World, ruleset: Ruleset, trap: Trap, context: LookContext): string {
  const named = ruleset.describeTrap?.(world, trap);
  const name = named ? lowerFirst(named.name) : withArticle(trapNameIn(ruleset, trap));
  return `You know of ${name} here (${unseenTrapReason(world, trap, context)}), though you have not seen the place itself.${named?.details ? ` ${named.details}` : ''}`;
}

/** The sentence for cell (x, y), or null off the map. */
/** " Stepping on it: you avoid it 75% (3/4); …" (" Opening it: …" for a door's or a chest's), where the ruleset reads it exactly (its `step` check). */
function stepOddsPhrase(world: World, trap: Trap): string {
  const hero = world.actors.find((a) => a.id === world.playerId);
  if (!hero?.alive || !trap.armed) return '';
  // Someone stands on it (the hero too): no one steps onto it from here.
  if (world.actors.some((a) => a.alive && a.x === trap.x && a.y === trap.y)) return '';
  const odds = stepOdds(world, hero, trap);
  if (!odds) return '';
  const sentence = stepOddsSentence(odds, stepLeavesOut(world, hero, trap), stepStatuses(world, hero, trap));
  return ` ${trap.host.kind === 'floor' ? 'Stepping on it' : 'Opening it'}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
}

export function describeCell(world: World, ruleset: Ruleset, x: number, y: number, context: LookContext = {}): string | null {
  if (!inBounds(world, x, y)) return null;
  const i = idx(world, x, y);
  const visible = world.visible[i] === 1;
  const remembered = world.memory[i]!;
  if (!visible && remembered === 0) {
    // A trap known without sight of its place is drawn there on the black: looking tells of it.
    const known = world.traps.find((t) => t.x === x && t.y === y && playerKnowsTrap(world, t));
    return known ? describeUnseenTrap(world, ruleset, known, context) : 'You have not seen that place.';
  }
  const terrain = visible ? world.terrain[i]! : remembered - 1;
  const parts: string[] = [];

  if (visible) {
    const a = world.actors.find((act) => act.alive && act.x === x && act.y === y);
    if (a) parts.push(actorPhrase(world, a));
    for (const item of world.items) if (item.x === x && item.y === y) parts.push(countOf(item.count, item.name));
  }
  const trap = world.traps.find((t) => t.x === x && t.y === y && playerKnowsTrap(world, t));
  let details = '';
  if (trap) {
    const named = ruleset.describeTrap?.(world, trap);
    parts.push(named ? lowerFirst(named.name) : `${withArticle(trapNameIn(ruleset, trap))}${trap.armed ? '' : ' (sprung)'}`);
    if (named?.details) details = ` ${named.details}`;
    details += stepOddsPhrase(world, trap);
  }
  const chest = chestAt(world, x, y);
  if (chest) parts.push(chest.open ? 'an open chest' : 'a chest');
  parts.push(terrainPhrase(terrain));

  const [subject, ...under] = parts;
  let text = capitalise(subject!);
  if (under.length > 0) text += `, on ${under.join(', on ')}`;
  return `${text}${visible ? '' : ' (remembered)'}.${details}`;
}
