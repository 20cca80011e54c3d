// Run-time settings: contact details and the economics (fee, reward, referrals per spin, minimum
// withdrawal, wheel). One row; the spec's values are the defaults.
import { and, asc, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_ECONOMICS, DEFAULT_WHEEL_SEGMENTS_RUPEES, DEFAULT_WHEEL_WEIGHTS } from '../../contract/constants.ts';
import { formatPaise } from '../../contract/money.ts';
import { RISK_SIGNALS, type RiskSignal } from '../../contract/risk.ts';
import { formatRate } from '../../contract/tax.ts';
import {
  UpdateSettingsRequestSchema,
  type AdminSettings,
  type AppSettings,
  type SettingsProposal,
  type UpdateSettingsInput,
  type UpdateSettingsResponse,
} from '../../contract/settings.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { newId, isUuid } from '../db/ids.ts';
import { appSettings, settingsProposals, users } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
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

export function toAdminSettings(row: AppSettingsRow): Omit<AdminSettings, 'proposals'> {
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
    tdsEnabled: row.tdsEnabled,
    tdsReferralSection: row.tdsReferralSection,
    tdsReferralRatePercent: formatRate(row.tdsReferralRateBp),
    tdsReferralYearlyThreshold: formatPaise(row.tdsReferralYearlyThresholdPaise),
    tdsPrizeSection: row.tdsPrizeSection,
    tdsPrizeRatePercent: formatRate(row.tdsPrizeRateBp),
    tdsPrizeThreshold: formatPaise(row.tdsPrizeThresholdPaise),
    tdsNoPanRatePercent: formatRate(row.tdsNoPanRateBp),
    tdsTan: row.tdsTan,
  };
}

/**
 * Settings that guard the money (DESIGN.md section 11): while two or more Super Admins are active,
 * a change of one is a proposal that takes effect when a different Super Admin confirms it.
 */
export const GUARD_RAILS = [
  'activationFee',
  'referralReward',
  'referralsPerSpin',
  'wheel',
  'rewardWaivedActivations',
  'secondApprovalAbove',
  'secondApprovalForActivation',
  'riskHoldSignals',
  // Tax withheld at source changes what people are paid (decision 035); the TAN does not.
  'tdsEnabled',
  'tdsReferralSection',
  'tdsReferralRatePercent',
  'tdsReferralYearlyThreshold',
  'tdsPrizeSection',
  'tdsPrizeRatePercent',
  'tdsPrizeThreshold',
  'tdsNoPanRatePercent',
] as const satisfies readonly (keyof UpdateSettingsInput)[];

type SettingsPatch = Partial<typeof appSettings.$inferInsert>;
type SettingsChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * What an update changes: the columns to set and, for the audit log and proposals, each changed
 * setting as the API shows it ({from, to}); a value equal to the current one is no change.
 */
function diffSettings(current: AppSettingsRow, input: UpdateSettingsInput): { patch: SettingsPatch; changed: SettingsChanges } {
  const patch: SettingsPatch = {};
  const changed: SettingsChanges = {};
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

  const { tdsEnabled, tdsReferralSection, tdsReferralRatePercent, tdsReferralYearlyThreshold, tdsPrizeSection, tdsPrizeRatePercent } = input;
  const { tdsPrizeThreshold, tdsNoPanRatePercent, tdsTan } = input;
  if (tdsEnabled !== undefined) change('tdsEnabled', current.tdsEnabled, tdsEnabled, () => (patch.tdsEnabled = tdsEnabled));
  if (tdsReferralSection !== undefined) {
    change('tdsReferralSection', current.tdsReferralSection, tdsReferralSection, () => (patch.tdsReferralSection = tdsReferralSection));
  }
  if (tdsReferralRatePercent !== undefined) {
    change('tdsReferralRatePercent', formatRate(current.tdsReferralRateBp), formatRate(tdsReferralRatePercent), () => (patch.tdsReferralRateBp = tdsReferralRatePercent));
  }
  if (tdsReferralYearlyThreshold !== undefined) {
    change('tdsReferralYearlyThreshold', formatPaise(current.tdsReferralYearlyThresholdPaise), formatPaise(tdsReferralYearlyThreshold), () => (patch.tdsReferralYearlyThresholdPaise = tdsReferralYearlyThreshold));
  }
  if (tdsPrizeSection !== undefined) change('tdsPrizeSection', current.tdsPrizeSection, tdsPrizeSection, () => (patch.tdsPrizeSection = tdsPrizeSection));
  if (tdsPrizeRatePercent !== undefined) {
    change('tdsPrizeRatePercent', formatRate(current.tdsPrizeRateBp), formatRate(tdsPrizeRatePercent), () => (patch.tdsPrizeRateBp = tdsPrizeRatePercent));
  }
  if (tdsPrizeThreshold !== undefined) {
    change('tdsPrizeThreshold', formatPaise(current.tdsPrizeThresholdPaise), formatPaise(tdsPrizeThreshold), () => (patch.tdsPrizeThresholdPaise = tdsPrizeThreshold));
  }
  if (tdsNoPanRatePercent !== undefined) {
    change('tdsNoPanRatePercent', formatRate(current.tdsNoPanRateBp), formatRate(tdsNoPanRatePercent), () => (patch.tdsNoPanRateBp = tdsNoPanRatePercent));
  }
  if (tdsTan !== undefined) change('tdsTan', current.tdsTan, tdsTan, () => (patch.tdsTan = tdsTan));
  return { patch, changed };
}

