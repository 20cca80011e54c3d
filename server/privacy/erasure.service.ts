// Delete my account (DELETE /api/me), as the privacy policy promises: after the password, the
// person's data is erased or replaced by a pseudonym in one transaction, and the financial records
// the law requires (ledger entries, payment and withdrawal records) are kept for 7 years under the
// pseudonym, with account numbers and UPI IDs cut to what a statement shows. Sessions end, codes,
// notifications, sign-in history, device sightings and the PAN are deleted, the name in notifications kept
// for their referrer becomes the pseudonym, and the screenshots leave the upload store after commit. Refused while a withdrawal or a payment proof waits for review or the
// wallet holds money, so nothing owed to the person is lost. The referral chain (ids) and every
// ledger invariant are untouched.
import { sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import { formatRupeesShort } from '../../contract/wallet.ts';
import { takeSignInGuess, signInKey, clearSignInFailures } from '../accounts/login-throttle.ts';
import { verifyPassword } from '../accounts/password.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/ids.ts';
import { queryRows } from '../db/rows.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { errorForLog } from '../logging.ts';
import { maskAccountNumber } from '../withdrawals/withdrawals.service.ts';

export const WRONG_PASSWORD_MESSAGE = 'The password is not right';

/** The name an erased account keeps: nothing personal, and still unique. */
export const pseudonymOf = (userId: string) => `deleted-user-${userId.replace(/-/g, '').slice(-10)}`;


/** The person deletes their own account: the password first, counted like a sign-in guess. */
export async function eraseAccount(
  ctx: AppContext,
  userId: string,
  password: string,
  meta: { ip: string | null; forfeitBalance?: boolean },
): Promise<{ pseudonym: string }> {
  const now = ctx.now();
  const key = signInKey(userId, '');
  // A guess at the password here spends the same budget as a sign-in.
  await takeSignInGuess(ctx.db, key, now);
  const [stored] = await queryRows<{ password_hash: string; is_admin: boolean; status: string }>(
    ctx.db,
    sql`select password_hash, is_admin, status from users where id = ${userId}::uuid`,
  );
  if (!stored || stored.status === 'erased') throw notFound('User not found');
  if (stored.is_admin) throw new AppError('FORBIDDEN', 'An admin account cannot be deleted here. Ask another Super Admin to suspend it', 403);
  if (!(await verifyPassword(stored.password_hash, password))) throw badRequest(WRONG_PASSWORD_MESSAGE, 'INVALID_CREDENTIALS', { password: WRONG_PASSWORD_MESSAGE });
  await clearSignInFailures(ctx.db, key);
  return eraseUser(ctx, userId, { actorId: userId, ip: meta.ip, reason: null, forfeitBalance: meta.forfeitBalance === true });
}

/** A Super Admin erases a user on their request (by phone, letter or e-mail), with the reason. */
export async function eraseUserOnRequest(ctx: AppContext, admin: { id: string; ip: string | null }, userId: string, reason: string): Promise<{ pseudonym: string }> {
  if (!isUuid(userId)) throw notFound('User not found');
  const [stored] = await queryRows<{ is_admin: boolean; status: string }>(ctx.db, sql`select is_admin, status from users where id = ${userId}::uuid`);
  if (!stored || stored.status === 'erased') throw notFound('User not found');
  if (stored.is_admin) throw new AppError('FORBIDDEN', 'An admin account cannot be deleted here. Ask another Super Admin to suspend it', 403);
  return eraseUser(ctx, userId, { actorId: admin.id, ip: admin.ip, reason });
}

async function eraseUser(
  ctx: AppContext,
  userId: string,
  by: { actorId: string; ip: string | null; reason: string | null; forfeitBalance?: boolean },
): Promise<{ pseudonym: string }> {
  const now = ctx.now();
  const pseudonym = pseudonymOf(userId);
  const screenshots = await ctx.db.transaction(async (tx) => {
    // The user row first: a withdrawal or a credit racing this waits, then sees the account gone.
    const [me] = await queryRows<{ username: string; phone: string | null; balance: string | null; held: string | null; minimum: string }>(
      tx,
      sql`select u.username, u.phone, w.balance_paise::text as balance, h.balance_paise::text as held, st.min_withdrawal_paise::text as minimum
          from users u
          join app_settings st on st.id = 1
          left join ledger_accounts w on w.id = u.id
          left join ledger_accounts h on h.user_id = u.id and h.kind = 'held'
          where u.id = ${userId}::uuid and u.status <> 'erased'
          for update of u`,
    );
    if (!me) throw notFound('User not found');
    const [waiting] = await queryRows<{ withdrawals: number; payments: number }>(
      tx,
      sql`select (select count(*)::int from withdrawals where user_id = ${userId}::uuid and status in ('pending', 'awaiting_second_approval', 'paying')) as withdrawals,
                 (select count(*)::int from manual_payments where user_id = ${userId}::uuid and status = 'pending') as payments`,
    );
    if ((waiting?.withdrawals ?? 0) > 0) {
      throw conflict('You have a withdrawal waiting for review. Delete your account after it is paid or rejected', 'WITHDRAWAL_PENDING');
    }
    if ((waiting?.payments ?? 0) > 0) {
      throw conflict('Your payment proof is waiting for review. Delete your account after it is approved or rejected', 'PAYMENT_PENDING');
    }
    const balance = BigInt(me.balance ?? '0');
    const held = BigInt(me.held ?? '0');
    const belowMinimum = balance > 0n && balance < BigInt(me.minimum);
    if (balance > 0n && !(belowMinimum && by.forfeitBalance)) {
      throw belowMinimum
        ? new AppError(
            'WALLET_NOT_EMPTY',
            `Your wallet holds ${formatRupeesShort(balance)}, less than the ${formatRupeesShort(BigInt(me.minimum))} minimum withdrawal, so it cannot be paid out. To delete your account, agree to give it up`,
            409,
            { forfeitBalance: formatPaise(balance) },
          )
        : conflict(
            `Your wallet holds ${formatRupeesShort(balance)}. Withdraw it first (Wallet, then Withdraw Money), then delete your account`,
            'WALLET_NOT_EMPTY',
          );
    }
    if (held > 0n) {
      throw conflict(`${formatRupeesShort(held)} of your rewards is on hold for review. Delete your account after the review, or contact support`, 'WALLET_NOT_EMPTY');
    }

    if (balance > 0n) {
      // Given up, as the person agreed: the wallet's last line, into the forfeited account.
      await tx.execute(sql`select rh_post_entry('balance_forfeit', ${userId}::uuid, ${userId}::uuid, 'Balance below the minimum withdrawal given up on deleting the account',
        ${now.toISOString()}::timestamptz, ARRAY[${userId}::uuid, rh_platform('forfeited_rewards')], ARRAY[${String(-balance)}::bigint, ${String(balance)}::bigint])`);
    }
    const shots = await queryRows<{ key: string }>(
      tx,
      sql`select screenshot_key as key from manual_payments where user_id = ${userId}::uuid and screenshot_key is not null
          union all
          select screenshot_key from withdrawals where user_id = ${userId}::uuid and screenshot_key is not null`,
    );
    await tx.execute(sql`update users set username = ${pseudonym}, phone = null, email = null, password_hash = '!erased', language = null,
                           status = 'erased', erased_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
                         where id = ${userId}::uuid`);
    // Financial records stay, under the pseudonym: amounts, dates, UTRs and the account's last digits.
    await tx.execute(sql`update manual_payments set notes = null, screenshot_key = null, screenshot_mime = null, screenshot_sha256 = null,
                           screenshot_fingerprint = null, screenshot_bands = null, device_id = null,
                           screenshot_erased_at = case when screenshot_key is not null then ${now.toISOString()}::timestamptz end
                         where user_id = ${userId}::uuid`);
    const payouts = await queryRows<{ id: string; method: string; account_number: string | null; ifsc_code: string | null; upi_id: string | null }>(
      tx,
      sql`select id::text, method, account_number, ifsc_code, upi_id from withdrawals where user_id = ${userId}::uuid`,
    );
    for (const w of payouts) {
      const accountNumber = w.account_number ? maskAccountNumber(w.account_number) : null;
      const upiId = w.upi_id ? `${'X'.repeat(Math.max(1, w.upi_id.indexOf('@')))}${w.upi_id.slice(w.upi_id.indexOf('@'))}` : null;
      const details = w.method === 'upi' ? { accountHolderName: pseudonym, upiId } : { accountHolderName: pseudonym, accountNumber, ifscCode: w.ifsc_code };
      await tx.execute(sql`update withdrawals set account_holder_name = ${pseudonym}, account_number = ${accountNumber}, upi_id = ${upiId},
                             bank_details = ${JSON.stringify(details)}, screenshot_key = null, screenshot_mime = null
                           where id = ${w.id}::uuid`);
    }
    // Texts stored for others name the person: their referrer's notifications ("₹400.00 for Asha
    // joining", a reversal). The name becomes the pseudonym there, as a whole word only.
    const nameRe = `(^|[^[:alnum:]_])${me.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^[:alnum:]_])`;
    await tx.execute(sql`update notifications n set title = regexp_replace(n.title, ${nameRe}, ${`\\1${pseudonym}`}, 'g'),
                           body = regexp_replace(n.body, ${nameRe}, ${`\\1${pseudonym}`}, 'g')
                         where n.user_id in (select r.referrer_id from referrals r where r.referred_id = ${userId}::uuid)
                           and (strpos(n.body, ${me.username}) > 0 or strpos(n.title, ${me.username}) > 0)`);
    // The PAN leaves the profile. Tax already withheld keeps the PAN it was withheld against (sealed,
    // on its tax_withholdings row): the quarterly statement and its corrections must quote it, and it
    // is how the person gets credit for the tax (decision 035).
    await tx.execute(sql`delete from user_pans where user_id = ${userId}::uuid`);
    await tx.execute(sql`delete from sessions where user_id = ${userId}::uuid`);
    await tx.execute(sql`delete from otp_codes where user_id = ${userId}::uuid ${me.phone ? sql`or phone = ${me.phone}` : sql``}`);
    if (me.phone) await tx.execute(sql`delete from sms_jobs where phone = ${me.phone}`);
    await tx.execute(sql`delete from notifications where user_id = ${userId}::uuid`);
    await tx.execute(sql`delete from device_sightings where user_id = ${userId}::uuid`);
    await tx.execute(sql`delete from idempotency_keys where user_id = ${userId}::uuid`);
    await tx.execute(sql`delete from rate_events where key in (${`user:${userId}`}, ${userId})`);
    // Requests about their data: the words go, the record of having asked (and been answered) stays.
    await tx.execute(sql`update data_requests set message = '', status = 'closed', closed_at = coalesce(closed_at, ${now.toISOString()}::timestamptz),
                           note = coalesce(note, 'Closed: the account was deleted') where user_id = ${userId}::uuid`);
    await recordAudit(tx, {
      actorId: by.actorId,
      action: 'account.erased',
      targetType: 'user',
      targetId: userId,
      ip: by.ip,
      details: by.reason ? { pseudonym, reason: by.reason } : { pseudonym },
      at: now,
    });
    return shots.map((s) => s.key);
  });

  // The screenshots leave the store once the rows no longer name them (a failure is logged, never undone).
  for (const key of screenshots) {
    await ctx.uploads.delete(key).catch((err: unknown) => console.error(`[privacy] a screenshot of an erased account was not deleted: ${JSON.stringify(errorForLog(err))}`));
  }
  return { pseudonym };
}
