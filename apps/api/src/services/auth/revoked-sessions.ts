import { and, gt, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../lib/tokens';

/** How often each process reloads the sign-ins ended lately (by any process). */
export const REVOKED_RELOAD_MS = 5_000;

/**
 * The sign-ins (refresh-token families) ended within an access token's lifetime. Access tokens name
 * their sign-in, so once a sign-in is revoked (logout, sign out everywhere, a revoked login link, a
 * change of role) its access tokens stop working too: at once in the process that revoked it, within
 * REVOKED_RELOAD_MS in the others. An older revocation needs no entry: every access token of that
 * sign-in has expired by then. Checking costs a Set lookup per request, not a query.
 */
export class RevokedSessions {
  private families = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: DbOrTx) {}

  has(sessionId: string): boolean {
    return this.families.has(sessionId);
  }

  async reload(): Promise<void> {
    const since = new Date(Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    const rows = await this.db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(isNotNull(refreshTokens.revokedAt), gt(refreshTokens.revokedAt, since)));
    this.families = new Set(rows.map((r) => r.familyId));
  }

  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      // A failed reload (the database restarting) keeps the last list; the next one catches up.
      this.reload().catch(() => {});
    }, REVOKED_RELOAD_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
