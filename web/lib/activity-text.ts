// Audit-log entries as sentences ("Admin approved ₹500.00 payment (UTR …)") for the Overview's
// Recent Activity and for one admin's actions on the Admins tab, in the reader's language: each
// sentence is a message with placeholders, picked from a literal map.
import type { ActivityItem } from '../../contract/admin-security.ts';
import type { AuditAction } from '../../contract/audit.ts';
import { providerName } from '../../contract/payouts.ts';
import type { UpdateSettingsInput } from '../../contract/settings.ts';
import { financialYearLabel } from '../../contract/tax-calendar.ts';
import type { MessageKey, Translate } from '../i18n/t.ts';
import { formatINR } from './format.ts';

export type ActivityTone = 'success' | 'destructive' | 'primary' | 'warning';

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const money = (v: unknown) => (str(v) ? formatINR(str(v)) : null);

/** Every setting an admin can change, by the name the audit log and the proposals give it. */
const SETTING_LABELS: Record<keyof UpdateSettingsInput, MessageKey> = {
  upiId: 'admin.activity.setting.upiId',
  businessName: 'admin.activity.setting.businessName',
  supportPhone: 'admin.activity.setting.supportPhone',
  supportEmail: 'admin.activity.setting.supportEmail',
  activationFee: 'admin.activity.setting.activationFee',
  referralReward: 'admin.activity.setting.referralReward',
  referralsPerSpin: 'admin.activity.setting.referralsPerSpin',
  minWithdrawal: 'admin.activity.setting.minWithdrawal',
  wheel: 'admin.activity.setting.wheel',
  smsPerAddressPerHour: 'admin.activity.setting.smsPerAddressPerHour',
  signupsPerReferrerPerHour: 'admin.activity.setting.signupsPerReferrerPerHour',
  smsPerHour: 'admin.activity.setting.smsPerHour',
  rewardWaivedActivations: 'admin.activity.setting.rewardWaivedActivations',
  supportContactName: 'admin.activity.setting.supportContactName',
  postalAddress: 'admin.activity.setting.postalAddress',
  legalName: 'admin.activity.setting.legalName',
  registeredAddress: 'admin.activity.setting.registeredAddress',
  grievanceOfficerName: 'admin.activity.setting.grievanceOfficerName',
  grievanceEmail: 'admin.activity.setting.grievanceEmail',
  secondApprovalAbove: 'admin.activity.setting.secondApprovalAbove',
  secondApprovalForActivation: 'admin.activity.setting.secondApprovalForActivation',
  riskHoldSignals: 'admin.activity.setting.riskHoldSignals',
  signupFlagPerReferrerPerHour: 'admin.activity.setting.signupFlagPerReferrerPerHour',
  tdsEnabled: 'admin.activity.setting.tdsEnabled',
  tdsReferralSection: 'admin.activity.setting.tdsReferralSection',
  tdsReferralRatePercent: 'admin.activity.setting.tdsReferralRatePercent',
  tdsReferralYearlyThreshold: 'admin.activity.setting.tdsReferralYearlyThreshold',
  tdsPrizeSection: 'admin.activity.setting.tdsPrizeSection',
  tdsPrizeRatePercent: 'admin.activity.setting.tdsPrizeRatePercent',
  tdsPrizeThreshold: 'admin.activity.setting.tdsPrizeThreshold',
  tdsNoPanRatePercent: 'admin.activity.setting.tdsNoPanRatePercent',
  tdsTan: 'admin.activity.setting.tdsTan',
};

/** Settings shown with their values: rupee amounts, percentages, and short codes (a section of the Act, the TAN). */
const MONEY_SETTINGS: ReadonlySet<string> = new Set(['activationFee', 'referralReward', 'minWithdrawal', 'secondApprovalAbove', 'tdsReferralYearlyThreshold', 'tdsPrizeThreshold']);
const RATE_SETTINGS: ReadonlySet<string> = new Set(['tdsReferralRatePercent', 'tdsPrizeRatePercent', 'tdsNoPanRatePercent']);
const CODE_SETTINGS: ReadonlySet<string> = new Set(['tdsReferralSection', 'tdsPrizeSection', 'tdsTan']);

