import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const bin = new URL('../../src/cli/trapsmith.mjs', import.meta.url).pathname;

describe('the trapsmith executable', () => {
  it('runs a command and exits 0', () => {
    const r = spawnSync(process.execPath, [bin, 'odds', 'ceaptun', '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
  });

  it('exits 2 with a message on stderr for an unknown command', () => {
    const r = spawnSync(process.execPath, [bin, 'nonsense'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown command "nonsense"/);
  });
});
