/**
 * What each of the thirteen traps does to the player (trap.c l_trap_*), and the two hazards a trap
 * square can become: persistent fire (l_fire) and an open abyss (l_abyss). Messages are Omega's.
 *
 * Every roll is a program from checks.ts sampled on the 'traps' stream, so the odds tables read the
 * same rolls. A trap the player sets off shows itself (its square shows TRAP): `show` marks it and
 * tells the player, except where Omega changes the square to something else.
 */
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Item, Trap, World } from '../../core/world.ts';
import type { OmegaTraits } from './traits.ts';
import { addImmobile, carriedWeight, immune, maxWeight, mounted, num, setInventory, setTraits } from './actor.ts';
import { enterAbyss } from './abyss.ts';
import { dartStopped, type DodgeTrap, dodgeCheck, manadrainOverload, oneInThree, sleepCounts, teleportCheck } from './checks.ts';
import { pDamage, pPoison, sleepPlayer } from './damage.ts';
import { environmentById, locationDifficulty } from './environments.ts';
import { damageItem, slotItem } from './items.ts';
import { quantisedFrom, randomRange } from './random.ts';
import { omegaSettings } from './settings.ts';
import { siren } from './siren.ts';
import type { TrapId } from './traps.ts';
import { loseMount, teleportDangerously, teleportSafely } from './teleport.ts';

/** D of the level the world is on. */
export function difficultyOf(world: World): number {
  const d = world.level.D;
  if (typeof d === 'number') return d;
  return locationDifficulty(omegaSettings(world.settings).environment, world.depth);
}

/** Is the trap still on the map (a trap can be used up while its effect runs)? */
export function present(world: World, trap: Trap): boolean {
  return world.traps.some((t) => t.id === trap.id);
}

/** The square shows TRAP: anyone looking sees it, and the player who set it off knows it. */
export function show(ctx: RuleContext, trap: Trap, how: 'triggered' | 'seen' = 'triggered'): void {
  if (!present(ctx.world, trap)) return;
  if (trap.data.shown !== true) ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { shown: true } } });
  ctx.reveal(trap, ctx.world.playerId, how);
}

/** The square becomes a hazard (FIRE, ABYSS): visible to all, no longer a trap to disarm or dispel. */
export function becomeHazard(ctx: RuleContext, trap: Trap, hazard: 'fire' | 'abyss'): void {
  if (!present(ctx.world, trap)) return;
  ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { hazard, shown: true } } });
}

/** The player falls `levels` levels at the end of the step (the core moves them then). */
function fall(ctx: RuleContext, player: Actor, levels: number, cause: string): void {
  if (levels > 0 && player.alive) ctx.fallToNextLevel(player, cause, levels);
}

/**
 * The player walks into the hazard the trap's square has become (persistent fire, an open abyss):
 * true when it has become one (then the trap's own handler does not run).
 */
export function playerHazard(ctx: RuleContext, trap: Trap, player: Actor): boolean {
  const hazard = trap.data.hazard;
  if (hazard === 'fire') {
    curtainOfFire(ctx, player);
    return true;
  }
  if (hazard === 'abyss') {
    fall(ctx, player, enterAbyss(ctx, player, 0, trap).levels, 'the abyss');
    return true;
  }
  return false;
}

/**
 * Omega's handler `handler` (trap.c l_trap_*, one of the thirteen) at the player: the built-in
 * kinds' custom effects (dialect.ts). `trap` is the trap going off, of whatever kind names it.
 */
