// Named prepared statements, on PostgreSQL and on PGlite: a statement with values is parsed and
// planned once per connection under a name, then only bound and executed. Which texts are
// named, and what makes a name stale, is decided here for both.

/**
 * Statements whose best plan depends on the value searched for: a pattern that matches a
 * sixth of the catalogue and one that matches three books want different plans (the trigram
 * index or a sort index), and a prepared statement may settle on one generic plan for all.
 * These keep being planned with their values, unnamed.
 */
export const PLANNED_PER_VALUE = /\b(i?like|similar\s+to)\b|~/i;

/** DDL (it takes no values): `alter`, `create` or `drop`, or a `do` block that may run it. */
export const SCHEMA_CHANGE = /\b(alter|create|drop)\b|\bdo\s+\$/i;

/** PostgreSQL's "cached plan must not change result type": a table the statement reads changed its columns. */
const PLAN_RESULT_CHANGED = '0A000';

/** Whether `error` is {@link PLAN_RESULT_CHANGED} (0A000 is also "feature not supported", hence the message). */
export function isStalePlan(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === PLAN_RESULT_CHANGED && typeof message === 'string' && /cached plan must not change result type/i.test(message);
}

/**
 * The names of statement texts, shared by every connection of a pool (node-postgres prepares a
 * name on a connection the first time that connection sends it). Only the first `limit` texts
 * are named, so dynamic SQL (an `in` list of any length) cannot grow each connection's
 * statements without end; later texts run unnamed, as before.
 */
export class StatementNames {
  /** Each text seen: its name, or null when it runs unnamed (planned per value). */
  readonly #byText = new Map<string, string | null>();
  #next = 0;

  constructor(
    private readonly prefix: string,
    private readonly limit = 500,
  ) {}

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameOf(text: string, values: readonly unknown[]): string | undefined {
    if (values.length === 0) return undefined;
    const known = this.#byText.get(text);
    if (known !== undefined) return known ?? undefined;
    if (this.#byText.size >= this.limit) return undefined;
    const name = PLANNED_PER_VALUE.test(text) ? null : this.#newName();
    this.#byText.set(text, name);
    return name ?? undefined;
  }

  /** A text whose plan went stale (its table's columns changed): every connection prepares it again. */
  renew(text: string): void {
    if (this.#byText.get(text)) this.#byText.set(text, this.#newName());
  }

  /** After DDL: every text is prepared again, under new names, on every connection. */
  renewAll(): void {
    for (const [text, name] of this.#byText) if (name !== null) this.#byText.set(text, this.#newName());
  }

  #newName() {
    this.#next += 1;
    return `${this.prefix}${this.#next}`;
  }
}
