import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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
  private readonly key: KeyObject;
  constructor(secret: string) {
    // A KeyObject is imported once; a raw byte key would be re-imported on every verification.
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async signAccess(actor: Actor): Promise<string> {
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
    return (
      new SignJWT({ ...claims, token_type: 'access' })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setIssuer(ISSUER)
        // The audience keeps staff and participant tokens apart: neither verifies as the other.
        .setAudience(actor.kind)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(this.key)
    );
  }

  /** Verifies signature (HS256 only), expiry, issuer and audience; throws AppError 401. */
  async verifyAccess(token: string): Promise<Actor> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: ['staff', 'participant'],
        requiredClaims: ['exp', 'sub', 'aud'],
      });
      if (payload.token_type !== 'access') throw new AppError('token_not_valid');
      const sub = Number(payload.sub);
      if (!Number.isSafeInteger(sub) || sub <= 0) throw new AppError('token_not_valid');
      if (payload.aud === 'staff' || (Array.isArray(payload.aud) && payload.aud[0] === 'staff')) {
        const role = payload.role;
        if (typeof payload.username !== 'string' || (role !== 'admin' && role !== 'scanner')) {
          throw new AppError('token_not_valid');
        }
        return { kind: 'staff', staffId: sub, username: payload.username, role };
      }
      const eventId = Number(payload.event_id);
      if (!Number.isSafeInteger(eventId) || eventId <= 0 || Number(payload.participant_id) !== sub) {
        throw new AppError('token_not_valid');
      }
      return { kind: 'participant', participantId: sub, eventId };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new AppError('token_not_valid', 'Token is expired');
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