export function playerTrapEffect(ctx: RuleContext, trap: Trap, player: Actor, handler: TrapId): void {
  const D = difficultyOf(ctx.world);
  const q = quantisedFrom(ctx.settings);
  const rng = ctx.rng('traps');
  const dodge = (kind: DodgeTrap) =>
    sample(dodgeCheck(kind, { agility: num(player, 'agility', 12), dex: num(player, 'dex', 12), level: num(player, 'level', 1) }, q), rng);

  switch (handler) {
    case 'dart':
      show(ctx, trap);
      if (mounted(player)) ctx.say('A dart annoys your horse....');
      else if (sample(dartStopped(num(player, 'absorption'), q), rng)) ctx.say('A dart plinks off your armor');
      else {
        ctx.say('You were hit by a dart!', 'bad');
        pDamage(ctx, player, D, 'normal', 'a dart trap', trap);
        if (sample(oneInThree(q), rng) && player.alive) {
          ctx.say('It was poisoned!', 'bad');
          pPoison(ctx, player, D);
        }
      }
      return;

    case 'pit':
      show(ctx, trap);
      if (mounted(player)) {
        ctx.say('Your horse stumbles into a pit and breaks a leg!', 'bad');
        ctx.say('You are forced to put it out of its misery.');
        loseMount(ctx, player);
      } else if (carriedWeight(player) < Math.trunc(maxWeight(player) / 2)) ctx.say('You nimbly dodge a pit trap.');
      else {
        ctx.say('You fell into a pit!', 'bad');
        if (sample(oneInThree(q), rng)) {
          ctx.say('And were impaled by spikes!', 'bad');
          pDamage(ctx, player, D * 5, 'normal', 'a spiked pit', trap);
        } else pDamage(ctx, player, D * 2, 'normal', 'a pit', trap);
        if (player.alive) addImmobile(ctx, player, 1);
      }
      return;

    case 'trapdoor': {
      const env = environmentById(omegaSettings(ctx.settings).environment);
      if (!env.dungeon) {
        ctx.say('You feel oddly lucky.');
        return;
      }
      show(ctx, trap);
      // A trap door blasted through the floor of a pit has no rockslide (aux S_DISINTEGRATE).
      const rockslide = trap.data.disintegrated !== true;
      if (mounted(player)) {
        ctx.say('You and your horse fall through a trap door!', 'bad');
        ctx.say('Your horse breaks its back. Snif.');
        if (rockslide) {
          ctx.say("You're hit by a rockslide!", 'bad');
          pDamage(ctx, player, ctx.world.depth * D, 'unstoppable', 'a rockslide', trap);
        }
        loseMount(ctx, player);
        fall(ctx, player, 1, 'a trap door');
      } else if (dodge('trapdoor') === 'avoided') ctx.say('You leap over a trap door.');
      else {
        ctx.say('You fell through a trap door!', 'bad');
        pDamage(ctx, player, D, 'normal', 'a trap door', trap);
        if (rockslide && player.alive) {
          ctx.say("You're hit by a rockslide!", 'bad');
          pDamage(ctx, player, ctx.world.depth * D, 'unstoppable', 'a rockslide', trap);
        }
        fall(ctx, player, 1, 'a trap door');
      }
      return;
    }

    case 'snare':
      show(ctx, trap);
      if (mounted(player)) ctx.say('Your horse steps out of a snare trap.');
      else if (dodge('snare') === 'avoided') ctx.say('You agilely avoid a snare.');
      else {
        ctx.say('You were caught in a snare!', 'bad');
        addImmobile(ctx, player, D);
      }
      return;

    case 'blade':
      show(ctx, trap);
      if (dodge('blade') === 'avoided') ctx.say('You duck under a scything blade!');
      else if (mounted(player)) {
        ctx.say('Your horse is struck by a scything blade and killed instantly.', 'bad');
        loseMount(ctx, player);
      } else {
        ctx.say('A heavy blade scythes across the room and hits you!', 'bad');
        // The trap takes the absorption off once, p_damage() a second time (and leaves at least 1).
        const raw = sample(randomRange(D * 3, q), rng) + D - num(player, 'absorption');
        pDamage(ctx, player, raw, 'normal', 'a blade trap', trap);
      }
      return;

    case 'fire':
      if (mounted(player)) {
        ctx.say('Your horse is struck by a blast of fire and is charbroiled!', 'bad');
        loseMount(ctx, player);
      } else if (dodge('fire') === 'avoided') ctx.say('You dodge a pillar of fire!');
      else {
        ctx.say('You were blasted by a fire trap!', 'bad');
        pDamage(ctx, player, sample(randomRange((D + 1) * 5, q), rng), 'flame', 'a fire trap', trap);
      }
      // The square becomes persistent fire, dodged or not.
      becomeHazard(ctx, trap, 'fire');
      if (present(ctx.world, trap)) ctx.reveal(trap, ctx.world.playerId, 'triggered');
      return;

    case 'teleport':
      show(ctx, trap);
      ctx.say('You experience a momentary disorientation....', 'trap');
      if (sample(teleportCheck(D, q), rng) === 'safe') teleportSafely(ctx, player);
      else teleportDangerously(ctx, player, q, trap);
      return;

    case 'disintegrate':
      show(ctx, trap);
      ctx.say('Oh, no! A disintegration trap!', 'danger');
      if (mounted(player)) {
        ctx.say('Your horse falls apart into its component atoms...', 'bad');
        loseMount(ctx, player);
      }
      disintegratePlayer(ctx, player, trap);
      return;

    case 'sleepgas':
      show(ctx, trap);
      ctx.say('Hsssssssss....', 'trap');
      ctx.say('You detect a strange odor....');
      sleepPlayer(ctx, player, () => sample(sleepCounts(D, q), rng));
      return;

    case 'acid':
      show(ctx, trap);
      if (dodge('acid') === 'hit') {
        ctx.say('You are drenched by a spray of acid!', 'bad');
        if (mounted(player)) {
          ctx.say('Your horse dies unpleasantly.', 'bad');
          loseMount(ctx, player);
        }
        pDamage(ctx, player, sample(randomRange(D * 5, q), rng), 'acid', 'an acid trap', trap);
        // p_immune(ACID) also spares the possessions.
        if (player.alive && !immune(player, 'acid')) acidOnPossessions(ctx, player, q);
      } else ctx.say('You somehow dodge a shower of hydroflouric acid!');
      return;

    case 'manadrain':
      show(ctx, trap);
      if (num(player, 'mana') === 0) {
        if (sample(manadrainOverload(q), rng)) {
          ctx.say('The manadrain trap overloads -- positive feedback....');
          ctx.say("That's strange.... You feel repowered!", 'good');
          ctx.removeTrap(trap, 'destroyed');
          setTraits(ctx, player, { mana: num(player, 'maxMana') });
        } else ctx.say('You feel strangely unaffected by the manadrain trap.');
      } else {
        ctx.say('A weird rainbow light seems to play over you....', 'bad');
        ctx.say('You feel drained.', 'bad');
        setTraits(ctx, player, { mana: 0 });
        adverseDispel(ctx, player);
      }
      return;

    case 'abyss': {
      // The square shows the abyss (ABYSS), but its move function stays the trap.
      if (present(ctx.world, trap)) {
        if (trap.data.shows !== 'abyss' || trap.data.shown !== true)
          ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { shows: 'abyss', shown: true } } });
        ctx.reveal(trap, ctx.world.playerId, 'triggered');
      }
      let levels = 0;
      if (mounted(player)) {
        ctx.say('You and your horse fall into the infinite abyss!', 'danger');
        levels += enterAbyss(ctx, player, levels, trap).levels;
      }
      if (player.alive && !ctx.world.over) {
        if (dodge('abyss') === 'hit') {
          ctx.say('You stumble over a concealed entrance to the abyss!', 'danger');
          levels += enterAbyss(ctx, player, levels, trap).levels;
        } else ctx.say('You gingerly step around a concealed entrance to the abyss!');
      }
      fall(ctx, player, levels, 'the abyss');
      return;
    }

    case 'siren':
      show(ctx, trap);
      siren(ctx, player);
      return;
  }
}

