/**
 * Two writers racing for the same number (a release version, a copy's next version) or the same
 * unique name (a site's first canonical, a slug) collide on a key; the loser's transaction is
 * rolled back whole and run again, and then sees the winner's row.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  return /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(String(e.code)) || /UNIQUE constraint failed/.test(String(e.message));
}

export async function withUniqueRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !isUniqueViolation(err)) throw err;
    }
  }
}