const isGuardRail = (name: string) => (GUARD_RAILS as readonly string[]).includes(name);

/** The settings row, locked for the caller's transaction. */
async function lockSettings(tx: Tx): Promise<AppSettingsRow> {
  const rows = await tx.select().from(appSettings).where(eq(appSettings.id, 1)).for('update').limit(1);
  const current = rows[0];
  if (!current) throw new Error('app_settings row missing: ensureAppSettings was not run');
  return current;
}

async function applyPatch(tx: Tx, patch: SettingsPatch, actorId: string, now: Date): Promise<AppSettingsRow> {
  const [updated] = await tx
    .update(appSettings)
    .set({ ...patch, updatedAt: now, updatedById: actorId })
    .where(eq(appSettings.id, 1))
    .returning();
  if (!updated) throw new Error('app_settings row missing');
  return updated;
}

async function activeSuperAdmins(tx: DbOrTx): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.adminRole, 'super_admin'), eq(users.status, 'active')));
  return Number(row?.n ?? 0);
}

const proposers = alias(users, 'proposer');

/** The proposals waiting for a second Super Admin, oldest first. */
export async function listPendingProposals(db: DbOrTx): Promise<SettingsProposal[]> {
  const rows = await db
    .select({ p: settingsProposals, proposerName: proposers.username })
    .from(settingsProposals)
    .innerJoin(proposers, eq(proposers.id, settingsProposals.proposedById))
    .where(eq(settingsProposals.status, 'pending'))
    .orderBy(asc(settingsProposals.proposedAt), asc(settingsProposals.id));
  return rows.map((r) => toProposal(r.p, r.proposerName));
}

function toProposal(row: typeof settingsProposals.$inferSelect, proposerName: string): SettingsProposal {
  return {
    id: row.id,
    changes: row.changes,
    status: row.status as SettingsProposal['status'],
    proposedBy: { id: row.proposedById, username: proposerName },
    proposedAt: row.proposedAt.toISOString(),
  };
}

export async function readAdminSettings(db: DbOrTx): Promise<AdminSettings> {
  const [row, proposals] = [await getAppSettings(db), await listPendingProposals(db)];
  return { ...toAdminSettings(row), proposals };
}

/**
 * Applies an admin's partial update and records which fields changed. Changes apply to the future
 * only: nothing already granted or earned is recomputed (a new referrals-per-spin applies from each
 * user's next rewarded referral, against the progress they have; see decision 006). While two or
 * more Super Admins are active, the guard rails among the changes wait as a proposal (`proposed`)
 * for a different Super Admin, and the rest apply at once.
 */
