/**
 * Heroes: the player's starting kit (traps to place, maybe a detector), monsters as opposing heroes
 * (action points from their speed, a detector if the settings give them one), and the HUD lines.
 */
import { fractionToString } from '../../core/fraction.ts';
import { probabilityOf } from '../../core/prob.ts';
import type { MonsterKind, PlayerSpec } from '../../core/ruleset.ts';
import type { Actor, Item, Traits, World } from '../../core/world.ts';
import { type DieFaces, dieProblem, disarmCheck, enterCheck } from './die.ts';
import { readSettings, type WastelandSettings } from './settings.ts';
import { TRAP_KINDS, trapNoun } from './traps.ts';
import { actionPoints, actionsLeft } from './turns.ts';
import type { WastelandTraits } from './traits.ts';

export const DETECTOR = 'detector';

/** The die the settings describe. */
export function dieOf(s: WastelandSettings): DieFaces {
  return { skull: s.skullFaces, shield: s.shieldFaces, blank: s.blankFaces };
}

/** "Hat ein Held einen Detektor in seinem Gepäck": an item carried, or a monster's trait. */
export function hasDetector(actor: Actor): boolean {
  return actor.traits.detector === true || actor.inventory.some((i) => i.kind === DETECTOR && i.count > 0);
}

/** Traps of one kind the actor carries to place. */
export function carried(actor: Actor, kind: string): number {
  return actor.inventory.filter((i) => i.kind === kind).reduce((n, i) => n + i.count, 0);
}

export function playerSpec(settings: Traits): PlayerSpec {
  const s = readSettings(settings);
  const inventory: Array<Omit<Item, 'id' | 'x' | 'y'>> = [];
  const kit: Array<[string, number]> = [
    ['caltrops', s.carryCaltrops],
    ['bear_trap', s.carryBearTraps],
    ['mine', s.carryMines],
  ];
  for (const [kind, count] of kit) if (count > 0) inventory.push({ kind, name: trapNoun(kind).name, count });
  if (s.heroDetector) inventory.push({ kind: DETECTOR, name: 'detector', count: 1 });
  return { name: 'you', hp: s.heroHp, traits: { actionPoints: s.heroActions } satisfies WastelandTraits, inventory };
}

/** A monster is an opposing hero: its speed scales the hero's action points (at least 1). */
export function monsterTraits(kind: MonsterKind, settings: Traits): Traits {
  const s = readSettings(settings);
  const detector = s.monsterDetectors === 'all' || (s.monsterDetectors === 'clever' && kind.intelligence >= 2);
  return { actionPoints: Math.max(1, Math.round((s.heroActions * kind.speed) / 100)), detector } satisfies WastelandTraits;
}

function oddsText(p: ReturnType<typeof probabilityOf>): string {
  return p.exact ? fractionToString(p.exact) : p.p.toFixed(3);
}

export function hud(world: World, actor: Actor): Array<{ label: string; value: string }> {
  const s = readSettings(world.settings);
  const faces = dieOf(s);
  const detector = hasDetector(actor);
  const lines: Array<{ label: string; value: string }> = [
    { label: 'Actions', value: `${actionsLeft(world, actor)} of ${actionPoints(world, actor)} left this turn` },
    { label: 'Die', value: `${faces.skull} skull, ${faces.shield} shield, ${faces.blank} blank` },
    { label: 'Detector', value: detector ? 'yes' : 'no' },
  ];
  const kit = TRAP_KINDS.filter((k) => carried(actor, k) > 0).map((k) => `${trapNoun(k).name} ${carried(actor, k)}`);
  lines.push({ label: 'Traps carried', value: kit.length > 0 ? kit.join(', ') : 'none' });
  const dice = detector ? s.detectorDisarmDice : s.disarmDice;
  const problem = dieProblem(faces);
  if (problem) lines.push({ label: 'Odds', value: problem });
  else {
    const springs = detector ? 'no roll' : oddsText(probabilityOf(enterCheck(faces, false), 'triggered'));
    const disarms = oddsText(probabilityOf(disarmCheck(faces, dice), 'disarmed'));
    lines.push({ label: 'Odds', value: `enter: springs ${springs}; disarm (${dice} dice): ${disarms}` });
  }
  const states: string[] = [];
  if ((actor.status.held ?? 0) > 0) states.push('held fast');
  if ((actor.status.slowed ?? 0) > 0) states.push(`${actor.status.slowed} action(s) fewer next turn`);
  if ((actor.status.lostActions ?? 0) > 0) states.push(`loses ${actor.status.lostActions} turn(s)`);
  if (states.length > 0) lines.push({ label: 'State', value: states.join(', ') });
  return lines;
}
