/**
 * Answers kept in memory until the database says what they were made from has changed: the cache of
 * an embedded database's process, cleared by the NOTIFY of a statement-level trigger. There one
 * process owns the data (DATA_DIR is locked), and PGlite hands a notification over before the
 * writing statement's promise resolves, so every change, by any code path or by hand-written SQL,
 * clears the cache before anyone can read it again. (Several processes on PostgreSQL would see each
 * other's notifications only some milliseconds later, so nothing there uses it.)
 *
 * A lookup that was running while a change came in is not kept: every clear bumps a generation, and
 * a result is stored only if the generation its lookup started under still holds.
 */
export class NotifiedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private generation = 0;

  /** Past `maxEntries` the cache starts over. */
  constructor(private readonly maxEntries = 10_000) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** The generation to hand back to `keep` once the lookup is done. */
  mark(): number {
    return this.generation;
  }

  keep(mark: number, key: K, value: V): void {
    if (this.generation !== mark) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, value);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
