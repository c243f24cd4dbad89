/**
 * The zod schema of a trap file (definition.ts), its JSON Schema (`trapsmith traps --schema`), and
 * the one reader of trap files: `parseTrapFile` checks the JSON, the `__proto__` keys, the shape
 * and every dice text, and names each bad field the way a designer reads it
 * (`traps[2].effect.damage: expected dice like "2d6", got "lots"`).
 */
import { z } from 'zod';
import { InputError } from '../errors.ts';
import { readJsonInput } from '../jsonInput.ts';
import { conjugate, thing } from '../messages.ts';
import { MONSTER_KINDS } from '../monsters.ts';
import { fillNumbers } from './play.ts';
import type { Condition, DamageSpec, Effect, TrapFile, TrapKind } from './definition.ts';
import { effectDepth, visitEffects } from './effectTree.ts';
import { diceTextProblem } from './dice.ts';

/** The largest trap file read (a link carries it too: see share/limits.ts). */
export const MAX_TRAP_FILE_BYTES = 256 * 1024;
export const MAX_KINDS_PER_FILE = 64;
/** Effects nest (all, chance, if): deeper than this is no design, and would cost the reader's stack. */
export const MAX_EFFECT_DEPTH = 8;

/** `$name`: a whole-number setting of the ruleset (definition.ts `DiceText`); which ones it has is the ruleset's to say. */
export const SETTING_REF = /^\$[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** A check input's or a kind number's name, `-name` to subtract it. */
const inputName = z.string().regex(/^-?[a-z][a-z0-9_-]{0,39}$/, 'expected an input or number name (like "modifier"), or -name to subtract it');

/** An item kind's id, as the game's items carry it ("bolt", "net_scrap"). */
const itemKind = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'expected an item kind id (lower case, like "bolt")');

/** `#name`: one of the kind's own numbers, or one the ruleset makes of them (definition.ts `DiceText`); whether the kind has it is the ruleset's to say. */
export const KIND_NUMBER_REF = /^#[a-z][a-z0-9_-]{0,39}$/;

const dice = z.string().superRefine((text, ctx) => {
  if (SETTING_REF.test(text) || KIND_NUMBER_REF.test(text)) return;
  const why = diceTextProblem(text);
  if (why) ctx.addIssue({ code: 'custom', message: why });
});
const settingRef = z.string().refine((t) => SETTING_REF.test(t) || KIND_NUMBER_REF.test(t), 'expected a whole number, a setting like "$mineRadius" or a number of the kind like "#radius"');

const damage: z.ZodType<DamageSpec> = z.union([dice, z.array(dice).min(1).max(12)]);
/** A message template that conjugates (messages.ts): a designer's bad bracket is named here, not met in play. */
const template = z
  .string()
  .min(1)
  .max(300)
  .superRefine((text, ctx) => {
    try {
      // Its numbers as play fills them (every count form: 0, 1, more), then its words with one
      // noun, as play gives: {1} is the one it happens to. Whether the effect has the number
      // (`{damage}` where nothing is rolled) is play's to say.
      for (const n of [0, 1, 2]) {
        const filled = fillNumbers(text, () => n).replaceAll('{trap}', 'trap').replaceAll('{part}', 'left leg');
        conjugate(filled, YOU_NOUN);
        conjugate(filled, thing('the kobold'));
      }
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `not a message template (${(e as Error).message.replace(/^message template "(?:[^"\\]|\\.)*": /, '')}): use {1} {1 his} {1 him} {trap} [s] [es] [a|b]` });
    }
  });
const YOU_NOUN = { text: 'you', you: true } as const;
const colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'expected a colour like "#ff8030"');
const tone = z.enum(['info', 'good', 'bad', 'danger', 'trap']);
const hostWords = z.strictObject({ floor: template.optional(), door: template.optional(), chest: template.optional() });
const say = z.union([template, hostWords]);
const terrainName = z.enum(['floor', 'wall', 'water', 'ice', 'soft_wall']);
const cells = (max: number) => z.number().int().min(0).max(max);

