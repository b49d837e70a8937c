/**
 * A per-process memory of refusals the database has already decided (docs/decisions/front-door.md).
 * The database's atomic count stays the truth across instances; this only lets a process answer a
 * key it already knows to be refused, until the time the database gave, without a query, a write
 * or a hash, so a refused attempt is the cheapest request there is. It never refuses anything the
 * database did not: an instance that has not seen a refusal asks the database, which knows.
 *
 * Bounded: at most `maxKeys` keys, the oldest-remembered forgotten first (a Map keeps insertion
 * order), so a flood of distinct keys costs a fixed amount of memory.
 */
export class RefusalMemory {
  private readonly until = new Map<string, number>();
  /** Requests under way per key (`enter`/`leave`); a key is dropped when its count returns to 0. */
  private readonly underWay = new Map<string, number>();

  constructor(private readonly maxKeys = 50_000) {}

  /** The end (epoch ms) of a remembered refusal of `key` still running at `nowMs`, else null. */
  refusedUntil(key: string, nowMs: number): number | null {
    const end = this.until.get(key);
    if (end === undefined) return null;
    if (end > nowMs) return end;
    this.until.delete(key);
    return null;
  }

  /** Remembers that `key` is refused until `untilMs` (a later end replaces an earlier one). */
  remember(key: string, untilMs: number): void {
    const known = this.until.get(key);
    if (known !== undefined) {
      if (known >= untilMs) return;
      this.until.delete(key);
    } else if (this.until.size >= this.maxKeys) {
      const oldest = this.until.keys().next();
      if (!oldest.done) this.until.delete(oldest.value);
    }
    this.until.set(key, untilMs);
  }

  /** A success (the right password, a spent code) ends what was remembered of `key`. */
  forget(key: string): void {
    this.until.delete(key);
  }

  /**
   * One more request under way for `key` (a client address group): answers how many are now,
   * this one included. Every `enter` must be followed by one `leave`. Bounded by the requests in
   * flight, so it needs no cap of its own.
   */
  enter(key: string): number {
    const count = (this.underWay.get(key) ?? 0) + 1;
    this.underWay.set(key, count);
    return count;
  }

  /** The request `enter` counted has ended. */
  leave(key: string): void {
    const count = (this.underWay.get(key) ?? 0) - 1;
    if (count > 0) this.underWay.set(key, count);
    else this.underWay.delete(key);
  }

  /** Requests under way for `key`. */
  inFlight(key: string): number {
    return this.underWay.get(key) ?? 0;
  }

  /** Forgets everything (tests that move a clock by hand). */
  clear(): void {
    this.until.clear();
  }

  get size(): number {
    return this.until.size;
  }
}