export async function updateAppSettings(
  ctx: AppContext,
  actor: { id: string; username: string },
  input: UpdateSettingsInput,
  meta: { ip: string | null },
): Promise<UpdateSettingsResponse> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const current = await lockSettings(tx);
    const { patch, changed } = diffSettings(current, input);
    let proposed: SettingsProposal | null = null;
    const guarded = Object.keys(changed).filter(isGuardRail);
    let applied = changed;
    let toApply = patch;
    if (guarded.length > 0 && (await activeSuperAdmins(tx)) >= 2) {
      const proposalChanges = Object.fromEntries(guarded.map((k) => [k, changed[k]!]));
      const [row] = await tx
        .insert(settingsProposals)
        .values({ id: newId(), changes: proposalChanges, proposedById: actor.id, proposedAt: now })
        .returning();
      proposed = toProposal(row!, actor.username);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'settings.proposed',
        targetType: 'settings_proposal',
        targetId: row!.id,
        ip: meta.ip,
        details: { changed: proposalChanges },
        at: now,
      });
      applied = Object.fromEntries(Object.entries(changed).filter(([k]) => !isGuardRail(k)));
      // Only the other settings' columns: run the diff again without the guard rails.
      toApply = diffSettings(current, Object.fromEntries(Object.entries(input).filter(([k]) => !isGuardRail(k))) as UpdateSettingsInput).patch;
    }
    if (Object.keys(applied).length === 0) return { row: current, proposed };
    const updated = await applyPatch(tx, toApply, actor.id, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.updated',
      targetType: 'app_settings',
      targetId: '1',
      ip: meta.ip,
      details: { changed: applied },
      at: now,
    });
    return { row: updated, proposed };
  });
  return { ...toAdminSettings(result.row), proposals: await listPendingProposals(ctx.db), proposed: result.proposed };
}

/**
 * A different Super Admin confirms a proposal: its changes apply, audited with both names. Refused
 * when the settings it changes no longer hold what the proposal showed (someone changed them since).
 */
export async function confirmSettingsProposal(ctx: AppContext, actor: { id: string }, proposalId: string, meta: { ip: string | null }): Promise<AdminSettings> {
  if (!isUuid(proposalId)) throw notFound('Proposal not found');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [proposal] = await tx.select().from(settingsProposals).where(eq(settingsProposals.id, proposalId)).for('update').limit(1);
    if (!proposal) throw notFound('Proposal not found');
    if (proposal.status !== 'pending') throw conflict('This proposal was already decided', 'ALREADY_PROCESSED');
    if (proposal.proposedById === actor.id) {
      throw conflict('You proposed this change. Another Super Admin must confirm it.', 'SECOND_APPROVER_REQUIRED');
    }
    const current = await lockSettings(tx);
    // The proposal's "to" values are the API's own form, so they parse as an update does.
    const input = UpdateSettingsRequestSchema.parse(Object.fromEntries(Object.entries(proposal.changes).map(([k, v]) => [k, v.to])));
    const { patch, changed } = diffSettings(current, input);
    const stale = Object.entries(proposal.changes).some(([k, v]) => JSON.stringify(changed[k]?.from ?? v.to) !== JSON.stringify(v.from));
    if (stale) throw conflict('The settings changed since this was proposed. Reject it and propose the change again.', 'CONFLICT');
    if (Object.keys(changed).length > 0) await applyPatch(tx, patch, actor.id, now);
    await tx.update(settingsProposals).set({ status: 'confirmed', decidedById: actor.id, decidedAt: now }).where(eq(settingsProposals.id, proposalId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.proposal_confirmed',
      targetType: 'settings_proposal',
      targetId: proposalId,
      ip: meta.ip,
      details: { changed: proposal.changes, proposedBy: proposal.proposedById },
      at: now,
    });
  });
  return readAdminSettings(ctx.db);
}

/** A Super Admin turns a proposal down (the proposer withdraws their own). Nothing changes. */
export async function rejectSettingsProposal(ctx: AppContext, actor: { id: string }, proposalId: string, meta: { ip: string | null }): Promise<AdminSettings> {
  if (!isUuid(proposalId)) throw notFound('Proposal not found');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [proposal] = await tx.select().from(settingsProposals).where(eq(settingsProposals.id, proposalId)).for('update').limit(1);
    if (!proposal) throw notFound('Proposal not found');
    if (proposal.status !== 'pending') throw conflict('This proposal was already decided', 'ALREADY_PROCESSED');
    const withdrawn = proposal.proposedById === actor.id;
    await tx
      .update(settingsProposals)
      .set({ status: withdrawn ? 'withdrawn' : 'rejected', decidedById: actor.id, decidedAt: now })
      .where(eq(settingsProposals.id, proposalId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: withdrawn ? 'settings.proposal_withdrawn' : 'settings.proposal_rejected',
      targetType: 'settings_proposal',
      targetId: proposalId,
      ip: meta.ip,
      details: { changed: proposal.changes, proposedBy: proposal.proposedById },
      at: now,
    });
  });
  return readAdminSettings(ctx.db);
}
