import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { AppError } from './app-error';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALG = 'HS256';
const ISSUER = 'attend';

/** A staff member; a 'scanner' may only use the check-in stations of the events it was given. */
export type StaffActor = { kind: 'staff'; staffId: number; username: string; role: 'admin' | 'scanner' };
export type ParticipantActor = { kind: 'participant'; participantId: number; eventId: number };
export type Actor = StaffActor | ParticipantActor;

export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  /**
   * Synchronous HMAC verification with a small cache of tokens already verified (each kept no
   * longer than its own expiry), so a station's every scan does not pay for the signature again.
   */
  private readonly verify: (token: string) => Record<string, unknown>;
  constructor(secret: string) {
    this.sign = createSigner({
      key: secret,
      algorithm: ALG,
      iss: ISSUER,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
    this.verify = createVerifier({
      key: secret,
      algorithms: [ALG],
      allowedIss: ISSUER,
      allowedAud: ['staff', 'participant'],
      requiredClaims: ['exp', 'sub', 'aud', 'iss'],
      cache: 1000,
    });
  }

  /** An access token; `sessionId` names the sign-in (refresh-token family) it belongs to. */
  signAccess(actor: Actor, sessionId?: string): string {
    const claims =
      actor.kind === 'staff'
        ? { username: actor.username, role: actor.role, is_staff: true, is_participant: false }
        : {
            participant_id: actor.participantId,
            event_id: actor.eventId,
            is_staff: false,
            is_participant: true,
          };
    const sub = String(actor.kind === 'staff' ? actor.staffId : actor.participantId);
    // The audience keeps staff and participant tokens apart: neither verifies as the other.
    return this.sign({
      ...claims,
      token_type: 'access',
      aud: actor.kind,
      sub,
      ...(sessionId && { sid: sessionId }),
    });
  }

  /** Verifies signature (HS256 only), expiry, issuer and audience; throws AppError 401. */
  verifyAccess(token: string): Actor {
    return this.verifyAccessToken(token).actor;
  }

  /** As verifyAccess, with the moment the token expires (epoch ms) and its sign-in, when it names one. */
  verifyAccessToken(token: string): { actor: Actor; expiresAt: number; sessionId: string | null } {
    try {
      const payload = this.verify(token);
      const expiresAt = Number(payload.exp) * 1000;
      const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
      if (payload.token_type !== 'access') throw new AppError('token_not_valid');
      const sub = Number(payload.sub);
      if (!Number.isSafeInteger(sub) || sub <= 0) throw new AppError('token_not_valid');
      if (payload.aud === 'staff' || (Array.isArray(payload.aud) && payload.aud[0] === 'staff')) {
        const role = payload.role;
        if (typeof payload.username !== 'string' || (role !== 'admin' && role !== 'scanner')) {
          throw new AppError('token_not_valid');
        }
        return {
          actor: { kind: 'staff', staffId: sub, username: payload.username, role },
          expiresAt,
          sessionId,
        };
      }
      const eventId = Number(payload.event_id);
      if (!Number.isSafeInteger(eventId) || eventId <= 0 || Number(payload.participant_id) !== sub) {
        throw new AppError('token_not_valid');
      }
      return { actor: { kind: 'participant', participantId: sub, eventId }, expiresAt, sessionId };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof TokenError && err.code === TokenError.codes.expired) {
        throw new AppError('token_not_valid', 'Token is expired');
      }
      throw new AppError('token_not_valid');
    }
  }
}

/** 128-bit or more of CSPRNG output, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
