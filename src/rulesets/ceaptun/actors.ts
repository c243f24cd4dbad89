/**
 * The actors' side of the ruleset: the starting character (a thief and craftsperson with the
 * tools for rigging), the traits monsters get, the level's danger, and the HUD lines.
 */
import { counted, hpText } from '../../core/words.ts';
import type { MonsterKind, PlayerSpec } from '../../core/ruleset.ts';
import type { Actor, LevelInfo, Traits, World } from '../../core/world.ts';
import { stepPastPercent } from './checks.ts';
import { ceaptunSettings } from './settings.ts';
import { abilityMod, defenceOf, disableDeviceBonus, dodgeOf, levelDanger, reductionOf, tierOf, trait } from './stats.ts';
import { ITEM, rigById } from './traps.ts';
import { rigActive } from './rigging.ts';
import type { CeaptunTraits } from './traits.ts';

export function levelInfo(depth: number, settings: Traits): LevelInfo {
  const danger = ceaptunSettings(settings).dangerAtTop + Math.max(0, depth - 1) * ceaptunSettings(settings).dangerPerDepth;
  return { danger, tier: tierOf(danger) };
}

export function playerSpec(settings: Traits): PlayerSpec {
  const s = ceaptunSettings(settings);
  const inventory: NonNullable<PlayerSpec['inventory']> = [];
  const arrows = s.playerArrows;
  const billets = s.playerBillets;
  if (arrows > 0) inventory.push({ ...ITEM.arrow, count: arrows });
  if (billets > 0) inventory.push({ ...ITEM.billet, count: billets });
  inventory.push({ ...ITEM.knife, count: 1 }, { ...ITEM.digger, count: 1 }, { ...ITEM.lockpicks, count: 1 });
  return {
    name: 'you',
    hp: s.playerHp,
    traits: {
      dex: s.playerDex,
      perception: s.playerPerception,
      armour: s.playerArmour,
      maxDexBonus: s.playerMaxDexBonus,
      dodgeBonus: 0,
      disableDevice: s.playerDisableDevice,
      detectTraps: s.playerDetectTraps,
      tumble: s.playerTumble,
      escapeArtist: s.playerEscapeArtist,
      athletics: 0,
      craftLevel: s.playerCraftLevel,
      trapwright: s.playerTrapwright,
      woodcraftBonus: s.playerWoodcraftBonus,
      talentDexChecks: 0,
      trapSense: s.playerTrapSense,
      lightStep: s.playerLightStep,
      ward: s.playerWard,
      rigWhat: '',
    } satisfies CeaptunTraits,
    inventory,
  };
}

/** Dexterity and armour per monster kind (our choice: quick things dodge, big things are hide-bound). */
const MONSTER_BODY: Record<string, { dex: number; armour: number }> = {
  rat: { dex: 14, armour: 0 },
  kobold: { dex: 12, armour: 1 },
  bat: { dex: 16, armour: 0 },
  goblin: { dex: 12, armour: 2 },
  zombie: { dex: 6, armour: 1 },
  orc: { dex: 10, armour: 3 },
  ogre: { dex: 8, armour: 2 },
};

export function monsterTraits(kind: MonsterKind): Traits {
  const body = MONSTER_BODY[kind.id] ?? { dex: 10, armour: 0 };
  return { dex: body.dex, armour: body.armour, ward: 0 } satisfies CeaptunTraits;
}

function signed(v: number): string {
  return v >= 0 ? `+${v}` : String(v);
}

function countOf(actor: Actor, kind: string): number {
  return actor.inventory.filter((i) => i.kind === kind).reduce((s, i) => s + i.count, 0);
}

export function hud(world: World, actor: Actor): Array<{ label: string; value: string }> {
  const s = world.settings;
  const t = actor.traits;
  const dodge = dodgeOf(t, s);
  const danger = levelDanger(world);
  const talents = [t.trapSense === true ? 'Trap sense' : '', t.lightStep === true ? 'Light step' : '', t.trapwright === true ? 'Trapwright' : '']
    .filter(Boolean)
    .join(', ');
  const lines = [
    { label: 'HP', value: hpText(actor.hp, actor.maxHp) },
    { label: 'Danger', value: `${danger} (tier ${tierOf(danger)})` },
    { label: 'Dex', value: `${trait(t, 'dex', 10)} (${signed(abilityMod(trait(t, 'dex', 10)))})` },
    { label: 'Dodge', value: `${signed(dodge)} (step past ${stepPastPercent(dodge)}%)` },
    { label: 'Defence', value: String(defenceOf(t, s)) },
    { label: 'Disable device', value: `${trait(t, 'disableDevice')} (${signed(disableDeviceBonus(trait(t, 'disableDevice'), s))})` },
    { label: 'Detect traps', value: `${trait(t, 'detectTraps')} (${signed(disableDeviceBonus(trait(t, 'detectTraps'), s))})` },
    { label: 'Tumble', value: String(trait(t, 'tumble')) },
    { label: 'Talents', value: talents || 'none' },
    { label: 'Trap damage', value: reductionOf(t, s) > 0 ? `-${reductionOf(t, s)}%` : 'full' },
    { label: 'Arrows', value: String(countOf(actor, ITEM.arrow.kind)) },
    { label: 'Billets', value: String(countOf(actor, ITEM.billet.kind)) },
  ];
  if (rigActive(actor)) {
    const rig = rigById(String(t.rigWhat));
    const left = Math.max(0, Math.ceil((Number(t.rigEnd) - world.time) / 100));
    lines.push({ label: 'Rigging', value: `${rig?.name ?? t.rigWhat}, ${counted(left, 'turn')} left` });
  }
  if ((actor.status.bleeding ?? 0) > 0) lines.push({ label: 'Bleeding', value: counted(actor.status.bleeding ?? 0, 'turn') });
  return lines;
}
