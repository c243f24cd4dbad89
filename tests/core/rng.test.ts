import { describe, expect, it } from 'vitest';
import { initialStreams, Stream, streamSeed, STREAM_NAMES, Streams } from '../../src/core/rng.ts';

describe('RNG streams', () => {
  it('each stream of a seed is different, and the same for the same seed', () => {
    const a = initialStreams('seed-1');
    const b = initialStreams('seed-1');
    expect(a).toEqual(b);
    const seeds = new Set(STREAM_NAMES.map((n) => streamSeed('seed-1', n)));
    expect(seeds.size).toBe(STREAM_NAMES.length);
    expect(initialStreams('seed-2').map).not.toEqual(a.map);
  });

  it('states survive JSON and continue the same sequence', () => {
    const s = Stream.fromSeed(123);
    for (let i = 0; i < 10; i++) s.uniform();
    const copy = new Stream(JSON.parse(JSON.stringify(s.state())) as number[]);
    for (let i = 0; i < 50; i++) expect(copy.int(1, 1000)).toBe(s.int(1, 1000));
  });

  it('a step touches only the streams it draws from', () => {
    const states = initialStreams('x');
    const streams = new Streams(states);
    streams.get('traps').uniform();
    const snap = streams.snapshot();
    expect(snap.map).toBe(states.map);
    expect(snap.traps).not.toEqual(states.traps);
  });

  it('int covers both ends of its range', () => {
    const s = Stream.fromSeed(5);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(s.int(-2, 2));
    expect([...seen].sort()).toEqual([-1, -2, 0, 1, 2].sort());
  });
});
