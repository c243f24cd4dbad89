/**
 * `trapsmith design <ruleset> --flag value ...`: the trap designer on the command line.
 *
 *   trapsmith design d20 --trigger location --reset manual --reflex-dc 20 --damage 4d6
 *     -> {"cr":2,"baseCost":1000,"price":2000,"craftDc":20}
 *   trapsmith design d20 --magic device --spell-level 3 --caster-level 5 --automatic-reset --damage 5d6
 *     -> {"cr":4,"price":7500,"xp":600,"searchDc":28,"disableDc":28,"saveDc":14}
 *   trapsmith design d20 --batch -   (JSON lines {"inputs": {...}} or flat objects on stdin)
 *   trapsmith design d20 --trigger location --reset manual --attack 12 --damage 1d10 \
 *     --format definition --name "crossbow trap" --out crossbow.json
 *     -> a trap file (trapsmith-traps) with the designed kind, which `--traps crossbow.json` plays
 *
 * Every designer input is a flag named as in `DESIGN_FIELDS`; a bare flag is `true`. Bad input
 * exits with 2 and a message that names what is wrong; in batch mode a bad line answers
 * {"error": "..."} and the others go on.
 */
import { parseArgs } from 'node:util';
import { own, nullRecord } from '../../core/lookup.ts';
import { joinNegativeValues } from '../args.ts';
import { type CliIO, EXIT_USAGE } from '../io.ts';
import { writeFileSync } from 'node:fs';
import { DESIGN_FIELDS, type DesignInputs, designFromInputs, designJson, type TrapDesign } from '../../rulesets/d20/designer.ts';
import { designedKind, type Host } from '../../rulesets/d20/traps.ts';
import type { TrapFile } from '../../core/traps/definition.ts';

const EXIT_OK = 0;

/** What every message of this command starts with, as every command's does. */
const PREFIX = 'trapsmith design: ';

/** Rulesets that have a trap designer. */
const DESIGNERS: Record<string, (inputs: DesignInputs) => ReturnType<typeof designFromInputs>> = { d20: designFromInputs };

const USAGE = `usage: trapsmith design d20 --trigger T --reset R [--search-dc N] [--disable-dc N]
         [--attack N | --reflex-dc N] [--damage 2d6 | --avg-damage X] [--ranged-str N] [--melee-str N]
         [--multiple-targets] [--never-miss] [--onset N] [--liquid] [--gas]
         [--poison NAME | --poison-cr N --poison-cost N] [--alchemical-level N --alchemical-cost N]
         [--pit-spikes] [--touch-attack] [--bypass lock|hidden-switch|hidden-lock] [--format json|table|definition]
       trapsmith design d20 --magic device|spell --spell-level N --caster-level N [--automatic-reset]
         [--damage 5d6 | --avg-damage X] [--trigger-spell-level N [--trigger-caster-level N]]
         [--material-cost GP] [--xp-component XP] [--ability-mod N]
       trapsmith design d20 --batch -    (one JSON object of inputs per line on stdin)
       --format definition prints the designed trap as a trap file (what --traps FILE plays):
         [--name NAME] [--id ID] [--host floor|door|chest] [--out FILE (written there instead)]`;

type OptionSpec = { type: 'string' | 'boolean'; short?: string };

function optionSpecs(): Record<string, OptionSpec> {
  const opts: Record<string, OptionSpec> = {
    format: { type: 'string' },
    batch: { type: 'string' },
    name: { type: 'string' },
    id: { type: 'string' },
    host: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  };
  for (const f of DESIGN_FIELDS) opts[f.name] = { type: f.type === 'boolean' ? 'boolean' : 'string' };
  return opts;
}

function formatGp(n: number): string {
  return `${n.toLocaleString('en-US')} gp`;
}

