// Run-time settings: contact details and the economics (fee, reward, referrals per spin, minimum
// withdrawal, wheel). One row; the spec's values are the defaults.
import { eq } from 'drizzle-orm';
import { DEFAULT_ECONOMICS, DEFAULT_WHEEL_SEGMENTS_RUPEES, DEFAULT_WHEEL_WEIGHTS } from '../../contract/constants.ts';
import { formatPaise } from '../../contract/money.ts';
import { RISK_SIGNALS, type RiskSignal } from '../../contract/risk.ts';
import type { AdminSettings, AppSettings, UpdateSettingsInput } from '../../contract/settings.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';

export type AppSettingsRow = typeof appSettings.$inferSelect;

export const DEFAULT_WHEEL = DEFAULT_WHEEL_SEGMENTS_RUPEES.map((rupees, i) => ({
  amountPaise: String(BigInt(rupees) * 100n),
  weight: DEFAULT_WHEEL_WEIGHTS[i] ?? 0,
}));

/** Inserts the settings row with the defaults if it is missing (first boot). */
export async function ensureAppSettings(db: DbOrTx): Promise<void> {
  await db
    .insert(appSettings)
    .values({
      id: 1,
      activationFeePaise: DEFAULT_ECONOMICS.activationFeePaise,
      referralRewardPaise: DEFAULT_ECONOMICS.referralRewardPaise,
      referralsPerSpin: DEFAULT_ECONOMICS.referralsPerSpin,
      minWithdrawalPaise: DEFAULT_ECONOMICS.minWithdrawalPaise,
      wheelSegments: DEFAULT_WHEEL,
    })
    .onConflictDoNothing();
}

export async function getAppSettings(db: DbOrTx): Promise<AppSettingsRow> {
  const rows = await db.select().from(appSettings).where(eq(appSettings.id, 1)).limit(1);
  const row = rows[0];
  if (!row) throw new Error('app_settings row missing: ensureAppSettings was not run');
  return row;
}

export function toAppSettings(row: AppSettingsRow): AppSettings {
  const totalWeight = row.wheelSegments.reduce((sum, s) => sum + s.weight, 0);
  return {
    upiId: row.upiId,
    businessName: row.businessName,
    supportPhone: row.supportPhone,
    supportEmail: row.supportEmail,
    activationFee: formatPaise(row.activationFeePaise),
    referralReward: formatPaise(row.referralRewardPaise),
    referralsPerSpin: row.referralsPerSpin,
    minWithdrawal: formatPaise(row.minWithdrawalPaise),
    wheel: {
      segments: row.wheelSegments.map((s) => ({
        amount: formatPaise(BigInt(s.amountPaise)),
        weight: s.weight,
        probability: totalWeight > 0 ? s.weight / totalWeight : 0,
      })),
    },
    supportContactName: row.supportContactName,
    postalAddress: row.postalAddress,
    legalName: row.legalName,
    registeredAddress: row.registeredAddress,
    grievanceOfficerName: row.grievanceOfficerName,
    grievanceEmail: row.grievanceEmail,
    androidApp:
      row.apkKey && row.apkVersion && row.apkSizeBytes !== null && row.apkUploadedAt
        ? { version: row.apkVersion, sizeBytes: row.apkSizeBytes, uploadedAt: row.apkUploadedAt.toISOString() }
        : null,
  };
}

export async function readAppSettings(db: DbOrTx): Promise<AppSettings> {
  return toAppSettings(await getAppSettings(db));
}

export function toAdminSettings(row: AppSettingsRow): AdminSettings {
  return {
    ...toAppSettings(row),
    smsPerAddressPerHour: row.smsPerAddressPerHour,
    signupsPerReferrerPerHour: row.signupsPerReferrerPerHour,
    smsPerHour: row.smsPerHour,
    rewardWaivedActivations: row.rewardWaivedActivations,
    secondApprovalAbove: row.secondApprovalAbovePaise === null ? null : formatPaise(row.secondApprovalAbovePaise),
    secondApprovalForActivation: row.secondApprovalForActivation,
    riskHoldSignals: row.riskHoldSignals.filter((c): c is RiskSignal => (RISK_SIGNALS as readonly string[]).includes(c)),
    signupFlagPerReferrerPerHour: row.signupFlagPerReferrerPerHour,
  };
}

export async function readAdminSettings(db: DbOrTx): Promise<AdminSettings> {
  return toAdminSettings(await getAppSettings(db));
}

/**
 * Applies an admin's partial update and records which fields changed. Changes apply to the future
 * only: nothing already granted or earned is recomputed (a new referrals-per-spin applies from each
 * user's next rewarded referral, against the progress they have; see decision 006).
 */