/** l_fire(): walking into persistent fire (it burns a levitating player too). */
function curtainOfFire(ctx: RuleContext, player: Actor): void {
  ctx.say('You boldly stride through the curtain of fire...', 'bad');
  if (mounted(player)) {
    ctx.say('Your horse is fried and so are you...', 'bad');
    loseMount(ctx, player);
  }
  pDamage(ctx, player, sample(randomRange(100, quantisedFrom(ctx.settings)), ctx.rng('traps')), 'flame', 'self-immolation');
}

/** disintegrate() at the player: the cloak, else the body armour, else 250 unstoppable. */
function disintegratePlayer(ctx: RuleContext, player: Actor, trap: Trap): void {
  const cloak = slotItem(player, 'cloak');
  const armor = slotItem(player, 'armor');
  if (cloak) {
    ctx.say('Your cloak disintegrates!', 'bad');
    setInventory(ctx, player, dropOne(player.inventory, cloak));
  } else if (armor) {
    ctx.say('Your armor disintegrates!', 'bad');
    setInventory(ctx, player, dropOne(player.inventory, armor));
  } else {
    ctx.say('Uh, oh....', 'danger');
    ctx.say("Zzzap! You've been disintegrated!", 'danger');
    pDamage(ctx, player, 250, 'unstoppable', 'disintegration', trap);
  }
}

function dropOne(inventory: readonly Item[], item: Item): Item[] {
  return inventory.flatMap((i) => (i.id !== item.id ? [{ ...i }] : i.count > 1 ? [{ ...i, count: i.count - 1 }] : []));
}

/** "The acid seeps over your possessions...": damage_item() on the first 0..4 occupied slots. */
function acidOnPossessions(ctx: RuleContext, player: Actor, q: boolean): void {
  ctx.say('The acid seeps over your possessions...', 'bad');
  const rng = ctx.rng('traps');
  const count = sample(randomRange(5, q), rng);
  // Cash is not a possession in Omega.
  const targets = player.inventory.filter((i) => i.kind !== 'gold').slice(0, count);
  if (targets.length === 0) return;
  let inventory = player.inventory.map((i) => ({ ...i }));
  for (const item of targets) {
    const result = damageItem(item, sample(randomRange(30, q), rng), sample(randomRange(10, q), rng));
    for (const line of result.lines) ctx.say(line, result.fate === 'destroyed' ? 'bad' : 'info');
    if (result.fate === 'weakened')
      inventory = inventory.map((i) => (i.id === item.id ? { ...i, data: { ...(i.data ?? {}), plus: num0(i.data?.plus) - 1 } } : i));
    if (result.fate === 'destroyed') inventory = dropOne(inventory, item);
  }
  setInventory(ctx, player, inventory);
}

function num0(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

/** The timed states an adverse dispel cuts short (dispel(-1): each temporary one is set to 1). */
export const DISPELLED_STATES = ['alert', 'levitating'] as const;

/** dispel(-1): "A smell of ozone and positive ions fills the air.."; temporary enhancements end at the next tick. */
export function adverseDispel(ctx: RuleContext, player: Actor): void {
  ctx.say('A smell of ozone and positive ions fills the air..');
  const traits: OmegaTraits = {};
  for (const name of DISPELLED_STATES) {
    const v = num(player, name);
    if (v > 0 && v < 1000) traits[name] = 1;
  }
  if (Object.keys(traits).length > 0) setTraits(ctx, player, traits);
}

/** The setting for turns per status unit, for the tick in index.ts. */
export function statusTurns(world: World): number {
  return omegaSettings(world.settings).statusTurns;
}
