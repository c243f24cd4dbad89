/**
 * The whole step onto a trap of Wasteland Battles (`odds wasteland step`) against a computation
 * from the rules alone: the seed text (seeds/004, German) for what entering does — one die, a
 * skull springs the trap and it does its damage, a detector means no roll — and RULES.md for what
 * the seed leaves open: the die's sandbox default (3 skull, 2 shield, 1 blank on a d6; given
 * faces, the rest of the d6 blank) and the damage per trap (caltrops 1, bear trap 2, mine 3).
 * Every face of the die is enumerated here with exact fractions; nothing here calls the ruleset's
 * own programs, only the CLI's `main`, whose JSON it reads.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { rulesText, seedText } from '../../support/seeds.ts';

const SEED = seedText('wasteland');
const RULES = rulesText();

/** RULES.md's decisions for wasteland: from "### wasteland" to the next rule. */
const DECISIONS = RULES.slice(RULES.indexOf('### wasteland'), RULES.indexOf('\n---', RULES.indexOf('### wasteland')));

/** The seed's German trap names, as the ruleset's trap ids. */
const TRAP_IDS: Record<string, string> = { Krähenfüße: 'caltrops', Fangeisen: 'bear_trap', Mine: 'mine' };

/** Dice rolled on entering ("Dies geschieht mittels 1 Würfels"). */
function enteringDice(): number {
  const m = /Dies geschieht mittels (\d+) Würfels\. Zeigt der Würfel einen Totenkopf so hat der Held die Falle ausgelöst und nimmt Schaden/.exec(SEED);
  if (!m) throw new Error('the seed no longer says how entering is rolled');
  return Number(m[1]);
}

/** RULES.md's default die: [skull, shield, blank] faces. */
function defaultDie(): [number, number, number] {
  const m = /a d6 with (\d+) skull, (\d+) shield and\s+(\d+) blank face/.exec(DECISIONS);
  if (!m) throw new Error('RULES.md no longer gives the default die');
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** RULES.md's damage per trap (sandbox default). */
function damageByTrap(): Record<string, number> {
  const m = /Damage per trap \(\*\*sandbox default\*\*\): caltrops (\d+) and [^;]*; bear trap (\d+) and [^;]*;\s*mine (\d+) to everyone within 1/.exec(DECISIONS);
  if (!m) throw new Error('RULES.md no longer gives the damage per trap');
  return { caltrops: Number(m[1]), bear_trap: Number(m[2]), mine: Number(m[3]) };
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const text = (n: bigint, d: bigint): string => {
  const g = gcd(n, d) || 1n;
  return `${n / g}/${d / g}`;
};

interface Situation {
  trap: string;
  hp: number;
  /** [skull, shield, blank] given as flags; absent: RULES.md's default die. */
  faces?: [number, number, number];
  /** Only skull and shield given: the rest of the d6 is blank. */
  skullShield?: [number, number];
  detector?: boolean;
  flying?: boolean;
  damage?: number;
  /** Settings of a variant the check reads instead of the defaults. */
  settings?: Record<string, number>;
}

/** The four outcomes, exactly, from the seed and RULES.md alone. */
function expected(s: Situation): Record<string, string> {
  const [skull, shield, blank] = s.faces ?? (s.skullShield ? [s.skullShield[0], s.skullShield[1], 6 - s.skullShield[0] - s.skullShield[1]] : defaultDie());
  const die = [...Array(skull).fill('skull'), ...Array(shield).fill('shield'), ...Array(blank).fill('blank')] as string[];
  const damageSetting = { caltrops: 'caltropsDamage', bear_trap: 'bearTrapDamage', mine: 'mineDamage' }[s.trap]!;
  const damage = s.damage ?? s.settings?.[damageSetting] ?? damageByTrap()[s.trap]!;
  const out = { avoided: 0n, unhurt: 0n, hurt: 0n, death: 0n };
  // A flier never stands on a floor trap; with a detector "Es wird nicht ausgewürfelt".
  if (s.flying || s.detector) return { avoided: '1/1', unhurt: '0/1', hurt: '0/1', death: '0/1' };
  // Every sequence of faces of the entering dice, each as likely as the next.
  const n = enteringDice();
  let rolls: string[][] = [[]];
  for (let i = 0; i < n; i++) rolls = rolls.flatMap((r) => die.map((f) => [...r, f]));
  for (const r of rolls) {
    if (!r.includes('skull')) out.avoided++;
    else out[damage <= 0 ? 'unhurt' : damage >= s.hp ? 'death' : 'hurt']++;
  }
  const total = BigInt(rolls.length);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, text(v, total)]));
}

/** A variant file of wasteland with these settings, for `--variant`. */
function variantFile(settings: Record<string, number>): string {
  const path = join(mkdtempSync(join(tmpdir(), 'wl-step-')), 'variant.json');
  // A variant's name is its registered id: one name per set of settings.
  const name = `step odds ${Object.entries(settings).map(([k, v]) => `${k} ${v}`).join(' ')}`;
  writeFileSync(path, JSON.stringify({ name, ruleset: 'wasteland', settings }));
  return path;
}

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => '' });
  return { code, out, err };
}