/** "referral reward ₹400.00 → ₹250.00, UPI ID" from {changed: {key: {from, to}}} (or a list of keys). */
export function changedList(details: Record<string, unknown>, t: Translate): string {
  const label = (key: string) => (Object.hasOwn(SETTING_LABELS, key) ? t(SETTING_LABELS[key as keyof UpdateSettingsInput]) : key);
  const changed = details.changed;
  if (Array.isArray(changed)) {
    const keys = changed.filter((k): k is string => typeof k === 'string');
    return keys.length ? keys.map(label).join(', ') : t('admin.activity.settings');
  }
  if (!changed || typeof changed !== 'object') return t('admin.activity.settings');
  const parts = Object.entries(changed as Record<string, unknown>).map(([key, value]) => {
    const setting = label(key);
    const v = value && typeof value === 'object' ? (value as { from?: unknown; to?: unknown }) : null;
    if (v && MONEY_SETTINGS.has(key) && str(v.from) && str(v.to)) return t('admin.activity.settingChange', { setting, from: money(v.from), to: money(v.to) });
    if (v && RATE_SETTINGS.has(key) && str(v.from) && str(v.to)) {
      const percent = (rate: unknown) => t('admin.activity.percent', { rate: str(rate) });
      return t('admin.activity.settingChange', { setting, from: percent(v.from), to: percent(v.to) });
    }
    if (v && CODE_SETTINGS.has(key) && (str(v.from) || str(v.to))) {
      const shown = (x: unknown) => str(x) ?? t('admin.activity.notSet');
      return t('admin.activity.settingChange', { setting, from: shown(v.from), to: shown(v.to) });
    }
    // Hourly limits, referrals per spin.
    if (v && typeof v.from === 'number' && typeof v.to === 'number') return t('admin.activity.settingChange', { setting, from: String(v.from), to: String(v.to) });
    if (v && typeof v.from === 'boolean' && typeof v.to === 'boolean') {
      const onOff = (b: boolean) => t(b ? 'admin.activity.on' : 'admin.activity.off');
      return t('admin.activity.settingChange', { setting, from: onOff(v.from), to: onOff(v.to) });
    }
    if (v && key === 'secondApprovalAbove' && (v.from === null || v.to === null)) {
      const shown = (x: unknown) => money(x) ?? t('admin.activity.off');
      return t('admin.activity.settingChange', { setting, from: shown(v.from), to: shown(v.to) });
    }
    return setting;
  });
  return parts.length ? parts.join(', ') : t('admin.activity.settings');
}

/** The sentence, then the optional "(UTR …)" and "— “note”" after it. */
const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ');