const terrainRule = z.strictObject({
  from: terrainName,
  to: terrainName,
  say: template.optional(),
  lostActions: z.number().int().min(0).max(10).optional(),
  fall: template.optional(),
});

const sizeName = z.enum(['tiny', 'small', 'medium', 'large', 'huge']);
/** A yes/no trait or setting's name, as the rulesets write them ("robotic", "bearTrapHoldsPlayer"). */
const flagName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'expected a trait or setting name (like "robotic")');
export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.enum(['hero', 'monster']),
    z.strictObject({ size: z.array(sizeName).min(1).max(5) }),
    z.strictObject({ trait: flagName, is: z.array(z.union([z.string().max(40), z.number(), z.boolean(), z.null()])).min(1).max(16).optional() }),
    z.strictObject({ setting: flagName }),
    z.strictObject({ not: conditionSchema }),
    z.strictObject({ all: z.array(conditionSchema).min(1).max(8) }),
    z.strictObject({ any: z.array(conditionSchema).min(1).max(8) }),
  ]),
);

const attackPart = z.strictObject({ noun: z.string().min(1).max(40), damage: damage.optional(), type: z.string().max(40).optional() });

export const effectSchema: z.ZodType<Effect> = z.lazy(() =>
  z.discriminatedUnion('do', [
    z.strictObject({ do: z.literal('all'), effects: z.array(effectSchema).max(16) }),
    z.strictObject({ do: z.literal('chance'), percent: z.number().min(0).max(100), effect: effectSchema, otherwise: effectSchema.optional() }),
    z.strictObject({ do: z.literal('if'), if: conditionSchema, effect: effectSchema, otherwise: effectSchema.optional() }),
    z.strictObject({ do: z.literal('check'), roll: dice, beats: flagName, effect: effectSchema, otherwise: effectSchema.optional() }),
    z.strictObject({ do: z.literal('push'), radius: cells(10).min(1) }),
    z.strictObject({ do: z.literal('say'), say, tone: tone.optional() }),
    z.strictObject({ do: z.literal('tell'), say: template, tone: tone.optional(), seenTone: tone.optional() }),
    attackPart.extend({ do: z.literal('attack'), doorNoun: z.string().min(1).max(40).optional(), critical: z.number().int().min(2).max(6).optional() }),
    z.strictObject({
      do: z.literal('damage'),
      damage,
      type: z.string().max(40).optional(),
      part: z.string().regex(/^[a-z][a-z_]{0,19}$/, 'expected a body part (like "torso", "leg")').optional(),
      say: template.optional(),
      tone: tone.optional(),
      seenTone: tone.optional(),
    }),
    z.strictObject({
      do: z.literal('projectile'),
      slitRange: cells(40),
      flight: cells(80),
      say: say.optional(),
      colour,
      item: z.strictObject({ kind: z.string().min(1).max(40), name: z.string().min(1).max(40) }).optional(),
      attack: attackPart,
    }),
    z.strictObject({
      do: z.literal('blast'),
      radius: z.union([cells(10), settingRef]),
      noise: z.strictObject({ volume: z.number().int().min(1).max(1000), source: z.string().min(1).max(60) }).optional(),
      damage: damage.optional(),
      type: z.string().max(40).optional(),
      edge: z.enum(['full', 'half']),
      colour,
      say: template.optional(),
      glimpse: template.optional(),
      each: template.optional(),
      terrain: z.array(terrainRule).max(8).optional(),
    }),
    z.strictObject({
      do: z.literal('volley'),
      count: dice,
      radius: z.union([cells(10), settingRef]).optional(),
      attack: attackPart.extend({ critical: z.number().int().min(2).max(6).optional() }),
      say: template.optional(),
    }),
    z.strictObject({
      do: z.literal('area'),
      radius: z.union([cells(10), settingRef]),
      damage: damage.optional(),
      type: z.string().max(40).optional(),
      save: z
        .strictObject({
          save: z.string().regex(/^[a-z]{1,12}$/, 'expected the name of one of the ruleset\'s saving throws (like "ref")'),
          dc: z.union([z.number().int().min(-100).max(200), settingRef]),
          success: z.enum(['half', 'none']),
          say: template.optional(),
        })
        .optional(),
      each: template.optional(),
    }),
    z.strictObject({
      do: z.literal('line'),
      range: cells(40).min(1),
      damage: damage.optional(),
      type: z.string().max(40).optional(),
      colour,
      say: template.optional(),
      each: template.optional(),
    }),
    z.strictObject({
      do: z.literal('fall'),
      say: template.optional(),
      damage: damage.optional(),
      type: z.string().max(40).optional(),
      lostActions: z.number().int().min(0).max(10),
      down: z.boolean().optional(),
    }),
    z.strictObject({
      do: z.literal('teleport'),
      say: template.optional(),
      mishap: z.strictObject({ percent: z.number().min(0).max(100), damage, type: z.string().max(40).optional(), say: template.optional() }).optional(),
    }),
    z.strictObject({
      do: z.literal('summon'),
      monster: z.enum(MONSTER_KINDS.map((k) => k.id) as [string, ...string[]]),
      count: z.union([z.number().int().min(1).max(12), settingRef]),
      radius: cells(10).min(1),
      hunts: z.boolean().optional(),
      say: template.optional(),
    }),
    z
      .strictObject({
        do: z.literal('transform'),
        terrain: terrainName.optional(),
        trap: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'expected the id of a trap kind (like "pit")').optional(),
        say: template.optional(),
      })
      .refine((t) => t.terrain !== undefined || t.trap !== undefined, 'a transform needs a "terrain", a "trap", or both'),
    z.strictObject({ do: z.literal('item'), kind: itemKind, name: z.string().min(1).max(40), count: z.number().int().min(1).max(99) }),
    z.strictObject({ do: z.literal('destroy'), count: z.number().int().min(1).max(99), kind: itemKind.optional(), say: template.optional() }),
    z.strictObject({
      do: z.literal('status'),
      status: z.enum(['held', 'asleep', 'lostActions', 'poisoned', 'slowed']),
      turns: z.union([z.literal('forever'), dice]),
      as: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'expected the name of one of the ruleset\'s statuses (like "beartrap")').optional(),
      say: template.optional(),
      tone: tone.optional(),
      seenTone: tone.optional(),
    }),
    z.strictObject({ do: z.literal('noise'), volume: z.number().int().min(1).max(1000), source: z.string().min(1).max(60) }),
    z.strictObject({ do: z.literal('delay'), turns: z.number().min(0).max(100) }),
    z.strictObject({ do: z.literal('spent'), say: template.optional() }),
    z.strictObject({ do: z.literal('custom'), name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'expected the name of one of the ruleset\'s custom effects (lower case, like "sinkhole")') }),
  ]),
);

