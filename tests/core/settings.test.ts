/**
 * Settings declared once (core/settings.ts): a ruleset's list of specs gives its typed reading,
 * values of the wrong type fall back to the default, and the type of each setting is its spec's
 * (checked by the compiler: `npm run typecheck` reads this file).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineInputs } from '../../src/core/checkInputs.ts';
import { defineSettings } from '../../src/core/settings.ts';
import { d20Settings } from '../../src/rulesets/d20/settings.ts';

const DEMO = defineSettings([
  { name: 'radius', type: 'int', default: 2, min: 0, max: 9, description: 'A radius.' },
  { name: 'density', type: 'number', default: 1.5, description: 'A density.' },
  { name: 'visible', type: 'boolean', default: false, description: 'Seen?' },
  { name: 'who', type: 'enum', default: 'none', values: ['none', 'clever', 'all'], description: 'Who.' },
  { name: 'label', type: 'string', default: 'x', description: 'A label.' },
]);

describe('defineSettings', () => {
  it('reads each value of its spec\'s type, and the default for one missing or of another type', () => {
    expect(DEMO.read({ radius: 4, density: 0.5, visible: true, who: 'all', label: 'y' })).toEqual({ radius: 4, density: 0.5, visible: true, who: 'all', label: 'y' });
    expect(DEMO.read({ radius: '4', visible: 1, who: 'some', label: 7 })).toEqual({ radius: 2, density: 1.5, visible: false, who: 'none', label: 'x' });
  });

  it('shares one frozen reading per settings object', () => {
    const t = { radius: 3 };
    const a = DEMO.read(t);
    expect(DEMO.read({ radius: 5 }).radius).toBe(5);
    expect(DEMO.read(t)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('names its whole-number settings and reads one by name (a trap kind\'s $name), refusing any other', () => {
    expect(DEMO.intNames).toEqual(['radius']);
    expect(DEMO.int({ radius: 7 }, 'radius')).toBe(7);
    expect(() => DEMO.int({}, 'density')).toThrow(/no whole-number setting "density" \(radius\)/);
  });

  it('types each setting by its spec: numbers, yes/no, an enum\'s values, text; no other names', () => {
    const s = DEMO.read({});
    expectTypeOf(s.radius).toEqualTypeOf<number>();
    expectTypeOf(s.visible).toEqualTypeOf<boolean>();
    expectTypeOf(s.who).toEqualTypeOf<'none' | 'clever' | 'all'>();
    expectTypeOf(s.label).toEqualTypeOf<string>();
    // @ts-expect-error: no setting of that name
    expect(s.raduis).toBeUndefined();
    expectTypeOf(d20Settings({}).dying).toEqualTypeOf<'srd' | 'dead-at-0'>();
    expectTypeOf(d20Settings({}).playerLevel).toEqualTypeOf<number>();
  });
});

describe('defineInputs', () => {
  const STEP = defineInputs([
    { name: 'trap', type: 'enum', required: true, values: ['pit', 'arrow'], description: 'The trap.' },
    { name: 'hp', type: 'int', required: true, min: 1, description: 'Hit points.' },
    { name: 'danger', type: 'int', default: 3, description: 'Danger.' },
    { name: 'trap-sense', type: 'boolean', default: false, description: 'Trap sense.' },
  ]);

  it('reads each input of its type, else its default, else nothing of the type; an enum as given', () => {
    expect(STEP.read({ trap: 'pit', hp: 7, danger: 1, 'trap-sense': true })).toEqual({ trap: 'pit', hp: 7, danger: 1, 'trap-sense': true });
    expect(STEP.read({ trap: 'spear' })).toEqual({ trap: 'spear', hp: 0, danger: 3, 'trap-sense': false });
    expect(STEP.params.map((p) => p.name)).toEqual(['trap', 'hp', 'danger', 'trap-sense']);
  });

  it('types each input by its param', () => {
    const v = STEP.read({});
    expectTypeOf(v.hp).toEqualTypeOf<number>();
    expectTypeOf(v['trap-sense']).toEqualTypeOf<boolean>();
    expectTypeOf(v.trap).toEqualTypeOf<'pit' | 'arrow'>();
    // @ts-expect-error: no input of that name
    expect(v.dodge).toBeUndefined();
  });
});
