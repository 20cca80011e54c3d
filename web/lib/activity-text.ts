// Audit-log entries as sentences ("Admin approved ₹500.00 payment (UTR …)") for the Overview's
// Recent Activity and for one admin's actions on the Admins tab, in the reader's language: each
// sentence is a message with placeholders, picked from a literal map.
import type { ActivityItem } from '../../contract/admin-security.ts';
import type { MessageKey, Translate } from '../i18n/t.ts';
import { formatINR } from './format.ts';

export type ActivityTone = 'success' | 'destructive' | 'primary' | 'warning';

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const money = (v: unknown) => (str(v) ? formatINR(str(v)) : null);

const SETTING_LABELS: Record<string, MessageKey> = {
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
};

const MONEY_SETTINGS = new Set(['activationFee', 'referralReward', 'minWithdrawal', 'secondApprovalAbove']);

/** "referral reward ₹400.00 → ₹250.00, UPI ID" from {changed: {key: {from, to}}} (or a list of keys). */
export function changedList(details: Record<string, unknown>, t: Translate): string {
  const label = (key: string) => {
    const labelKey = Object.hasOwn(SETTING_LABELS, key) ? SETTING_LABELS[key] : undefined;
    return labelKey ? t(labelKey) : key;
  };
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
    if (v && key === 'referralsPerSpin' && typeof v.from === 'number' && typeof v.to === 'number')
      return t('admin.activity.settingChange', { setting, from: String(v.from), to: String(v.to) });
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
  switch (item.action) {
    case 'payment.approved':
      return {
        text: join(amount ? t('admin.activity.paymentApproved', { who, amount }) : t('admin.activity.paymentApprovedNoAmount', { who }), utr, note),
        tone: 'success',
      };
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
    case 'withdrawal.approved':
      return {
        text: join(amount ? t('admin.activity.withdrawalApproved', { who, amount }) : t('admin.activity.withdrawalApprovedNoAmount', { who }), note),
        tone: 'success',
      };
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
    case 'holds.released':
      return { text: amount ? t('admin.activity.holdsReleased', { who, amount }) : t('admin.activity.holdsReleasedNoAmount', { who }), tone: 'success' };
    case 'holds.forfeited':
      return { text: amount ? t('admin.activity.holdsForfeited', { who, amount }) : t('admin.activity.holdsForfeitedNoAmount', { who }), tone: 'destructive' };
    default:
      return { text: t('admin.activity.other', { who, action: item.action.replace(/[._]/g, ' ') }), tone: 'primary' };
  }
}