function argsOf(s: Situation): string[] {
  const args = ['odds', 'wasteland', 'step', '--trap', s.trap, '--hp', String(s.hp)];
  if (s.faces) args.push('--skull-faces', String(s.faces[0]), '--shield-faces', String(s.faces[1]), '--blank-faces', String(s.faces[2]));
  if (s.skullShield) args.push('--skull-faces', String(s.skullShield[0]), '--shield-faces', String(s.skullShield[1]));
  if (s.detector) args.push('--detector');
  if (s.flying) args.push('--flying');
  if (s.damage !== undefined) args.push('--damage', String(s.damage));
  if (s.settings) args.push('--variant', variantFile(s.settings));
  return args;
}

/** What `trapsmith odds wasteland step` prints, as outcome -> exact fraction. */
async function printed(s: Situation): Promise<Record<string, string>> {
  const r = await run(argsOf(s));
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  const json = JSON.parse(r.out) as { outcomes: Record<string, { exact: string }> };
  return Object.fromEntries(Object.entries(json.outcomes).map(([k, v]) => [k, v.exact]));
}

const SITUATIONS: Situation[] = [
  { trap: 'caltrops', hp: 20 },
  { trap: 'caltrops', hp: 1 },
  { trap: 'bear_trap', hp: 2 },
  { trap: 'bear_trap', hp: 3 },
  { trap: 'mine', hp: 3 },
  { trap: 'mine', hp: 4 },
  { trap: 'bear_trap', hp: 5, faces: [1, 1, 4] },
  { trap: 'mine', hp: 2, faces: [4, 1, 1] },
  { trap: 'caltrops', hp: 1, faces: [0, 6, 0] },
  { trap: 'caltrops', hp: 9, faces: [6, 0, 0] },
  { trap: 'bear_trap', hp: 1, faces: [2, 2, 2], damage: 0 },
  { trap: 'mine', hp: 7, faces: [1, 2, 0], damage: 7 },
  { trap: 'caltrops', hp: 1, skullShield: [5, 0] },
  { trap: 'bear_trap', hp: 4, skullShield: [1, 4] },
  { trap: 'mine', hp: 1, detector: true },
  { trap: 'caltrops', hp: 1, flying: true, faces: [6, 0, 0] },
  { trap: 'mine', hp: 5, settings: { mineDamage: 5 } },
  { trap: 'caltrops', hp: 3, settings: { caltropsDamage: 0 } },
];

function label(s: Situation): string {
  const die = s.faces ? `die ${s.faces.join('/')}` : s.skullShield ? `${s.skullShield[0]} skull ${s.skullShield[1]} shield on a d6` : 'the default die';
  const extra = [s.detector && 'a detector', s.flying && 'flying', s.damage !== undefined && `damage ${s.damage}`, s.settings && `settings ${JSON.stringify(s.settings)}`].filter(Boolean);
  return `${s.trap}, ${s.hp} HP, ${die}${extra.length ? `, ${extra.join(', ')}` : ''}`;
}

describe('wasteland: the whole step onto a trap, exactly', () => {
  it('the seed and RULES.md give what the reading uses: three traps, one die on entering, the default die and damage', () => {
    for (const name of Object.keys(TRAP_IDS)) expect(SEED).toMatch(new RegExp(`^- ${name}$`, 'm'));
    expect(enteringDice()).toBe(1);
    expect(SEED).toMatch(/Hat ein Held einen Detektor in seinem Gepäck kann er gefahrlos ein Feld mit einer Falle betreten\. Es wird nicht ausgewürfelt/);
    expect(defaultDie()).toEqual([3, 2, 1]);
    expect(damageByTrap()).toEqual({ caltrops: 1, bear_trap: 2, mine: 3 });
  });

  for (const s of SITUATIONS) {
    it(`${label(s)}: as the rules give`, async () => {
      expect(await printed(s)).toEqual(expected(s));
    });
  }

  it('has the outcomes the issue gives and names what it leaves out', async () => {
    const r = await run(['odds', 'wasteland']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}step {2}--trap <enum> --hp <int 1\.\.10000> .*\[--detector\] \[--flying\] \[--damage 0\.\.99\]$/m);
    const json = JSON.parse((await run(['odds', 'wasteland', 'step', '--trap', 'mine', '--hp', '3'])).out) as { outcomes: Record<string, unknown> };
    expect(Object.keys(json.outcomes)).toEqual(['avoided', 'unhurt', 'hurt', 'death']);
    expect(r.out).toMatch(/Leaves out the mine's blast on others/);
  });

  it('refuses what it cannot read: another trap, no hit points, a die with no faces', async () => {
    const other = await run(['odds', 'wasteland', 'step', '--trap', 'spear', '--hp', '3']);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/--trap: expected one of caltrops, bear_trap, mine, got "spear"/);
    const dead = await run(['odds', 'wasteland', 'step', '--trap', 'mine', '--hp', '0']);
    expect(dead.code).toBe(2);
    expect(dead.err).toMatch(/--hp must be from 1/);
    const noFaces = await run(['odds', 'wasteland', 'step', '--trap', 'mine', '--hp', '3', '--skull-faces', '0', '--shield-faces', '0', '--blank-faces', '0']);
    expect(noFaces.code).toBe(2);
    expect(noFaces.err).toMatch(/the die has no faces/);
  });
});