export function describeActivity(item: ActivityItem, t: Translate): { text: string; tone: ActivityTone } {
  const who = item.actorName ?? t('admin.activity.someone');
  const d = item.details ?? {};
  const note = str(d.notes) ? t('admin.activity.note', { note: str(d.notes) }) : null;
  const utr = str(d.utrNumber) ? t('admin.activity.utr', { utr: str(d.utrNumber) }) : null;
  const amount = money(d.amount);
  /** "a ₹500.00 withdrawal", for the payouts' sentences. */
  const withdrawal = amount ? t('admin.activity.withdrawalOf', { amount }) : t('admin.activity.aWithdrawal');
  const provider = str(d.provider) ? providerName(str(d.provider)) : t('admin.activity.payoutProvider');
  // Every action the server writes has its sentence (`action` is `never` at the default); a row
  // with some other name reads as that name.
  const action = item.action as AuditAction;
  switch (action) {
    case 'payment.approved': {
      // Paid through the payment gateway, the gateway's confirmation approves it: nobody did.
      const sentence =
        amount && d.via === 'gateway' && !item.actorId
          ? t('admin.activity.paymentConfirmedByGateway', { amount })
          : amount
            ? t('admin.activity.paymentApproved', { who, amount })
            : t('admin.activity.paymentApprovedNoAmount', { who });
      return { text: join(sentence, utr, note), tone: 'success' };
    }
    case 'payment.rejected':
      return { text: join(t('admin.activity.paymentRejected', { who }), utr, note), tone: 'destructive' };
    case 'payment.reversed': {
      const reason = str(d.reason) ? t('admin.activity.note', { note: str(d.reason) }) : null;
      return { text: join(amount ? t('admin.activity.paymentReversed', { who, amount }) : t('admin.activity.paymentReversedNoAmount', { who }), utr, reason), tone: 'destructive' };
    }
    case 'withdrawal.first_approval':
      return {
        text: join(amount ? t('admin.activity.withdrawalFirstApproval', { who, amount }) : t('admin.activity.withdrawalFirstApprovalNoAmount', { who }), note),
        tone: 'primary',
      };
    case 'user.activation_requested': {
      const reason = str(d.reason) ? t('admin.activity.note', { note: str(d.reason) }) : null;
      return { text: join(t('admin.activity.activationRequested', { who }), reason), tone: 'primary' };
    }
    case 'admin.invited': {
      const email = str(d.email);
      return { text: email ? t('admin.activity.adminInvited', { who, email }) : t('admin.activity.adminInvitedNoEmail', { who }), tone: 'primary' };
    }
    case 'admin.joined':
      return { text: t('admin.activity.adminJoined', { who }), tone: 'success' };
    case 'admin.suspended':
      return { text: t('admin.activity.adminSuspended', { who }), tone: 'warning' };
    case 'admin.reactivated':
      return { text: t('admin.activity.adminReactivated', { who }), tone: 'success' };
    case 'withdrawal.approved': {
      const paidBy = str(d.payoutProvider);
      const sentence =
        amount && paidBy
          ? t('admin.activity.withdrawalApprovedPayout', { who, amount, provider: providerName(paidBy) })
          : amount
            ? t('admin.activity.withdrawalApproved', { who, amount })
            : t('admin.activity.withdrawalApprovedNoAmount', { who });
      const reference = str(d.payoutReference) ? t('admin.activity.utr', { utr: str(d.payoutReference) }) : null;
      return { text: join(sentence, reference, note), tone: 'success' };
    }
    case 'withdrawal.rejected':
      return {
        text: join(amount ? t('admin.activity.withdrawalRejected', { who, amount }) : t('admin.activity.withdrawalRejectedNoAmount', { who }), note),
        tone: 'destructive',
      };
    case 'user.activated': {
      const reward = d.referralReward && typeof d.referralReward === 'object' ? money((d.referralReward as Record<string, unknown>).amount) : null;
      const fee = money(d.feeWaived);
      const reason = str(d.reason) ? t('admin.activity.note', { note: str(d.reason) }) : null;
      const sentence =
        fee && reward
          ? t('admin.activity.userActivatedWaivedReward', { who, fee, reward })
          : fee
            ? t('admin.activity.userActivatedWaived', { who, fee })
            : reward
              ? t('admin.activity.userActivatedReward', { who, reward })
              : t('admin.activity.userActivated', { who });
      return { text: join(sentence, reason), tone: 'success' };
    }
    case 'settings.updated':
      return { text: t('admin.activity.settingsUpdated', { who, changes: changedList(d, t) }), tone: 'primary' };
    case 'settings.proposed':
      return { text: t('admin.activity.settingsProposed', { who, changes: changedList(d, t) }), tone: 'warning' };
    case 'settings.proposal_confirmed':
      return { text: t('admin.activity.settingsProposalConfirmed', { who, changes: changedList(d, t) }), tone: 'primary' };
    case 'settings.proposal_rejected':
      return { text: t('admin.activity.settingsProposalRejected', { who, changes: changedList(d, t) }), tone: 'destructive' };
    case 'settings.proposal_withdrawn':
      return { text: t('admin.activity.settingsProposalWithdrawn', { who, changes: changedList(d, t) }), tone: 'primary' };
    case 'admin.setup':
      return { text: t('admin.activity.adminSetup', { who }), tone: 'primary' };
    case 'admin.login':
      return { text: t('admin.activity.adminLogin', { who }), tone: 'primary' };
    case 'admin.login_failed':
      return { text: t('admin.activity.adminLoginFailed', { who }), tone: 'warning' };
    case 'admin.2fa_enabled':
      return { text: t('admin.activity.twoFactorEnabled', { who }), tone: 'success' };
    case 'admin.2fa_reset':
      return { text: t('admin.activity.twoFactorReset', { who }), tone: 'warning' };
    case 'android_app.uploaded': {
      const version = str(d.version);
      return { text: version ? t('admin.activity.appUploaded', { who, version }) : t('admin.activity.appUploadedNoVersion', { who }), tone: 'primary' };
    }
    case 'android_app.removed':
      return { text: t('admin.activity.appRemoved', { who }), tone: 'warning' };
    case 'secrets.rotated':
      return { text: t('admin.activity.secretsRotated'), tone: 'warning' };
    case 'admin.passkey_added': {
      const device = str(d.deviceName);
      return { text: device ? t('admin.activity.passkeyAddedOn', { who, device }) : t('admin.activity.passkeyAdded', { who }), tone: 'success' };
    }
    case 'data_request.closed':
      return { text: t('admin.activity.dataRequestClosed', { who }), tone: 'success' };
    case 'data_request.created':
      return { text: t('admin.activity.dataRequestCreated', { who }), tone: 'primary' };
    case 'account.corrected':
      return { text: t('admin.activity.accountCorrected', { who }), tone: 'primary' };
    case 'account.phone_changed':
      return { text: t('admin.activity.phoneChanged', { who }), tone: 'primary' };
    case 'account.erased':
      return str(d.reason)
        ? { text: join(t('admin.activity.accountErasedByAdmin', { who }), t('admin.activity.note', { note: str(d.reason) })), tone: 'warning' }
        : { text: t('admin.activity.accountErased', { who }), tone: 'warning' };
    case 'user.data_exported':
      return { text: join(t('admin.activity.dataExported', { who }), str(d.reason) ? t('admin.activity.note', { note: str(d.reason) }) : null), tone: 'primary' };
    case 'reconciliation.uploaded':
      return { text: t('admin.activity.reconciliationUploaded', { who, lines: Number(d.lines ?? 0) }), tone: 'primary' };
    case 'gateway.payment_refused':
      return { text: join(amount ? t('admin.activity.gatewayRefused', { amount }) : t('admin.activity.gatewayRefusedNoAmount')), tone: 'warning' };
    case 'user.suspended':
      return { text: join(t('admin.activity.userSuspended', { who }), str(d.reason) ? t('admin.activity.note', { note: str(d.reason) }) : null), tone: 'destructive' };
    case 'user.reinstated':
      return { text: join(t('admin.activity.userReinstated', { who }), str(d.reason) ? t('admin.activity.note', { note: str(d.reason) }) : null), tone: 'success' };
    case 'holds.released': {
      const holdNote = str(d.note) ? t('admin.activity.note', { note: str(d.note) }) : null;
      return { text: join(amount ? t('admin.activity.holdsReleased', { who, amount }) : t('admin.activity.holdsReleasedNoAmount', { who }), holdNote), tone: 'success' };
    }
    case 'holds.forfeited': {
      const holdNote = str(d.note) ? t('admin.activity.note', { note: str(d.note) }) : null;
      return { text: join(amount ? t('admin.activity.holdsForfeited', { who, amount }) : t('admin.activity.holdsForfeitedNoAmount', { who }), holdNote), tone: 'destructive' };
    }
    case 'payout.processed': {
      const payoutUtr = str(d.utr) ? t('admin.activity.utr', { utr: str(d.utr) }) : null;
      return { text: join(t('admin.activity.payoutProcessed', { provider, withdrawal }), payoutUtr), tone: 'success' };
    }
    case 'payout.returned': {
      const reason = str(d.reason) ? t('admin.activity.note', { note: str(d.reason) }) : null;
      // An admin returns a payout the provider refused; the provider's own word returns the others.
      const sentence = item.actorId
        ? t('admin.activity.payoutReturnedByAdmin', { who, withdrawal })
        : d.providerStatus === 'reversed'
          ? t('admin.activity.payoutReturnedByBank', { provider, withdrawal })
          : t('admin.activity.payoutReturnedFailed', { provider, withdrawal });
      return { text: join(sentence, reason), tone: 'destructive' };
    }
    case 'payout.paid_after_refund':
      return { text: t('admin.activity.payoutPaidAfterRefund', { provider, withdrawal }), tone: 'destructive' };
    case 'payout.refused':
      return { text: join(t('admin.activity.payoutRefused'), str(d.error) ? t('admin.activity.note', { note: str(d.error) }) : null), tone: 'warning' };
    case 'payout.retried':
      return { text: d.found === true ? t('admin.activity.payoutRetriedFound', { who }) : t('admin.activity.payoutRetried', { who }), tone: 'primary' };
    case 'payout.mismatch': {
      const paid = str(d.amount) && str(d.currency) && str(d.currency) !== 'INR' ? `${str(d.amount)} ${str(d.currency)}` : amount;
      const expected = money(d.expected);
      const ofWithdrawal = expected ? t('admin.activity.withdrawalOf', { amount: expected }) : t('admin.activity.aWithdrawal');
      return {
        text: paid ? t('admin.activity.payoutMismatch', { paid, withdrawal: ofWithdrawal }) : t('admin.activity.payoutMismatchNoAmount'),
        tone: 'destructive',
      };
    }
    case 'pan.updated':
      return { text: t('admin.activity.panUpdated', { who }), tone: 'primary' };
    case 'tax.deposited': {
      const fy = typeof d.fy === 'number' ? d.fy : null;
      const quarter = typeof d.quarter === 'number' ? d.quarter : null;
      const sentence =
        amount && fy !== null && quarter !== null
          ? t('admin.activity.taxDeposited', { who, amount, quarter, year: financialYearLabel(fy) })
          : t('admin.activity.taxDepositedNoPeriod', { who });
      const challan = str(d.challanSerial) && str(d.bsrCode) ? t('admin.activity.challan', { serial: str(d.challanSerial), bsr: str(d.bsrCode) }) : null;
      return { text: join(sentence, challan), tone: 'success' };
    }
    default:
      return { text: t('admin.activity.other', { who, action: String(action satisfies never).replace(/[._]/g, ' ') }), tone: 'primary' };
  }
}