export async function updateAppSettings(
  ctx: AppContext,
  actor: { id: string },
  input: UpdateSettingsInput,
  meta: { ip: string | null },
): Promise<AdminSettings> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(appSettings).where(eq(appSettings.id, 1)).for('update').limit(1);
    const current = rows[0];
    if (!current) throw new Error('app_settings row missing: ensureAppSettings was not run');

    const patch: Partial<typeof appSettings.$inferInsert> = {};
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    /** Records a change when the shown value differs; `apply` puts it in the patch. */
    const change = (apiName: string, from: unknown, to: unknown, apply: () => void) => {
      if (JSON.stringify(from) === JSON.stringify(to)) return;
      changed[apiName] = { from, to };
      apply();
    };
    const { upiId, businessName, supportPhone, supportEmail, activationFee, referralReward, referralsPerSpin, minWithdrawal, wheel } = input;
    const { smsPerAddressPerHour, signupsPerReferrerPerHour, smsPerHour, rewardWaivedActivations } = input;
    const { secondApprovalAbove, secondApprovalForActivation, riskHoldSignals, signupFlagPerReferrerPerHour } = input;
    const { supportContactName, postalAddress, legalName, registeredAddress, grievanceOfficerName, grievanceEmail } = input;

    if (upiId !== undefined) change('upiId', current.upiId, upiId, () => (patch.upiId = upiId));
    if (businessName !== undefined) change('businessName', current.businessName, businessName, () => (patch.businessName = businessName));
    if (supportPhone !== undefined) change('supportPhone', current.supportPhone, supportPhone, () => (patch.supportPhone = supportPhone));
    if (supportEmail !== undefined) change('supportEmail', current.supportEmail, supportEmail, () => (patch.supportEmail = supportEmail));
    if (activationFee !== undefined) {
      change('activationFee', formatPaise(current.activationFeePaise), formatPaise(activationFee), () => (patch.activationFeePaise = activationFee));
    }
    if (referralReward !== undefined) {
      change('referralReward', formatPaise(current.referralRewardPaise), formatPaise(referralReward), () => (patch.referralRewardPaise = referralReward));
    }
    if (referralsPerSpin !== undefined) change('referralsPerSpin', current.referralsPerSpin, referralsPerSpin, () => (patch.referralsPerSpin = referralsPerSpin));
    if (minWithdrawal !== undefined) {
      change('minWithdrawal', formatPaise(current.minWithdrawalPaise), formatPaise(minWithdrawal), () => (patch.minWithdrawalPaise = minWithdrawal));
    }
    if (wheel !== undefined) {
      const segments = current.wheelSegments.map((seg, i) => {
        const next = wheel.segments[i];
        return { amountPaise: next?.amount !== undefined ? String(next.amount) : seg.amountPaise, weight: next?.weight ?? seg.weight };
      });
      if (segments.reduce((sum, seg) => sum + seg.weight, 0) <= 0) {
        const message = 'At least one wheel segment needs a weight above 0';
        throw badRequest(message, 'VALIDATION_FAILED', { wheel: message });
      }
      const show = (list: { amountPaise: string; weight: number }[]) => list.map((seg) => ({ amount: formatPaise(BigInt(seg.amountPaise)), weight: seg.weight }));
      change('wheel', show(current.wheelSegments), show(segments), () => (patch.wheelSegments = segments));
    }

    if (smsPerAddressPerHour !== undefined) {
      change('smsPerAddressPerHour', current.smsPerAddressPerHour, smsPerAddressPerHour, () => (patch.smsPerAddressPerHour = smsPerAddressPerHour));
    }
    if (signupsPerReferrerPerHour !== undefined) {
      change('signupsPerReferrerPerHour', current.signupsPerReferrerPerHour, signupsPerReferrerPerHour, () => (patch.signupsPerReferrerPerHour = signupsPerReferrerPerHour));
    }
    if (smsPerHour !== undefined) change('smsPerHour', current.smsPerHour, smsPerHour, () => (patch.smsPerHour = smsPerHour));
    if (rewardWaivedActivations !== undefined) {
      change('rewardWaivedActivations', current.rewardWaivedActivations, rewardWaivedActivations, () => (patch.rewardWaivedActivations = rewardWaivedActivations));
    }
    if (secondApprovalAbove !== undefined) {
      const show = (v: bigint | null) => (v === null ? null : formatPaise(v));
      change('secondApprovalAbove', show(current.secondApprovalAbovePaise), show(secondApprovalAbove), () => (patch.secondApprovalAbovePaise = secondApprovalAbove));
    }
    if (secondApprovalForActivation !== undefined) {
      change('secondApprovalForActivation', current.secondApprovalForActivation, secondApprovalForActivation, () => (patch.secondApprovalForActivation = secondApprovalForActivation));
    }

    if (riskHoldSignals !== undefined) {
      change('riskHoldSignals', [...current.riskHoldSignals].sort(), riskHoldSignals, () => (patch.riskHoldSignals = riskHoldSignals));
    }
    if (signupFlagPerReferrerPerHour !== undefined) {
      change('signupFlagPerReferrerPerHour', current.signupFlagPerReferrerPerHour, signupFlagPerReferrerPerHour, () => (patch.signupFlagPerReferrerPerHour = signupFlagPerReferrerPerHour));
    }

    if (supportContactName !== undefined) {
      change('supportContactName', current.supportContactName, supportContactName, () => (patch.supportContactName = supportContactName));
    }
    if (postalAddress !== undefined) change('postalAddress', current.postalAddress, postalAddress, () => (patch.postalAddress = postalAddress));
    if (legalName !== undefined) change('legalName', current.legalName, legalName, () => (patch.legalName = legalName));
    if (registeredAddress !== undefined) {
      change('registeredAddress', current.registeredAddress, registeredAddress, () => (patch.registeredAddress = registeredAddress));
    }

    if (grievanceOfficerName !== undefined) {
      change('grievanceOfficerName', current.grievanceOfficerName, grievanceOfficerName, () => (patch.grievanceOfficerName = grievanceOfficerName));
    }
    if (grievanceEmail !== undefined) change('grievanceEmail', current.grievanceEmail, grievanceEmail, () => (patch.grievanceEmail = grievanceEmail));

    if (Object.keys(changed).length === 0) return toAdminSettings(current);

    const [updated] = await tx
      .update(appSettings)
      .set({ ...patch, updatedAt: now, updatedById: actor.id })
      .where(eq(appSettings.id, 1))
      .returning();
    if (!updated) throw new Error('app_settings row missing');

    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.updated',
      targetType: 'app_settings',
      targetId: '1',
      ip: meta.ip,
      details: { changed },
      at: now,
    });
    return toAdminSettings(updated);
  });
}
