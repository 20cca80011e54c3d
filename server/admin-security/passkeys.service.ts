// Admin passkeys (WebAuthn): registration by a signed-in admin and sign-in by e-mail. A passkey
// replaces password and 2FA, so user verification (PIN/biometric) is required both ways. Challenges
// live in the database, bound to a purpose and a user, expire after 5 minutes and are consumed by a
// conditional UPDATE before verification, so each is usable exactly once even across processes.
import { createHmac } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import { passkeys, webauthnChallenges } from '../db/schema.ts';
import { AppError, badRequest, conflict, isUniqueViolation } from '../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { WEBAUTHN_CHALLENGE_TTL_MS } from '../../contract/constants.ts';
import type { User } from '../../contract/accounts.ts';
import { findAdminByEmail, issueAdminSession, recordSignInFailure, type SignInMeta } from './admin-sign-in.ts';

type Purpose = 'register' | 'authenticate';

/** The WebAuthn library (and its X.509/ASN.1 stack, a sixth of the server's code) loads on first use, not at start. */
const webauthn = () => import('@simplewebauthn/server');

interface Actor {
  id: string;
  email: string | null;
  username: string;
}

const REGISTRATION_FAILED = 'Passkey registration failed';
const CHALLENGE_GONE = 'Passkey request expired or was already used. Please try again.';

/** The relying party is the host the app is served from; read per call (the origin is configuration). */
function relyingParty(ctx: AppContext): { rpID: string; origin: string } {
  return { rpID: new URL(ctx.config.appOrigin).hostname, origin: ctx.config.appOrigin };
}

async function storeChallenge(ctx: AppContext, challenge: string, purpose: Purpose, userId: string | null): Promise<void> {
  const at = ctx.now();
  // Used and expired challenges are worthless (a missing row is refused like a used one): keep the table small.
  await ctx.db.delete(webauthnChallenges).where(or(lt(webauthnChallenges.expiresAt, at), isNotNull(webauthnChallenges.usedAt)));
  await ctx.db.insert(webauthnChallenges).values({
    id: newId(),
    userId,
    challenge,
    purpose,
    createdAt: at,
    expiresAt: new Date(at.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
  });
}

/** The challenge the browser signed, read from clientDataJSON; null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/** Marks the challenge used if it is live and belongs to this user and purpose; false otherwise. */
async function consumeChallenge(ctx: AppContext, challenge: string, purpose: Purpose, userId: string): Promise<boolean> {
  const now = ctx.now();
  const rows = await ctx.db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return rows.length === 1;
}

export async function beginPasskeyRegistration(ctx: AppContext, admin: Actor): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = relyingParty(ctx);
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, admin.id));
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: ctx.config.appName,
    rpID,
    userName: admin.email ?? admin.username,
    userDisplayName: admin.username,
    userID: new TextEncoder().encode(admin.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
  });
  await storeChallenge(ctx, options.challenge, 'register', admin.id);
  return options;
}

export async function finishPasskeyRegistration(
  ctx: AppContext,
  admin: Actor,
  credential: RegistrationResponseJSON,
  deviceName: string,
  ip?: string,
): Promise<{ verified: true }> {
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(ctx, challenge, 'register', admin.id))) throw badRequest(CHALLENGE_GONE);
  const { rpID, origin } = relyingParty(ctx);
  let info;
  try {
    const result = await (await webauthn()).verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!result.verified) throw new Error('not verified');
    info = result.registrationInfo;
  } catch {
    throw badRequest(REGISTRATION_FAILED);
  }
  const at = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const id = newId();
      await tx.insert(passkeys).values({
        id,
        userId: admin.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? credential.response.transports ?? null,
        deviceName,
        createdAt: at,
      });
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'admin.passkey_added',
        targetType: 'passkey',
        targetId: id,
        ip,
        details: { deviceName },
        at,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This passkey is already registered');
    throw err;
  }
  return { verified: true };
}

/**
 * Options for signing in. An unknown e-mail (or an admin without passkeys) gets one stable,
 * made-up credential id, so the answer does not reveal which e-mails are admins.
 */
export async function beginPasskeyAuthentication(ctx: AppContext, email: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(ctx);
  const admin = await findAdminByEmail(ctx.db, email);
  const creds = admin
    ? await ctx.db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, admin.id))
    : [];
  const allowCredentials =
    creds.length > 0
      ? creds.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined }))
      : [{ id: createHmac('sha256', ctx.secretsKey).update(`decoy-passkey:${email}`).digest('base64url'), transports: ['internal'] }];
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID,
    allowCredentials,
    userVerification: 'required',
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
  });
  // A challenge for an unknown e-mail is stored without a user and can never be consumed.
  await storeChallenge(ctx, options.challenge, 'authenticate', admin?.id ?? null);
  return options;
}

export async function finishPasskeyAuthentication(
  ctx: AppContext,
  email: string,
  credential: AuthenticationResponseJSON,
  meta: SignInMeta,
): Promise<{ verified: true; token: string; user: User }> {
  const admin = await findAdminByEmail(ctx.db, email);
  const fail = async (reason: string): Promise<AppError> => {
    await recordSignInFailure(ctx, email, admin, reason, meta, 'passkey');
    return new AppError('INVALID_CREDENTIALS', 'Passkey authentication failed', 401);
  };
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!admin || !challenge) throw await fail('unknown');
  if (!(await consumeChallenge(ctx, challenge, 'authenticate', admin.id))) throw await fail('challenge');
  const rows = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, credential.id), eq(passkeys.userId, admin.id)))
    .limit(1);
  const passkey = rows[0];
  if (!passkey) throw await fail('credential');
  const { rpID, origin } = relyingParty(ctx);
  let newCounter: number;
  try {
    const result = await (await webauthn()).verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports ?? undefined,
      },
      requireUserVerification: true,
    });
    if (!result.verified) throw new Error('not verified');
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw await fail('signature');
  }
  // The counter moves only from the value we verified against: a cloned authenticator racing the
  // real one loses here.
  const updated = await ctx.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: ctx.now() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (updated.length !== 1) throw await fail('counter');
  const session = await issueAdminSession(ctx, admin, 'passkey', meta);
  return { verified: true, ...session };
}
