// Download my data: everything the product keeps about one person, as one JSON document (the
// privacy policy's rights of access and portability). Account numbers are masked as in the
// person's own lists; the people they referred appear by username only; screenshots are not
// embedded (the person has them). A handful of queries, each bounded by the person's own history.
import { sql } from 'drizzle-orm';
import { dayInIndia } from '../../contract/calendar.ts';
import { DataExportSchema, type DataExport } from '../../contract/privacy.ts';
import { formatPaise } from '../../contract/money.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/ids.ts';
import { isoText, queryRows } from '../db/rows.ts';
import { notFound } from '../errors.ts';
import { readStatement, toWalletStatement } from '../statements/statement.service.ts';
import { financialYearLabel, formatRate } from '../../contract/tax.ts';
import { openPan } from '../tax/pan.ts';
import { maskAccountNumber } from '../withdrawals/withdrawals.service.ts';

const about = (appName: string) =>
  `Your data as ${appName} keeps it: your profile, the people you referred, your payments with their UTRs, your wallet statement, ` +
  'your withdrawals (account numbers masked), your notifications, your sign-ins, and your PAN with the tax withheld at source. ' +
  'Payment screenshots are not included.';



export async function exportUserData(ctx: AppContext, userId: string): Promise<DataExport> {
  const [profile] = await queryRows<{
    id: string;
    username: string;
    phone: string | null;
    email: string | null;
    referral_code: string;
    referred_by: string | null;
    language: string | null;
    status: string;
    is_activated: boolean;
    activated_at: string | null;
    created_at: string;
    balance: string | null;
    held: string | null;
    earnings: string;
    policy_version: string | null;
    policy_accepted_at: string | null;
  }>(
    ctx.db,
    sql`select u.id::text, u.username, u.phone, u.email, u.referral_code, r.username as referred_by, u.language, u.status, u.is_activated,
          ${isoText('u.activated_at')} as activated_at, ${isoText('u.created_at')} as created_at,
          w.balance_paise::text as balance, h.balance_paise::text as held, u.total_earnings_paise::text as earnings,
          u.policy_version, ${isoText('u.policy_accepted_at')} as policy_accepted_at
        from users u
        left join users r on r.id = u.referred_by_id
        left join ledger_accounts w on w.id = u.id
        left join ledger_accounts h on h.user_id = u.id and h.kind = 'held'
        where u.id = ${userId}::uuid and not u.is_admin`,
  );
  if (!profile) throw notFound('User not found');

  const [referralsMade, payments, withdrawals, notifications, signIns, pans, taxYears, withholdings] = await Promise.all([
    queryRows<{ username: string; joined_at: string; activated: boolean; reward: string | null; rewarded_at: string | null }>(
      ctx.db,
      sql`select u.username, ${isoText('u.created_at')} as joined_at, u.is_activated as activated,
            case when rf.reversed_at is null then rf.reward_paise::text end as reward, ${isoText('rf.rewarded_at')} as rewarded_at
          from users u left join referrals rf on rf.referred_id = u.id and rf.referrer_id = ${userId}::uuid
          where u.referred_by_id = ${userId}::uuid order by u.created_at, u.id`,
    ),
    queryRows<{ id: string; amount: string; utr_number: string; method: string; gateway: string | null; status: string; notes: string | null; admin_notes: string | null; created_at: string; processed_at: string | null }>(
      ctx.db,
      sql`select id::text, amount_paise::text as amount, utr_number, method, gateway, status, notes, admin_notes,
            ${isoText('created_at')} as created_at, ${isoText('processed_at')} as processed_at
          from manual_payments where user_id = ${userId}::uuid order by created_at, id`,
    ),
    queryRows<{ id: string; amount: string; method: string; account_holder_name: string; account_number: string | null; ifsc_code: string | null; upi_id: string | null; status: string; payout_reference: string | null; admin_notes: string | null; created_at: string; processed_at: string | null }>(
      ctx.db,
      sql`select id::text, amount_paise::text as amount, method, account_holder_name, account_number, ifsc_code, upi_id, status, payout_reference, admin_notes,
            ${isoText('created_at')} as created_at, ${isoText('processed_at')} as processed_at
          from withdrawals where user_id = ${userId}::uuid order by created_at, id`,
    ),
    queryRows<{ title: string; body: string; created_at: string; read_at: string | null }>(
      ctx.db,
      sql`select title, body, ${isoText('created_at')} as created_at, ${isoText('read_at')} as read_at
          from notifications where user_id = ${userId}::uuid order by created_at, id`,
    ),
    queryRows<{ at: string; last_used_at: string; ip: string | null; user_agent: string | null; ended: boolean }>(
      ctx.db,
      sql`select ${isoText('created_at')} as at, ${isoText('last_used_at')} as last_used_at, ip, user_agent,
            (revoked_at is not null or expires_at <= ${ctx.now().toISOString()}::timestamptz) as ended
          from sessions where user_id = ${userId}::uuid order by created_at, id`,
    ),
    queryRows<{ sealed: string; added_at: string }>(ctx.db, sql`select sealed, ${isoText('added_at')} as added_at from user_pans where user_id = ${userId}::uuid`),
    queryRows<{ fy: number; credited: string }>(
      ctx.db,
      sql`select fy, referral_credited_paise::text as credited from tax_years where user_id = ${userId}::uuid order by fy`,
    ),
    queryRows<{ at: string; kind: string; section: string; rate_bp: number; gross: string; amount: string; tax: string; with_pan: boolean }>(
      ctx.db,
      sql`select ${isoText('created_at')} as at, kind, section, rate_bp, gross_paise::text as gross, amount_paise::text as amount, tax_paise::text as tax,
            pan_sealed is not null as with_pan
          from tax_withholdings where user_id = ${userId}::uuid order by created_at, id`,
    ),
  ]);
  const pan = pans[0] ? { ...openPan(ctx.secretsKey, userId, pans[0].sealed), addedAt: pans[0].added_at } : null;

  const statement = toWalletStatement(await readStatement(ctx, userId, { from: dayInIndia(new Date(profile.created_at)), to: dayInIndia(ctx.now()) }));

  return DataExportSchema.parse({
    exportedAt: ctx.now().toISOString(),
    about: about(ctx.config.appName),
    profile: {
      id: profile.id,
      username: profile.username,
      phone: profile.phone,
      email: profile.email,
      referralCode: profile.referral_code,
      referredBy: profile.referred_by,
      language: profile.language,
      status: profile.status,
      isActivated: profile.is_activated,
      activatedAt: profile.activated_at,
      createdAt: profile.created_at,
      policyVersion: profile.policy_version,
      policyAcceptedAt: profile.policy_accepted_at,
    },
    referralsMade: referralsMade.map((r) => ({
      username: r.username,
      joinedAt: r.joined_at,
      activated: r.activated,
      reward: r.reward === null ? null : formatPaise(BigInt(r.reward)),
      rewardedAt: r.rewarded_at,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      amount: formatPaise(BigInt(p.amount)),
      utrNumber: p.utr_number,
      method: p.method,
      gateway: p.gateway,
      status: p.status,
      notes: p.notes,
      adminNotes: p.admin_notes,
      createdAt: p.created_at,
      processedAt: p.processed_at,
    })),
    wallet: {
      balance: formatPaise(BigInt(profile.balance ?? '0')),
      heldBalance: formatPaise(BigInt(profile.held ?? '0')),
      totalEarnings: formatPaise(BigInt(profile.earnings)),
      statement: {
        from: statement.from,
        to: statement.to,
        openingBalance: statement.openingBalance,
        closingBalance: statement.closingBalance,
        lines: statement.lines,
      },
    },
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      amount: formatPaise(BigInt(w.amount)),
      method: w.method,
      accountHolderName: w.account_holder_name,
      accountNumber: w.account_number ? maskAccountNumber(w.account_number) : null,
      ifscCode: w.ifsc_code,
      upiId: w.upi_id,
      status: w.status,
      payoutReference: w.payout_reference,
      adminNotes: w.admin_notes,
      createdAt: w.created_at,
      processedAt: w.processed_at,
    })),
    notifications: notifications.map((n) => ({ title: n.title, body: n.body, createdAt: n.created_at, readAt: n.read_at })),
    signIns: signIns.map((s) => ({ at: s.at, lastUsedAt: s.last_used_at, ip: s.ip, device: s.user_agent, ended: s.ended })),
    tax: {
      pan: pan ? { pan: pan.pan, nameOnPan: pan.name, addedAt: pan.addedAt } : null,
      years: taxYears.map((y) => ({ financialYear: financialYearLabel(y.fy), referralRewards: formatPaise(BigInt(y.credited)) })),
      withholdings: withholdings.map((w) => ({
        at: w.at,
        kind: w.kind,
        section: w.section,
        rate: formatRate(w.rate_bp),
        credit: formatPaise(BigInt(w.gross)),
        taxedOn: formatPaise(BigInt(w.amount)),
        tax: formatPaise(BigInt(w.tax)),
        withPan: w.with_pan,
      })),
    },
  });
}

/** A Super Admin exports a user's data on their request; the reason goes to the audit log. */
export async function exportUserDataOnRequest(ctx: AppContext, admin: { id: string; ip: string | null }, userId: string, reason: string): Promise<DataExport> {
  if (!isUuid(userId)) throw notFound('User not found');
  const data = await exportUserData(ctx, userId);
  await recordAudit(ctx.db, { actorId: admin.id, action: 'user.data_exported', targetType: 'user', targetId: userId, ip: admin.ip, details: { reason }, at: ctx.now() });
  return data;
}
