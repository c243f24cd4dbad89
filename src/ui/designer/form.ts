/**
 * The trap designer form's logic, without the DOM: which fields a kind of trap shows, how raw form
 * values become the designer's flat inputs (the same inputs as the CLI's flags), and what the form
 * shows for them: the figures, the breakdown, the warnings, or messages naming the bad fields.
 * Every figure comes from `designFromInputs` (src/rulesets/d20/designer.ts): nothing is computed here.
 */
import {
  checkInput,
  DESIGN_FIELDS,
  type DesignField,
  type DesignInputs,
  designFromInputs,
  fieldByName,
  SRD_SAMPLES,
  type SrdSample,
  type TrapDesign,
} from '../../rulesets/d20/designer.ts';

/** Mechanical trap, magic device trap or spell trap: the form's first choice (the `magic` input). */
export type TrapKindChoice = 'mechanical' | 'device' | 'spell';

export const KIND_CHOICES: ReadonlyArray<{ id: TrapKindChoice; label: string }> = [
  { id: 'mechanical', label: 'Mechanical trap' },
  { id: 'device', label: 'Magic device trap' },
  { id: 'spell', label: 'Spell trap (glyph, symbol, fire trap)' },
];

/** What the form holds: the kind and each field's raw value (text as typed, or a checkbox). */
export interface FormState {
  kind: TrapKindChoice;
  values: Record<string, string | boolean>;
}

/** The fields the form shows for a kind (the `magic` field is the kind choice itself). */
export function fieldsFor(kind: TrapKindChoice): DesignField[] {
  const group = kind === 'mechanical' ? 'mechanical' : 'magic';
  return DESIGN_FIELDS.filter((f) => f.name !== 'magic' && (f.applies === 'both' || f.applies === group));
}

/**
 * Enum fields a trap of this kind must have: a mechanical trap needs its trigger and reset (the
 * designer asks for them); on a magic trap they are optional, so the form offers "none given".
 */
export function isRequired(kind: TrapKindChoice, field: DesignField): boolean {
  return kind === 'mechanical' && (field.name === 'trigger' || field.name === 'reset');
}

/** A new form: a mechanical trap with a location trigger and a manual reset (the SRD's commonest). */
export function initialForm(): FormState {
  return { kind: 'mechanical', values: { trigger: 'location', reset: 'manual' } };
}

/** The form values of an SRD sample. */
export function formOfSample(sample: SrdSample): FormState {
  const magic = sample.inputs.magic;
  const kind: TrapKindChoice = magic === 'device' || magic === 'spell' ? magic : 'mechanical';
  const values: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(sample.inputs)) if (k !== 'magic') values[k] = typeof v === 'boolean' ? v : String(v);
  return { kind, values };
}

/** The samples the list offers, in two groups: those RULES.md names, then those recomputed. */
export function sampleGroups(): Array<{ label: string; samples: SrdSample[] }> {
  return [
    { label: 'Named in RULES.md', samples: SRD_SAMPLES.filter((s) => s.checkedBy === 'RULES.md') },
    { label: 'Also agree with the tables', samples: SRD_SAMPLES.filter((s) => s.checkedBy === 'recomputed') },
  ];
}

/** "--search-dc" in a designer message becomes the field's label ("Search DC"). */
export function withLabels(message: string): { text: string; fields: string[] } {
  const fields: string[] = [];
  const text = message.replace(/--([a-z][a-z-]*)/g, (whole, name: string) => {
    const f = fieldByName(name);
    if (!f) return whole;
    if (!fields.includes(name)) fields.push(name);
    return `“${f.label}”`;
  });
  return { text, fields };
}

export interface Figure {
  /** Stable key for tests and styling (`cr`, `baseCost`, `price`, `craftDc`, `xp`, `searchDc`, ...). */
  key: string;
  label: string;
  value: string;
}

export interface Evaluation {
  /** The inputs given (as the CLI would get them), bad fields left out. */
  inputs: DesignInputs;
  /** Per field: the message for its bad value (it names the field). */
  fieldErrors: Record<string, string>;
  /** The designer's message when the fields are each fine but do not make a trap; its fields. */
  error: { text: string; fields: string[] } | null;
  design: TrapDesign | null;
  figures: Figure[];
}

function gp(n: number): string {
  return `${n.toLocaleString('en-US')} gp`;
}

/** The headline figures of a design, in the order and with the names the SRD uses. */
export function figuresOf(d: TrapDesign): Figure[] {
  if (d.type === 'mechanical')
    return [
      { key: 'cr', label: 'CR', value: String(d.cr) },
      { key: 'baseCost', label: 'Modified base cost', value: gp(d.baseCost) },
      { key: 'price', label: 'Market price', value: gp(d.price) },
      { key: 'craftDc', label: 'Craft (trapmaking) DC', value: d.craftDc === null ? '— (none above CR 10)' : String(d.craftDc) },
    ];
  return [
    { key: 'cr', label: 'CR', value: String(d.cr) },
    { key: 'price', label: d.magic === 'spell' ? 'Cost (hired caster)' : 'Cost (raw materials)', value: gp(d.price) },
    { key: 'xp', label: 'XP cost', value: `${d.xp.toLocaleString('en-US')} XP` },
    { key: 'searchDc', label: 'Search DC', value: String(d.searchDc) },
    { key: 'disableDc', label: 'Disable Device DC', value: String(d.disableDc) },
    { key: 'saveDc', label: 'Save DC', value: String(d.saveDc) },
  ];
}

/** The form's values through the designer: what the panel shows after every input event. */
export function evaluate(form: FormState): Evaluation {
  const inputs: DesignInputs = {};
  const fieldErrors: Record<string, string> = {};
  if (form.kind !== 'mechanical') inputs.magic = form.kind;
  for (const field of fieldsFor(form.kind)) {
    const raw = form.values[field.name];
    if (raw === undefined || raw === false || (typeof raw === 'string' && raw.trim() === '')) continue;
    const checked = checkInput(field, raw);
    if (typeof checked === 'object') {
      // checkInput names the flag ("--search-dc: 120 is above ..."); the form names the label.
      fieldErrors[field.name] = `${field.label}: ${checked.error.replace(/^--[a-z-]+:\s*/, '')}`;
      continue;
    }
    inputs[field.name] = checked;
  }
  if (Object.keys(fieldErrors).length > 0) return { inputs, fieldErrors, error: null, design: null, figures: [] };
  const outcome = designFromInputs(inputs);
  if (!outcome.ok) return { inputs, fieldErrors, error: withLabels(outcome.error), design: null, figures: [] };
  return { inputs, fieldErrors, error: null, design: outcome.design, figures: figuresOf(outcome.design) };
}