const soundSchema = z.strictObject({
  name: z.string().min(1).max(40),
  volume: z.number().int().min(1).max(1000),
  heard: template,
  source: z.string().min(1).max(60),
});

/** A kind's own check over `outcomes` (definition.ts KindCheckSpec): an order of outcomes the margin can reach, its words by outcome. */
function kindCheckSchema<const O extends string>(outcomes: readonly [O, ...O[]], words = true) {
  const check = z.strictObject({
    roll: dice,
    plus: z.array(z.union([z.number().int().min(-1000).max(1000), inputName])).max(8).optional(),
    against: z.union([z.number().int().min(-1000).max(1000), inputName]),
    outcomes: z
      .array(z.strictObject({ atLeast: z.number().int().min(-1000).max(1000).optional(), is: z.enum(outcomes) }))
      .min(1)
      .max(6)
      .superRefine((outs, ctx) => {
        for (const [i, o] of outs.entries()) {
          const last = i === outs.length - 1;
          if (last && o.atLeast !== undefined) ctx.addIssue({ code: 'custom', path: [i, 'atLeast'], message: 'the last outcome takes the rest: leave out its atLeast' });
          if (!last && o.atLeast === undefined) ctx.addIssue({ code: 'custom', path: [i, 'atLeast'], message: 'every outcome but the last needs an atLeast' });
          const before = outs[i - 1]?.atLeast;
          if (!last && o.atLeast !== undefined && before !== undefined && o.atLeast >= before) ctx.addIssue({ code: 'custom', path: [i, 'atLeast'], message: `expected less than the one before (${before}): the first outcome the margin reaches is taken` });
        }
      }),
  });
  // A ruleset's own words tell of a find (its "You find a …"): a detection brings none.
  return words ? check.extend({ say: z.partialRecord(z.enum(outcomes), template).optional() }) : check;
}

