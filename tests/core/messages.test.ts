import { describe, expect, it } from 'vitest';
import { StepContext } from '../../src/core/context.ts';
import { conjugate, type Noun, nounOf, show, thing } from '../../src/core/messages.ts';
import { player } from '../../src/core/level.ts';
import type { World } from '../../src/core/world.ts';
import { scenario } from '../support/scenario.ts';

/** The hero, a kobold in view and a goblin behind a wall. */
function room(): World {
  return scenario({ ruleset: 'test', map: ['#########', '#@.k.#.g#', '#########'], sleepingMonsters: true });
}

function monster(w: World, kind: string) {
  const a = w.actors.find((x) => x.kind === kind);
  if (!a) throw new Error(`no ${kind}`);
  return a;
}

const you: Noun = { text: 'you', you: true };
const kobold = thing('the kobold');
const arrow = thing('the arrow');

describe('nounOf and thing', () => {
  it('the hero is "you" in the second person, a monster "the <name>" in the third', () => {
    const w = room();
    expect(nounOf(w, player(w))).toEqual({ text: 'you', you: true });
    expect(nounOf(w, monster(w, 'kobold'))).toEqual({ text: 'the kobold', you: false });
    expect(thing('the arrow')).toEqual({ text: 'the arrow', you: false });
  });
});

describe('conjugate', () => {
  it('fills in the nouns {1} {2} {3}', () => {
    expect(conjugate('{1} shoots {2} at {3}.', thing('the trap'), arrow, kobold)).toBe('The trap shoots the arrow at the kobold.');
    expect(conjugate('The arrow hits {1}.', kobold)).toBe('The arrow hits the kobold.');
    expect(conjugate('The arrow hits {1}.', you)).toBe('The arrow hits you.');
  });

  it('{n his} is the possessive, {n him} the object form', () => {
    expect(conjugate('A bear trap closes on {1 his} foot!', you)).toBe('A bear trap closes on your foot!');
    expect(conjugate('A bear trap closes on {1 his} foot!', kobold)).toBe('A bear trap closes on the kobold\'s foot!');
    expect(conjugate('{2} hits {1 him}.', you, arrow)).toBe('The arrow hits you.');
    expect(conjugate('{2} hits {1 him}.', kobold, arrow)).toBe('The arrow hits the kobold.');
    expect(conjugate('{1} hit[s] {2 him} with {2 his} own club.', kobold, you)).toBe('The kobold hits you with your own club.');
  });

  it('[s] and [es] are added only when noun 1 is not "you"', () => {
    expect(conjugate('{1} fall[s] and splash[es].', you)).toBe('You fall and splash.');
    expect(conjugate('{1} fall[s] and splash[es].', kobold)).toBe('The kobold falls and splashes.');
    // Noun 2 being "you" does not decide the verb.
    expect(conjugate('{1} see[s] {2}.', kobold, you)).toBe('The kobold sees you.');
  });

  it('[a|b] is a for "you", b otherwise; a side may be empty or hold a noun', () => {
    const pit = '{1} fall[s] into the pit[!|.]';
    expect(conjugate(pit, you)).toBe('You fall into the pit!');
    expect(conjugate(pit, kobold)).toBe('The kobold falls into the pit.');
    expect(conjugate('{1} [are|is] held[ fast|].', you)).toBe('You are held fast.');
    expect(conjugate('{1} [are|is] held[ fast|].', kobold)).toBe('The kobold is held.');
    expect(conjugate('It bites [your|{1}\u2019s] leg.', you)).toBe('It bites your leg.');
    expect(conjugate('It bites [your|{1}\u2019s] leg.', kobold)).toBe('It bites the kobold\u2019s leg.');
  });

  it('capitalises the first letter, and a noun right after ". ", "! " or "? "', () => {
    expect(conjugate('{1} trip[s]. {1} fall[s]! {1} cr[y|ies]? {1} lie[s] still.', you)).toBe('You trip. You fall! You cry? You lie still.');
    expect(conjugate('{1} trip[s]. {1} fall[s]! {1} cr[y|ies]? {1} lie[s] still.', kobold)).toBe('The kobold trips. The kobold falls! The kobold cries? The kobold lies still.');
    expect(conjugate('{1 his} leg is caught. {1 his} leg bleeds.', kobold)).toBe('The kobold\'s leg is caught. The kobold\'s leg bleeds.');
    // The end of a sentence as the choice wrote it counts too.
    expect(conjugate('{1} stumble[s][!|.] {2} lands.', you, arrow)).toBe('You stumble! The arrow lands.');
    // Elsewhere a noun keeps its case, and literal text is left as written.
    expect(conjugate('a dart hits {1}, then {1} again... and {1}.', kobold)).toBe('A dart hits the kobold, then the kobold again... and the kobold.');
    expect(conjugate('Click. the trap resets.', kobold)).toBe('Click. the trap resets.');
    expect(conjugate('', kobold)).toBe('');
  });

  it('a template without placeholders is its own text, capitalised', () => {
    expect(conjugate('you hear a click.')).toBe('You hear a click.');
    expect(conjugate('A | is not a choice outside brackets.')).toBe('A | is not a choice outside brackets.');
  });

  it('throws, naming the template, on an unknown or malformed placeholder', () => {
    const bad: Array<[string, Noun[]]> = [
      ['{1 her} foot', [kobold]],
      ['{0} falls', [kobold]],
      ['{2} falls', [kobold]],
      ['{x} falls', [kobold]],
      ['{} falls', [kobold]],
      ['{1 falls', [kobold]],
      ['1} falls', [kobold]],
      ['{1} fall[ies]', [kobold]],
      ['{1} fall[s', [kobold]],
      ['{1} falls]', [kobold]],
      ['{1} [a|b|c]', [kobold]],
      ['{1} [a|[s]]', [kobold]],
      ['{1} [a|{1]', [kobold]],
      ['It fall[s].', []],
      // A bad side of a choice throws even when the other side is the one said.
      ['{1} [{3}|falls]', [kobold]],
      ['{1} [fall|{1 its}]', [you]],
    ];
    for (const [template, nouns] of bad) expect(() => conjugate(template, ...nouns), template).toThrow(template);
  });
});

