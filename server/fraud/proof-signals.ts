// The screenshot of a payment proof as a fraud signal: the same bytes (SHA-256) or a near-identical
// image (server/fraud/image-fingerprint.ts) on another account's proof flags every account it
// links (screenshot_reused, screenshot_similar). The fingerprint is taken before the proof is
// stored (it is kept on the row); the comparison runs after the proof is committed, and a failure
// there never fails the proof. sharp (libvips) is loaded on the first proof, not at start.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { at, queryRows } from '../db/rows.ts';
import { errorForLog } from '../logging.ts';

/** At most this many candidates (sharing a band) are compared for one proof. */
const MAX_CANDIDATES = 500;
/** Images narrower or shorter than this are not compared by their look. */
const MIN_SCREENSHOT_SIDE = 200;
/** A band as fingerprintBands writes it: safe inside a PostgreSQL array literal. */
const BAND_RE = /^[0-9a-z:]{1,64}$/i;

export interface ProofFingerprint {
  sha256: string;
  /** serializeFingerprint's JSON, or null when the image could not be decoded (then only the bytes are compared). */
  fingerprint: string | null;
  bands: string[];
}

/** The fingerprint of a screenshot about to be stored as a proof. */
export async function fingerprintProof(bytes: Buffer): Promise<ProofFingerprint> {
  const { fingerprintImage, fingerprintBands, serializeFingerprint } = await import('./image-fingerprint.ts');
  const f = await fingerprintImage(bytes);
  // Smaller than any phone screen: not a screenshot whose look says anything (only its bytes are compared).
  if (!f || f.width < MIN_SCREENSHOT_SIDE || f.height < MIN_SCREENSHOT_SIDE) {
    const { createHash } = await import('node:crypto');
    return { sha256: createHash('sha256').update(bytes).digest('hex'), fingerprint: null, bands: [] };
  }
  return { sha256: f.sha256, fingerprint: serializeFingerprint(f), bands: fingerprintBands(f).filter((b) => BAND_RE.test(b)) };
}

/** Looks for this proof's screenshot on other accounts' proofs and flags what it finds. */
export async function checkProofScreenshot(ctx: AppContext, p: { paymentId: string; userId: string; proof: ProofFingerprint }): Promise<void> {
  try {
    const now = ctx.now();
    const same = await queryRows<{ user_id: string }>(
      ctx.db,
      sql`select distinct user_id::text from manual_payments where screenshot_sha256 = ${p.proof.sha256} and user_id <> ${p.userId}::uuid`,
    );
    if (same.length > 0) {
      await ctx.db.execute(
        sql`select rh_flag_shared(${`{${[...same.map((r) => r.user_id), p.userId].join(',')}}`}::uuid[], 'screenshot_reused', ${`sha:${p.proof.sha256}`},
              'payment', ${p.paymentId}::uuid, jsonb_build_object('value', 'same screenshot'), ${at(now)})`,
      );
    }
    if (!p.proof.fingerprint || p.proof.bands.length === 0) return;
    const candidates = await queryRows<{ id: string; user_id: string; fingerprint: string }>(
      ctx.db,
      sql`select id::text, user_id::text, screenshot_fingerprint as fingerprint from manual_payments
          where screenshot_bands && ${`{${p.proof.bands.join(',')}}`}::text[] and user_id <> ${p.userId}::uuid
            and screenshot_sha256 <> ${p.proof.sha256} and screenshot_fingerprint is not null
          limit ${MAX_CANDIDATES}`,
    );
    if (candidates.length === 0) return;
    const { compareFingerprints, parseFingerprint } = await import('./image-fingerprint.ts');
    const mine = parseFingerprint(p.proof.fingerprint);
    if (!mine) return;
    let closest = Infinity;
    const similarUsers = new Set<string>();
    for (const c of candidates) {
      const theirs = parseFingerprint(c.fingerprint);
      if (!theirs) continue;
      const result = compareFingerprints(mine, theirs);
      if (result.nearIdentical) {
        similarUsers.add(c.user_id);
        closest = Math.min(closest, result.distance);
      }
    }
    if (similarUsers.size === 0) return;
    await ctx.db.execute(
      sql`select rh_flag_shared(${`{${[...similarUsers, p.userId].join(',')}}`}::uuid[], 'screenshot_similar', ${`similar:${p.paymentId}`},
            'payment', ${p.paymentId}::uuid, jsonb_build_object('value', 'near-identical screenshot', 'distance', ${closest}::int), ${at(now)})`,
    );
  } catch (err) {
    console.error(`[risk] proof screenshot not checked: ${JSON.stringify(errorForLog(err))}`);
  }
}
