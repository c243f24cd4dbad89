/**
 * The Lab's seed search: a ruleset, a predicate over a level's facts (the language of
 * `trapsmith seeds --where`, sim/levelQuery.ts), the depths and how many levels to look at; run
 * in the Lab's worker with its progress bar and Cancel. Each level found is a link that starts a
 * game on it (depth 1; a deeper level is reached down the stairs of its seed's game).
 */
import { parseLevelQuery, QueryError } from '../../sim/levelQuery.ts';
import { gameQuery } from '../url.ts';
import type { LabJob } from './client.ts';
import { dataTable, fieldNumber, h, labelled, numberInput, select } from './dom.ts';
import type { LabResponse } from './protocol.ts';

const EXAMPLE = 'count(trap.room = same) >= 3';

export function seedsPanel(rulesetIds: string[], run: (j: LabJob, failed: (why: string) => void) => Promise<LabResponse | null>, initial?: string): HTMLElement {
  // A designer's file or variant lives in the page's registry only: the search runs the rulesets as shipped.
  const shipped = rulesetIds.filter((id) => !id.includes('+') && !id.includes('~'));
  const ruleset = select('seeds-ruleset', shipped.map((id) => [id, id]), initial && shipped.includes(initial) ? initial : shipped[0]);
  const where = h('input', { type: 'text', name: 'seeds-where', value: EXAMPLE, spellcheck: false, autocomplete: 'off', class: 'lab-seeds-where' });
  const from = numberInput('seeds-from', 1, 0, 1_000_000_000);
  const fromDepth = numberInput('seeds-depth-from', 1, 1, 100);
  const toDepth = numberInput('seeds-depth-to', 1, 1, 100);
  const limit = numberInput('seeds-limit', 10, 1, 1000);
  const scan = numberInput('seeds-scan', 500, 1, 20_000);
  const style = select('seeds-style', [['rooms', 'rooms'], ['caves', 'caves']], 'rooms');
  const expression = labelled('expression', where);
  expression.classList.add('lab-seeds-expression');
  const go = h('button', { type: 'button', class: 'lab-job lab-seeds-run' }, 'Find levels');
  const message = h('p', { class: 'lab-status', role: 'status' });
  const out = h('div', { class: 'lab-seeds-out' });
  const say = (text: string, error = false) => {
    message.textContent = text;
    message.className = error ? 'lab-status lab-error' : 'lab-status';
  };

  go.addEventListener('click', async () => {
    out.replaceChildren();
    try {
      parseLevelQuery(where.value);
    } catch (e) {
      if (e instanceof QueryError) return say(`The expression: ${e.message}.`, true);
      throw e;
    }
    const numbers = { from: fieldNumber(from), a: fieldNumber(fromDepth), b: fieldNumber(toDepth), limit: fieldNumber(limit), scan: fieldNumber(scan) };
    if (!Number.isInteger(numbers.from) || numbers.from < 0) return say('From seed must be a whole number, 0 or more.', true);
    if (!Number.isInteger(numbers.a) || !Number.isInteger(numbers.b) || numbers.a < 1 || numbers.b > 100 || numbers.a > numbers.b) return say('Depths must be whole numbers from 1 to 100, the first no deeper than the last.', true);
    if (!Number.isInteger(numbers.limit) || numbers.limit < 1 || numbers.limit > 1000) return say('Levels to find must be a whole number from 1 to 1000.', true);
    if (!Number.isInteger(numbers.scan) || numbers.scan < 1 || numbers.scan > 20_000) return say('Levels to look at must be a whole number from 1 to 20000.', true);
    say('');
    const mapStyle = style.value === 'caves' ? 'caves' : 'rooms';
    const search = { levels: { ruleset: ruleset.value, width: 80, height: 40, style: mapStyle, depths: [numbers.a, numbers.b] as const }, where: where.value, from: numbers.from, limit: numbers.limit, scan: numbers.scan } as const;
    const r = await run({ type: 'seeds', search }, (why) => say(`Search refused: ${why}`, true));
    if (r?.type !== 'seedsDone') return;
    const { scanned, found } = r.result;
    say(`${found.length} level${found.length === 1 ? '' : 's'} found in ${scanned} looked at${found.length < numbers.limit ? ' (every level asked for was looked at)' : ''}.`);
    if (found.length === 0) return;
    out.append(
      dataTable(
        ['seed', 'depth', 'rooms', 'traps', 'monsters', ''],
        found.map((f) => [
          f.seed,
          String(f.depth),
          String(f.rooms),
          String(f.traps),
          String(f.monsters),
          f.depth === 1
            ? h('a', { href: gameQuery({ seed: f.seed, ruleset: ruleset.value, width: 80, height: 40, style: mapStyle, settings: {} }), class: 'lab-seed-link' }, 'play this level')
            : `depth ${f.depth}: start seed ${f.seed} and go down`,
        ]),
      ),
    );
  });

  return h(
    'div',
    { class: 'lab-seeds' },
    h(
      'p',
      { class: 'lab-note' },
      'Levels whose facts satisfy an expression: counts (count(trap.kind = "fireball" and trap.room = same) >= 3), a trap somewhere (trap.kind = "pit" and trap.corridor), plurals (doors.trapped >= 2, monsters >= 10), and, or, not: the language of the command line’s seed search (trapsmith seeds).',
    ),
    h('div', { class: 'lab-row' }, labelled('ruleset', ruleset), labelled('map', style)),
    h('div', { class: 'lab-row' }, expression),
    h('div', { class: 'lab-row' }, labelled('from seed', from), labelled('depth from', fromDepth), labelled('to', toDepth), labelled('levels to find', limit), labelled('levels to look at', scan), go),
    message,
    out,
  );
}
