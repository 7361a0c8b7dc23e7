/** The username a blank username field stands for: the e-mail's local part, lower case, ASCII. */
export function usernameBase(email: string): string {
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@'))) || email;
  const cleaned = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 140);
  return cleaned || 'participant';
}

/**
 * Hands out usernames unique within an event (compared in lower case): the base itself, then base2,
 * base3 … It remembers the next suffix per base, so 50,000 "info@" addresses stay linear.
 */
export class UsernameAllocator {
  private readonly taken: Set<string>;
  private readonly nextSuffix = new Map<string, number>();

  constructor(taken: Iterable<string>) {
    this.taken = new Set([...taken].map((u) => u.toLowerCase()));
  }

  has(username: string): boolean {
    return this.taken.has(username.toLowerCase());
  }

  /** Claims an explicit username; false when it is already taken. */
  claim(username: string): boolean {
    const key = username.toLowerCase();
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    return true;
  }

  /** A free username derived from `base`, claimed. */
  derive(base: string): string {
    if (this.claim(base)) return base;
    let n = this.nextSuffix.get(base) ?? 2;
    while (this.taken.has(`${base}${n}`)) n++;
    this.nextSuffix.set(base, n + 1);
    const name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }
}
