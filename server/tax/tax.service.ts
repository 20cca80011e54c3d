// A person's side of tax withheld at source (DESIGN.md section 15): their PAN, given on the Profile
// (PUT /api/me/pan: checked, sealed, shown masked; a later credit is taxed at the rate with a PAN,
// nothing withheld before changes), and their tax year (GET /api/me/tax): this financial year's
// rewards and tax, whether to ask for the PAN, and the years that have a tax summary.
import { sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import { formatRate, taxPeriodOf, type MyTax, type SetPanRequestSchema } from '../../contract/tax.ts';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import { isoText, queryRows } from '../db/rows.ts';
import { getAppSettings } from '../settings/settings.service.ts';
import { maskPan, openPan, sealPan } from './pan.ts';

type SetPanInput = z.output<typeof SetPanRequestSchema>;

export async function readMyTax(ctx: AppContext, userId: string): Promise<MyTax> {
  const settings = await getAppSettings(ctx.db);
  const { fy } = taxPeriodOf(ctx.now());
  const [row] = await queryRows<{ sealed: string | null; masked: string | null; added_at: string | null; credited: string | null }>(
    ctx.db,
    sql`select p.sealed, p.masked, ${isoText('p.added_at')} as added_at,
          (select y.referral_credited_paise::text from tax_years y where y.user_id = ${userId}::uuid and y.fy = ${fy}) as credited
        from (select 1) one left join user_pans p on p.user_id = ${userId}::uuid`,
  );
  const years = await queryRows<{ fy: number; taxed_on: string; tax: string }>(
    ctx.db,
    sql`select fy, sum(amount_paise)::text as taxed_on, sum(tax_paise)::text as tax from tax_withholdings
        where user_id = ${userId}::uuid group by fy order by fy desc`,
  );
  const pan = row?.sealed ? openPan(ctx.secretsKey, userId, row.sealed) : null;
  const rewards = BigInt(row?.credited ?? '0');
  const threshold = settings.tdsReferralYearlyThresholdPaise;
  return {
    enabled: settings.tdsEnabled,
    fy,
    pan: pan && row?.masked && row.added_at ? { masked: row.masked, nameOnPan: pan.name, addedAt: row.added_at } : null,
    panRequested: settings.tdsEnabled && !pan && rewards * 4n >= threshold * 3n && rewards > 0n,
    referral: {
      section: settings.tdsReferralSection,
      rate: formatRate(settings.tdsReferralRateBp),
      noPanRate: formatRate(Math.max(settings.tdsReferralRateBp, settings.tdsNoPanRateBp)),
      yearlyThreshold: formatPaise(threshold),
    },
    prize: {
      section: settings.tdsPrizeSection,
      rate: formatRate(settings.tdsPrizeRateBp),
      noPanRate: formatRate(Math.max(settings.tdsPrizeRateBp, settings.tdsNoPanRateBp)),
      threshold: formatPaise(settings.tdsPrizeThresholdPaise),
    },
    year: { rewards: formatPaise(rewards), taxWithheld: formatPaise(BigInt(years.find((y) => y.fy === fy)?.tax ?? '0')) },
    years: years.map((y) => ({ fy: y.fy, taxedOn: formatPaise(BigInt(y.taxed_on)), taxWithheld: formatPaise(BigInt(y.tax)) })),
  };
}

/** Adds or replaces the person's PAN. Withholdings already made keep the PAN (or none) they were made against. */
export async function setPan(ctx: AppContext, userId: string, input: SetPanInput, meta: { ip: string | null }): Promise<MyTax> {
  const now = ctx.now();
  const sealed = sealPan(ctx.secretsKey, userId, { pan: input.pan, name: input.nameOnPan });
  const masked = maskPan(input.pan);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`insert into user_pans (user_id, sealed, masked, added_at, updated_at)
                         values (${userId}::uuid, ${sealed}, ${masked}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
                         on conflict (user_id) do update set sealed = excluded.sealed, masked = excluded.masked, updated_at = excluded.updated_at`);
    await recordAudit(tx, { actorId: userId, action: 'pan.updated', targetType: 'user', targetId: userId, ip: meta.ip, details: { pan: masked }, at: now });
  });
  return readMyTax(ctx, userId);
}