describe('show', () => {
  function said(ctx: StepContext): Array<[string, string]> {
    return ctx.events.flatMap((e) => (e.type === 'message' ? [[e.text, e.tone] as [string, string]] : []));
  }

  it('tells the hero in the tone given (trap by default), with the hero as "you"', () => {
    const w = room();
    const ctx = new StepContext(w);
    show(ctx, player(w), '{1} fall[s] into the pit[!|.]', 'bad');
    show(ctx, player(w), '{1} step[s] on a plate.');
    expect(said(ctx)).toEqual([
      ['You fall into the pit!', 'bad'],
      ['You step on a plate.', 'trap'],
    ]);
  });

  it('tells an onlooker who sees the actor, in the seen tone (info by default); an unseen actor says nothing', () => {
    const w = room();
    const ctx = new StepContext(w);
    expect(ctx.playerSees(monster(w, 'kobold').x, monster(w, 'kobold').y)).toBe(true);
    expect(ctx.playerSees(monster(w, 'goblin').x, monster(w, 'goblin').y)).toBe(false);
    show(ctx, monster(w, 'kobold'), '{1} fall[s] into the pit[!|.]', 'bad');
    show(ctx, monster(w, 'kobold'), '{1} [are|is] hit by {2}.', 'bad', { seenTone: 'trap', others: [arrow] });
    show(ctx, monster(w, 'goblin'), '{1} fall[s] into the pit[!|.]', 'bad');
    expect(said(ctx)).toEqual([
      ['The kobold falls into the pit.', 'info'],
      ['The kobold is hit by the arrow.', 'trap'],
    ]);
  });

  it('passes the other nouns to the hero\'s line too', () => {
    const w = room();
    const ctx = new StepContext(w);
    show(ctx, player(w), '{2} hits {1 him}.', 'bad', { others: [arrow] });
    expect(said(ctx)).toEqual([['The arrow hits you.', 'bad']]);
  });
});
