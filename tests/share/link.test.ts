import fc from 'fast-check';
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/core/actions.ts';
import { WORLD_VERSION } from '../../src/core/world.ts';
import { decodeActions, encodeActions } from '../../src/share/actionCodec.ts';
import { decodeLink, encodeLink, linkUrl, payloadOf } from '../../src/share/link.ts';
import { LIMITS } from '../../src/share/limits.ts';
import { decompressedLength } from '../../src/share/lzBudget.ts';
import { replay } from '../../src/share/replay.ts';
import { lzBomb } from './lzBomb.ts';
import { playRandomGame } from './randomGame.ts';

const dir = fc.integer({ min: -1, max: 1 });
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('move' as const), dx: dir, dy: dir, confirm: fc.constant(true) }),
  fc.record({ type: fc.constant('move' as const), dx: dir, dy: dir }),
  fc.constantFrom<Action>({ type: 'wait' }, { type: 'search' }, { type: 'descend' }, { type: 'pickup' }, { type: 'trigger' }),
  fc.record({ type: fc.constantFrom('disarm' as const, 'open' as const, 'close' as const, 'kick' as const), dx: dir, dy: dir }),
  fc.record({ type: fc.constant('rig' as const), what: fc.string({ minLength: 1, maxLength: 40 }), dx: dir, dy: dir }),
);

describe('compact actions', () => {
  it('decode(encode(actions)) gives the actions back, for any actions', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 60 }), (actions) => {
        const back = decodeActions(encodeActions(actions), LIMITS.actions);
        expect(back.ok && back.value).toEqual(actions);
      }),
    );
  });

  it('one character a move, numpad directions', () => {
    expect(encodeActions([{ type: 'move', dx: 0, dy: -1 }, { type: 'move', dx: -1, dy: 1, confirm: true }, { type: 'search' }, { type: 'open', dx: 1, dy: 0 }])).toBe('8!1sO6');
  });

  it('a bad code is named with its position', () => {
    const r = decodeActions('88sZ', 100);
    expect(!r.ok && r.problem.message).toBe('moves: unknown action code "Z" at character 4');
    const cut = decodeActions('88R6spike', 100);
    expect(!cut.ok && cut.problem.message).toMatch(/closing ";"/);
    const tooMany = decodeActions('8'.repeat(11), 10);
    expect(!tooMany.ok && tooMany.problem.kind).toBe('size');
  });
});

describe('lz-string length budget', () => {
  it('predicts the exact decompressed length of any compressed text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 }), fc.stringMatching(/^[ab]{0,400}$/)), (s) => {
        const c = LZString.compressToEncodedURIComponent(s);
        expect(decompressedLength(c, 1e9)).toEqual({ length: LZString.decompressFromEncodedURIComponent(c).length });
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with lz-string on cut payloads: truncated where it gives "", invalid where it gives null', () => {
    const c = LZString.compressToEncodedURIComponent(JSON.stringify({ some: 'text', n: [1, 2, 3, 4, 5, 6, 7, 8, 9] }));
    for (let cut = 1; cut < c.length; cut++) {
      const mine = decompressedLength(c.slice(0, cut), 1e9);
      const theirs = LZString.decompressFromEncodedURIComponent(c.slice(0, cut));
      if ('error' in mine) {
        if (mine.error === 'truncated') expect(theirs, `cut ${cut}`).toBe('');
        if (mine.error === 'invalid') expect(theirs, `cut ${cut}`).toBeNull();
      } else expect(theirs?.length, `cut ${cut}`).toBe(mine.length);
    }
  });

  it('stops a decompression bomb before it is built', () => {
    // The bomb builder is right: a small one decompresses (with lz-string) to what it should.
    const small = LZString.decompressFromEncodedURIComponent(lzBomb(100));
    let expected = 1;
    for (let k = 2; k <= 101; k++) expected += k;
    expect(small).toBe('a'.repeat(expected));
    expect(decompressedLength(lzBomb(100), 1e9)).toEqual({ length: expected });
    const bomb = lzBomb(6000); // 18 million characters out of about 13,000
    expect(bomb.length).toBeLessThan(LIMITS.linkChars);
    expect(decompressedLength(bomb, LIMITS.linkDecompressedChars)).toEqual({ error: 'too-big' });
  });
});

describe('links', () => {
  const file = () => playRandomGame({ seed: 'link', ruleset: 'test', settings: { monsters: 3 } }, 1500, 7).file();

  it('round trip: the link opens the same game, which replays to the recorded hash', () => {
    const f = { ...file(), name: '<b>my run</b>' };
    const url = linkUrl('https://example.org/trapsmith/index.html#old', f);
    expect(url.startsWith('https://example.org/trapsmith/index.html#g=')).toBe(true);
    const back = decodeLink(payloadOf(url)!);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.seed).toBe(f.seed);
    expect(back.value.name).toBe(f.name);
    expect(back.value.settings).toEqual(f.settings);
    expect(back.value.actions.length).toBe(f.actions.length);
    expect(replay(back.value).hash).toBe(f.hash);
    // About 1,500 turns fit in a few kilobytes.
    expect(url.length).toBeLessThan(6000);
  });

  it('survives what chat programs do to links: "+" as a space, "$" percent-encoded', () => {
    const f = file();
    const p = encodeLink(f);
    const mangled = p.replace(/\+/g, ' ').replace(/\$/g, '%24');
    const back = decodeLink(mangled);
    expect(back.ok && replay(back.value).hash).toBe(f.hash);
  });

  it('a link from another world version says so', () => {
    const f = { ...file(), version: WORLD_VERSION - 1 };
    const r = decodeLink(encodeLink(f));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problem.kind).toBe('version');
      expect(r.problem.message).toMatch(/This link was made with an older version of Trapsmith/);
    }
  });

  it('truncated, damaged, huge and foreign links each get their message', () => {
    const p = encodeLink(file());
    const cases: Array<[string, RegExp]> = [
      [p.slice(0, Math.floor(p.length / 2)), /cut short|damaged/],
      ['', /holds no game/],
      ['abc<script>', /characters a Trapsmith link never has/],
      ['%E0%A4%A', /broken %-escape/],
      ['x'.repeat(LIMITS.linkChars + 1), /too long/],
      [lzBomb(6000), /expands to more than/],
      [LZString.compressToEncodedURIComponent('not json'), /not readable/],
      [LZString.compressToEncodedURIComponent('[1,2]'), /not a Trapsmith game link/],
      [LZString.compressToEncodedURIComponent(JSON.stringify({ v: WORLD_VERSION, a: '8Q' })), /moves: unknown action code "Q" at character 2/],
      [LZString.compressToEncodedURIComponent(JSON.stringify({ v: WORLD_VERSION, a: '8', s: 5 })), /seed: expected text, got the number 5/],
    ];
    for (const [payload, message] of cases) {
      const r = decodeLink(payload);
      expect(r.ok, String(message)).toBe(false);
      if (!r.ok) expect(r.problem.message, String(message)).toMatch(message);
    }
  });

  it('payloadOf finds the game among other fragment parts and ignores URLs without one', () => {
    expect(payloadOf('https://x.org/#view=1&g=ABC')).toBe('ABC');
    expect(payloadOf('#g=')).toBe('');
    expect(payloadOf('https://x.org/?g=1')).toBeNull();
  });
});