export const trapKindSchema: z.ZodType<TrapKind> = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'expected lower-case letters, digits and _ (like "fire_rune")'),
  name: z.string().min(1).max(40),
  glyph: z.string().length(1).optional(),
  colour,
  hosts: z.array(z.enum(['floor', 'door', 'chest'])).min(1).max(3),
  placement: z.strictObject({
    weight: z.number().min(0).max(1000),
    depths: z.tuple([z.number().int().min(1).max(100), z.number().int().min(1).max(100)]).optional(),
  }),
  charges: z.number().int().min(-1).max(100).refine((n) => n !== 0, 'expected -1 (every time) or 1 or more'),
  rigged: z.boolean().optional(),
  // A text cell may describe (Omega's player, mount and monster columns, CDDA's notes: up to about 110 characters).
  numbers: z.record(z.string().max(40), z.union([z.number(), z.string().max(200), z.boolean(), z.null()])),
  sound: soundSchema.nullable().optional(),
  avoided: template.optional(),
  breaksChest: z.boolean().optional(),
  disarm: kindCheckSchema(['disarmed', 'failed', 'sprung']).optional(),
  avoid: kindCheckSchema(['avoided', 'triggered']).optional(),
  spot: kindCheckSchema(['found', 'missed'], false).optional(),
  rig: z
    .strictObject({
      needs: z.array(z.strictObject({ kind: itemKind, name: z.string().min(1).max(40), count: z.number().int().min(1).max(99) })).max(4),
      check: kindCheckSchema(['set', 'failed', 'sprung']).optional(),
    })
    .optional(),
  recovers: z
    .strictObject({
      items: z.array(z.strictObject({ kind: itemKind, name: z.string().min(1).max(40), count: z.number().int().min(1).max(99) })).min(1).max(8),
      say: template.optional(),
    })
    .optional(),
  effect: effectSchema,
});

export const trapFileSchema: z.ZodType<TrapFile> = z.strictObject({
  format: z.literal('trapsmith-traps'),
  version: z.literal(1),
  ruleset: z.string().min(1).max(40),
  name: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[\p{L}\p{N} _.()+-]+$/u, 'use letters, digits, spaces and _ . ( ) + - only'),
  description: z.string().max(4000).optional(),
  traps: z.array(trapKindSchema).min(1).max(MAX_KINDS_PER_FILE),
});

/** A bad trap file: every problem, each naming its field; the message joins them. */
export class TrapFileError extends InputError {
  override name = 'TrapFileError';
  constructor(
    readonly source: string,
    readonly issues: readonly string[],
  ) {
    super(`${source}: ${issues.join('; ')}`);
  }
}

export { fieldPath } from '../jsonInput.ts';

/**
 * How deep a trap file's lists and objects may nest: effects nest MAX_EFFECT_DEPTH deep, each level
 * an object and a list at most, with conditions and the file's own levels around them. Checked
 * before anything walks the file (jsonInput.ts), wherever the file arrives (alone, in a scenario,
 * a link, a save, a replay, a shard).
 */
export const MAX_TRAP_FILE_DEPTH = 4 * MAX_EFFECT_DEPTH + 8;

