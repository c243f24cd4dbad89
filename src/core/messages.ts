/**
 * Messages as templates, so one line serves the hero and an onlooker (after hauberk's
 * `Log.conjugate`): "{1} fall[s] into the pit[!|.]" says "You fall into the pit!" to the hero and
 * "The kobold falls into the pit." to someone watching the kobold.
 *
 * The grammar of a template:
 *   {1} {2} {3}   the nouns' text ("you", "the kobold", "the arrow")
 *   {1 his}       the possessive: "your", "the kobold's"
 *   {1 him}       the object form: "you", "the kobold"
 *   [s] [es]      a verb ending, written only when noun 1 is not "you"
 *   [a|b]         a when noun 1 is "you", b otherwise; either side may be empty or hold nouns
 *                 ("[your|{1}’s]"), never another bracket
 * The result starts with a capital, and so does a noun placed right after ". ", "! " or "? ".
 * Anything else in braces or brackets, or an unmatched one, throws an Error naming the template: a
 * template is the program's text, never the player's, so a bad one is a programming error.
 *
 * One pass over the template with `indexOf`, no regular expressions: this runs for every message.
 */
import type { Tone } from './events.ts';
import type { RuleContext } from './ruleset.ts';
import type { Actor, World } from './world.ts';

/** A noun a message names: the hero is "you" (second person), anything else third person. */
export interface Noun {
  readonly text: string;
  readonly you: boolean;
}

const YOU: Noun = Object.freeze({ text: 'you', you: true });

/** "you" for the hero, "the kobold" for anyone else. */
export function nounOf(world: World, actor: Actor): Noun {
  return actor.id === world.playerId ? YOU : { text: `the ${actor.name}`, you: false };
}

/** A third-person noun that is not an actor: thing('the arrow'). */
export function thing(text: string): Noun {
  return { text, you: false };
}

const OPEN_NOUN = 123; // {
const CLOSE_NOUN = 125; // }
const OPEN_CHOICE = 91; // [
const CLOSE_CHOICE = 93; // ]
const ZERO = 48;

function malformed(template: string, what: string): Error {
  return new Error(`message template ${JSON.stringify(template)}: ${what}`);
}

/** Does `out` end a sentence, so that what follows starts with a capital? */
function atSentenceStart(out: string): boolean {
  const n = out.length;
  if (n === 0) return true;
  if (n < 2 || out.charCodeAt(n - 1) !== 32) return false;
  const p = out[n - 2];
  return p === '.' || p === '!' || p === '?';
}

function upperFirst(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** The text of the noun placeholder `body` ("1", "2 his", "1 him"). */
function nounText(template: string, body: string, nouns: readonly Noun[]): string {
  const digit = body.charCodeAt(0) - ZERO;
  const noun = body.length > 0 && digit >= 1 && digit <= 9 ? nouns[digit - 1] : undefined;
  if (!noun) throw malformed(template, `no noun for {${body}} (${nouns.length} given)`);
  if (body.length === 1) return noun.text;
  const form = body.slice(1);
  if (form === ' his') return noun.you ? 'your' : `${noun.text}'s`;
  if (form === ' him') return noun.text;
  throw malformed(template, `unknown placeholder {${body}}`);
}

/**
 * Appends `template[from, to)` to `out`, expanding its placeholders; `choices` is false inside a
 * [a|b] (a bracket there is an error).
 */
function expand(template: string, from: number, to: number, nouns: readonly Noun[], choices: boolean, out: string): string {
  let i = from;
  let literal = from;
  while (i < to) {
    const c = template.charCodeAt(i);
    if (c === OPEN_NOUN) {
      const end = template.indexOf('}', i + 1);
      if (end < 0 || end >= to) throw malformed(template, 'a "{" without its "}"');
      out += template.slice(literal, i);
      const text = nounText(template, template.slice(i + 1, end), nouns);
      out += atSentenceStart(out) ? upperFirst(text) : text;
      i = literal = end + 1;
    } else if (c === OPEN_CHOICE) {
      if (!choices) throw malformed(template, 'a "[" inside a [a|b]');
      const end = template.indexOf(']', i + 1);
      if (end < 0 || end >= to) throw malformed(template, 'a "[" without its "]"');
      const first = nouns[0];
      if (!first) throw malformed(template, `[${template.slice(i + 1, end)}] needs noun 1`);
      out += template.slice(literal, i);
      const bar = template.indexOf('|', i + 1);
      if (bar >= 0 && bar < end) {
        const another = template.indexOf('|', bar + 1);
        if (another >= 0 && another < end) throw malformed(template, 'a [a|b] with more than one "|"');
        // Both sides are expanded, so a bad placeholder throws whoever the message is for.
        const yours = expand(template, i + 1, bar, nouns, false, out);
        const theirs = expand(template, bar + 1, end, nouns, false, out);
        out = first.you ? yours : theirs;
      } else {
        const ending = template.slice(i + 1, end);
        if (ending !== 's' && ending !== 'es') throw malformed(template, `unknown verb ending [${ending}]`);
        if (!first.you) out += ending;
      }
      i = literal = end + 1;
    } else if (c === CLOSE_NOUN || c === CLOSE_CHOICE) {
      throw malformed(template, `a "${template[i]}" without its opening`);
    } else i++;
  }
  return out + template.slice(literal, to);
}

/**
 * The template with its nouns, verb endings and choices filled in (noun 1 is the subject the
 * verbs agree with), starting with a capital.
 */
export function conjugate(template: string, ...nouns: Noun[]): string {
  return upperFirst(expand(template, 0, template.length, nouns, true, ''));
}

/**
 * Says the message: to the hero (if `actor` is the player) in `tone` (default 'trap', as every
 * ruleset's trap messages are); to an onlooker who sees the actor's cell in `seenTone` (default
 * 'info'); nothing otherwise, and nothing when the line comes out empty (`[You are held.|]`
 * tells the hero alone). Noun {1} is the actor, `others` are {2}, {3}.
 */
export function show(
  ctx: Pick<RuleContext, 'world' | 'say' | 'playerSees'>,
  actor: Actor,
  template: string,
  tone: Tone = 'trap',
  opts?: { seenTone?: Tone; others?: readonly Noun[] },
): void {
  const others = opts?.others ?? [];
  const hero = actor.id === ctx.world.playerId;
  if (!hero && !ctx.playerSees(actor.x, actor.y)) return;
  const text = conjugate(template, hero ? YOU : nounOf(ctx.world, actor), ...others);
  if (text) ctx.say(text, hero ? tone : (opts?.seenTone ?? 'info'));
}
