/**
 * One schema for what starts a game: every value the page's address accepts is accepted by a save
 * and a link too (the same header comes back), and every value the address refuses is refused by a
 * save and a link, each message naming the field.
 */
import { describe, expect, it } from 'vitest';
import { CORE_SETTINGS, listRulesets } from '../../src/core/registry.ts';
import type { SettingSpec } from '../../src/core/ruleset.ts';
import { SAVE_FORMAT, validateReplay } from '../../src/share/format.ts';
import { LIMITS } from '../../src/share/limits.ts';
import { decodeLink, encodeLink } from '../../src/share/link.ts';
import { headerFor, record } from '../../src/share/replay.ts';
import { SaveStore } from '../../src/share/saves.ts';
import { inWords, parseGameUrl } from '../../src/ui/url.ts';
import { memoryStorage } from './memoryStorage.ts';

const rulesets = listRulesets();

/** Candidate address texts for a setting: its edges, one past them, and what is not its type. */
function candidates(spec: SettingSpec): string[] {
  const out = ['', 'abc', 'true', '1e2', '0x10', ' 5 ', 'x'.repeat(LIMITS.settingChars), 'x'.repeat(LIMITS.settingChars + 1)];
  if (spec.type === 'int' || spec.type === 'number') {
    for (const n of [spec.min, spec.max]) if (n !== undefined) out.push(String(n), String(n - 1), String(n + 1));
    out.push('2.5', String(LIMITS.actions), String(LIMITS.actions + 1));
  }
  if (spec.type === 'enum') out.push(...(spec.values ?? []), 'nope');
  if (spec.type === 'boolean') out.push('false', 'maybe');
  if (spec.type === 'string') out.push(String(spec.default), `${spec.default},nonsense`);
  return out;
}

/** The value a file would hold for an address's text (files hold numbers and true/false as such). */
function fileValue(spec: SettingSpec, text: string): unknown {
  if ((spec.type === 'int' || spec.type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (spec.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function saveOf(header: object): unknown {
  return { format: SAVE_FORMAT, ...header, actions: [] };
}

describe('one schema for the address, saves and links', () => {
  it('every setting of every ruleset: what the address accepts saves and links as the same header; what it refuses, both refuse, naming the field', () => {
    let accepted = 0;
    let refused = 0;
    for (const ruleset of rulesets) {
      for (const spec of [...CORE_SETTINGS, ...ruleset.settings]) {
        for (const text of candidates(spec)) {
          const query = `?seed=one&ruleset=${ruleset.id}&s.${spec.name}=${encodeURIComponent(text)}`;
          const parsed = parseGameUrl(query, rulesets, () => 'fresh');
          const label = `${ruleset.id} ${spec.name}=${JSON.stringify(text.slice(0, 20))}`;
          const header = { ...headerFor({ ...parsed.options, ruleset: ruleset.id }), settings: { ...headerFor({ ...parsed.options }).settings } };
          if (parsed.errors.length === 0) {
            accepted++;
            const save = validateReplay(saveOf(header));
            expect(save.ok, `${label}: ${!save.ok && save.problem.message}`).toBe(true);
            const link = decodeLink(encodeLink({ format: 'trapsmith-replay', ...header, actions: [] }));
            expect(link.ok && link.value.settings, label).toEqual(header.settings);
          } else {
            refused++;
            const field = `settings${parsed.errors[0]!.startsWith('Settings:') ? '' : `.${spec.name}`}`;
            // The page names the field in words (inWords), the save by its path: the same field.
            expect(parsed.errors.join(' '), label).toContain(inWords(`${field}: `));
            // The same value in a save: refused, naming the same field.
            const raw = { ...header, settings: { ...header.settings, [spec.name]: fileValue(spec, text) } };
            const save = validateReplay(saveOf(raw));
            if (field === 'settings') continue; // a "do not go together" refusal: the address falls back, the file says why below
            expect(save.ok, label).toBe(false);
            if (!save.ok) expect(save.problem.message, label).toContain(field);
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('seeds, sizes and styles: the address and a save agree on every edge', () => {
    const cases: Array<[string, string, unknown, string | null]> = [
      ['seed', 'a', 'a', null],
      ['seed', 'with spaces & <b>marks</b>', 'with spaces & <b>marks</b>', null],
      ['seed', 'é'.repeat(LIMITS.seedChars), 'é'.repeat(LIMITS.seedChars), null],
      ['seed', 's'.repeat(LIMITS.seedChars + 1), 's'.repeat(LIMITS.seedChars + 1), 'seed'],
      ['w', '40', 40, null],
      ['w', '200', 200, null],
      ['w', '39', 39, 'width'],
      ['w', '201', 201, 'width'],
      ['w', '50.5', 50.5, 'width'],
      ['h', '25', 25, null],
      ['h', '24', 24, 'height'],
      ['style', 'caves', 'caves', null],
      ['style', 'maze', 'maze', 'style'],
    ];
    for (const [param, text, value, field] of cases) {
      const parsed = parseGameUrl(`?${param === 'seed' ? '' : 'seed=base&'}ruleset=cdda&${param}=${encodeURIComponent(text)}`, rulesets, () => 'fresh');
      const key = param === 'w' ? 'width' : param === 'h' ? 'height' : param;
      const header = { ...headerFor({ ...parsed.options }), [key]: value };
      const save = validateReplay(saveOf(header));
      if (field === null) {
        expect(parsed.errors, `${param}=${text}`).toEqual([]);
        expect(save.ok, `${param}=${text}: ${!save.ok && save.problem.message}`).toBe(true);
        const link = decodeLink(encodeLink({ format: 'trapsmith-replay', ...(header as ReturnType<typeof headerFor>), actions: [] }));
        expect(link.ok && (link.value as unknown as Record<string, unknown>)[key]).toEqual(value);
      } else {
        expect(parsed.errors.join(' '), `${param}=${text}`).toMatch(new RegExp(`(^|Map )${inWords(field)}:`, 'i'));
        expect(save.ok).toBe(false);
        if (!save.ok) expect(save.problem.message).toContain(`${field}:`);
      }
    }
  });

  it('a game started from the address with its longest settings is saved, and its link opens', () => {
    // 39 × "fire," and "snare": exactly the longest text a setting may have.
    const long = `${'fire,'.repeat(39)}snare`;
    expect(long).toHaveLength(LIMITS.settingChars);
    const parsed = parseGameUrl(`?seed=${'q'.repeat(LIMITS.seedChars)}&ruleset=omega&s.components=${encodeURIComponent(long)}&s.turnLimit=${LIMITS.actions}`, rulesets, () => 'fresh');
    expect(parsed.errors).toEqual([]);
    const rec = record(parsed.options);
    rec.step({ type: 'wait' });
    const store = new SaveStore(memoryStorage());
    expect(store.write(rec.file()).ok).toBe(true);
    const link = decodeLink(encodeLink(rec.file()));
    expect(link.ok && link.value.hash).toBe(rec.file().hash);
    // One character more, or a longer game than a save holds: refused by the address, naming the field.
    const over = parseGameUrl(`?ruleset=omega&s.components=${'x'.repeat(LIMITS.settingChars + 1)}&s.turnLimit=${LIMITS.actions + 1}`, rulesets, () => 'fresh');
    expect(over.errors).toHaveLength(2);
    expect(over.errors[0]).toMatch(/^Setting "components": too long \(201 characters; at most 200\)/);
    expect(over.errors[1]).toMatch(/^Setting "turnLimit": at most 100000 in a game that is saved and linked/);
    expect(over.options.settings).toEqual({});
  });
});