/** A human-readable table of a design and how it was reached. */
export function designTable(d: TrapDesign): string {
  const rows: Array<[string, string]> = [];
  if (d.type === 'mechanical') {
    rows.push(['CR', String(d.cr)], ['Modified base cost', formatGp(d.baseCost)], ['Market price', formatGp(d.price)], ['Craft (trapmaking) DC', d.craftDc === null ? '-' : String(d.craftDc)]);
  } else {
    rows.push(
      ['CR', String(d.cr)],
      [d.magic === 'spell' ? 'Cost (hired caster)' : 'Cost (raw materials)', formatGp(d.price)],
      ['XP cost', String(d.xp)],
      ['Search DC', String(d.searchDc)],
      ['Disable Device DC', String(d.disableDc)],
      ['Save DC', String(d.saveDc)],
    );
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  const lines = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
  lines.push('', 'CR:');
  for (const l of d.crLines) lines.push(`  ${l.value >= 0 ? '+' : ''}${l.value}  ${l.feature}`);
  lines.push('Cost:');
  for (const l of d.costLines) lines.push(`  ${l.value >= 0 ? '+' : ''}${l.value.toLocaleString('en-US')} gp  ${l.feature}`);
  if (d.type === 'mechanical') {
    lines.push(`  x CR ${d.cr} (at least ${d.cr * 100} gp)`);
    for (const l of d.extras) lines.push(`  +${l.value.toLocaleString('en-US')} gp  ${l.feature}`);
  }
  for (const w of d.warnings) lines.push(`note: ${w}`);
  return lines.join('\n');
}

/** Reads one batch line: `{"inputs": {...}}` or the inputs object itself. */
function lineInputs(line: string): DesignInputs | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (e) {
    return `not JSON: ${(e as Error).message}`;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'expected a JSON object';
  const obj = parsed as Record<string, unknown>;
  const inner = Object.hasOwn(obj, 'inputs') ? obj.inputs : obj;
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return '"inputs" must be an object';
  // Null-prototype: a line's "__proto__" reaches the designer as a name it does not know.
  const out: DesignInputs = nullRecord();
  for (const [k, v] of Object.entries(inner as Record<string, unknown>)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return `input "${k}": expected a number, text or true/false`;
    out[k.replace(/^--/, '')] = v;
  }
  return out;
}

export async function designCommand(argv: string[], io: CliIO): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    const options = optionSpecs();
    parsed = parseArgs({ args: joinNegativeValues(argv, options), options, allowPositionals: true, strict: true });
  } catch (e) {
    io.err(`${PREFIX}${(e as Error).message.replace(/\. To specify.*$/s, '')}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return EXIT_OK;
  }
  if (positionals.length > 1) {
    io.err(`${PREFIX}unexpected arguments: ${positionals.slice(1).join(' ')}\n${USAGE}`);
    return EXIT_USAGE;
  }
  // `design --batch -` without a ruleset means d20, the only ruleset with a designer.
  const rulesetId = positionals[0] ?? (values.batch !== undefined ? 'd20' : undefined);
  if (!rulesetId) {
    io.err(`${PREFIX}which ruleset? (designers: ${Object.keys(DESIGNERS).join(', ')})\n${USAGE}`);
    return EXIT_USAGE;
  }
  const design = own(DESIGNERS, rulesetId);
  if (!design) {
    io.err(`${PREFIX}ruleset "${rulesetId}" has no trap designer (designers: ${Object.keys(DESIGNERS).join(', ')})`);
    return EXIT_USAGE;
  }
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'table' && format !== 'definition') {
    io.err(`${PREFIX}--format must be json, table or definition, got "${String(format)}"`);
    return EXIT_USAGE;
  }
  for (const only of ['name', 'id', 'host', 'out'] as const)
    if (values[only] !== undefined && format !== 'definition') {
      io.err(`${PREFIX}--${only} goes with --format definition (a trap file)`);
      return EXIT_USAGE;
    }

  // The design flags given on the command line (bare flags are true).
  const flags: DesignInputs = {};
  for (const f of DESIGN_FIELDS) {
    const v = values[f.name];
    if (v !== undefined) flags[f.name] = v as string | boolean;
  }

  if (values.batch !== undefined) {
    if (values.batch !== '-') {
      io.err(`${PREFIX}--batch takes - (standard input), got "${String(values.batch)}"`);
      return EXIT_USAGE;
    }
    if (format !== 'json') {
      io.err(`${PREFIX}--batch writes JSON lines; --format table cannot go with it`);
      return EXIT_USAGE;
    }
    const text = await io.stdin();
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.trim();
      if (line === '') continue;
      const inputs = lineInputs(line);
      if (typeof inputs === 'string') {
        io.out(JSON.stringify({ error: inputs }));
        continue;
      }
      // Flags on the command line are defaults each line may override.
      const r = design({ ...flags, ...inputs });
      io.out(JSON.stringify(r.ok ? designJson(r.design) : { error: r.error }));
    }
    return EXIT_OK;
  }

  const r = design(flags);
  if (!r.ok) {
    io.err(`${PREFIX}${r.error}`);
    return EXIT_USAGE;
  }
  if (format === 'definition') return definition(flags, values, io);
  io.out(format === 'json' ? JSON.stringify(designJson(r.design)) : designTable(r.design));
  return EXIT_OK;
}

/** A kind's id from its name: lower case letters, digits and `_` (the trap file's rule). */
function idOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'designed';
}

/** The designed trap as a trap file, printed or written to `--out`. */
function definition(inputs: DesignInputs, values: Record<string, string | boolean | (string | boolean)[] | undefined>, io: CliIO): number {
  const name = typeof values.name === 'string' ? values.name : 'designed trap';
  const id = typeof values.id === 'string' ? values.id : idOf(name);
  // A touch trigger sits on what is touched: a door, unless told otherwise.
  const host = typeof values.host === 'string' ? values.host : inputs.trigger === 'touch' || inputs.trigger === 'touch-attached' ? 'door' : 'floor';
  if (host !== 'floor' && host !== 'door' && host !== 'chest') {
    io.err(`${PREFIX}--host must be floor, door or chest, got "${host}"`);
    return EXIT_USAGE;
  }
  const kind = designedKind(inputs, { id, name, host: host as Host });
  if ('error' in kind) {
    io.err(`${PREFIX}${kind.error}`);
    return EXIT_USAGE;
  }
  const file: TrapFile = { format: 'trapsmith-traps', version: 1, ruleset: 'd20', name, description: 'Made by the d20 trap designer (trapsmith design d20 --format definition).', traps: [kind] };
  const text = `${JSON.stringify(file, null, 2)}\n`;
  if (typeof values.out === 'string') {
    try {
      writeFileSync(values.out, text);
    } catch (e) {
      io.err(`${PREFIX}--out ${values.out}: ${(e as Error).message}`);
      return EXIT_USAGE;
    }
    io.out(`wrote ${values.out}: ${name} (CR ${String(kind.numbers.cr)}); play it with --traps ${values.out}`);
  } else io.out(text.trimEnd());
  return EXIT_OK;
}
