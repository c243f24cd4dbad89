import type { StorageLike } from '../../src/share/saves.ts';

/** A Map-backed Storage, with switches to make it fail like a full or locked browser storage, and a record of the keys written. */
export class MemoryStorage implements StorageLike {
  readonly data = new Map<string, string>();
  readonly written: string[] = [];
  full = false;
  locked = false;
  getItem(k: string): string | null {
    if (this.locked) throw new Error('SecurityError: access denied');
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    if (this.locked) throw new Error('SecurityError: access denied');
    if (this.full) {
      const e = new Error('quota');
      e.name = 'QuotaExceededError';
      throw e;
    }
    this.written.push(k);
    this.data.set(k, v);
  }
  removeItem(k: string): void {
    this.data.delete(k);
  }
  key(i: number): string | null {
    return [...this.data.keys()][i] ?? null;
  }
  get length(): number {
    return this.data.size;
  }
}

export function memoryStorage(): MemoryStorage {
  return new MemoryStorage();
}