/**
 * Reads a trap file (JSON text or a parsed value): the one reader of a trap file, wherever it
 * arrives. Throws TrapFileError naming every bad field;
 * checks only the file's own shape: whether its kinds fit the ruleset it names is the ruleset's
 * to say (see `withTrapFile` in core/traps/kinds.ts).
 */
export function parseTrapFile(input: string | unknown, source = 'trap file'): TrapFile {
  const read = readJsonInput(input, trapFileSchema, MAX_TRAP_FILE_BYTES, { maxDepth: MAX_TRAP_FILE_DEPTH });
  if ('problems' in read) throw new TrapFileError(source, read.problems);
  const file = read.value;
  const problems: string[] = [];
  const seen = new Set<string>();
  file.traps.forEach((t, i) => {
    if (seen.has(t.id)) problems.push(`traps[${i}].id: "${t.id}" is defined twice`);
    seen.add(t.id);
    if (effectDepth(t.effect) > MAX_EFFECT_DEPTH) problems.push(`traps[${i}].effect: effects nest at most ${MAX_EFFECT_DEPTH} deep`);
    else visitEffects(t.effect, `traps[${i}].effect`, (e, at) => problems.push(...templateNumberProblems(e, at)));
    const d = t.placement.depths;
    if (d && d[0] > d[1]) problems.push(`traps[${i}].placement.depths: the first depth is deeper than the last`);
  });
  if (problems.length > 0) throw new TrapFileError(source, problems);
  return file;
}

/** A template's number names besides settings (`{damage}`, `{turns:…}`), each once. */
function numbersNamed(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(damage|turns|count|hits)(?::[^}]*)?\}/g)].map((m) => m[1]!))];
}

/**
 * The lines of an effect that name a number it does not roll (`{damage}` in a `say`, `{turns}`
 * in a `damage` line), each by its field: play could not fill them in.
 */
function templateNumberProblems(e: Effect, at: string): string[] {
  const lines: Array<[string, string | undefined, readonly string[]]> = [];
  const line = (field: string, text: unknown, numbers: readonly string[] = []): void => {
    if (typeof text === 'string') lines.push([field, text, numbers]);
    else if (text && typeof text === 'object') for (const [host, words] of Object.entries(text)) lines.push([`${field}.${host}`, words as string, numbers]);
  };
  switch (e.do) {
    case 'damage':
    case 'fall':
      line('say', e.say, ['damage']);
      break;
    case 'blast':
      line('each', e.each, ['damage']);
      line('say', e.say);
      line('glimpse', e.glimpse);
      for (const [i, r] of (e.terrain ?? []).entries()) {
        line(`terrain[${i}].say`, r.say);
        line(`terrain[${i}].fall`, r.fall);
      }
      break;
    case 'line':
      line('each', e.each, ['damage']);
      line('say', e.say);
      break;
    case 'volley':
      line('say', e.say, ['count', 'hits']);
      break;
    case 'area':
      line('each', e.each, ['damage']);
      line('save.say', e.save?.say, ['damage']);
      break;
    case 'status':
      line('say', e.say, ['turns']);
      break;
    case 'teleport':
      line('say', e.say);
      line('mishap.say', e.mishap?.say, ['damage']);
      break;
    case 'say':
    case 'tell':
    case 'spent':
    case 'summon':
    case 'transform':
    case 'destroy':
    case 'projectile':
      line('say', e.say);
      break;
  }
  const out: string[] = [];
  for (const [field, text, numbers] of lines)
    for (const name of numbersNamed(text ?? '')) if (!numbers.includes(name)) out.push(`${at}.${field}: this line has no {${name}} to say (${numbers.length > 0 ? `it has ${numbers.map((n) => `{${n}}`).join(', ')}` : 'it names no number'}; settings as {$name})`);
  return out;
}

/** The JSON Schema of a trap file, for editors and `trapsmith traps --schema`. */
export function trapFileJsonSchema(): unknown {
  return z.toJSONSchema(trapFileSchema, { io: 'input', unrepresentable: 'any' });
}
