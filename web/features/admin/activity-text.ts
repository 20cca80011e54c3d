// Audit-log entries as sentences for Recent Activity ("Admin approved ₹500.00 payment (UTR …)").
import type { ActivityItem } from '../../../contract/admin-security.ts';
import { formatINR } from '../../lib/format.ts';

export type ActivityTone = 'success' | 'destructive' | 'primary' | 'warning';

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const money = (v: unknown) => (str(v) ? formatINR(str(v)) : null);
/** "a ₹500.00 withdrawal", or "a withdrawal" when the amount is missing. */
const sized = (amount: unknown, noun: string) => (money(amount) ? `a ${money(amount)} ${noun}` : /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

const SETTING_LABELS: Record<string, string> = {
  upiId: 'UPI ID',
  businessName: 'business name',
  supportPhone: 'support phone',
  supportEmail: 'support email',
  activationFee: 'activation fee',
  referralReward: 'referral reward',
  referralsPerSpin: 'referrals per spin',
  minWithdrawal: 'minimum withdrawal',
  wheel: 'wheel',
  smsPerAddressPerHour: 'SMS per address per hour',
  signupsPerReferrerPerHour: 'sign-ups per referral code per hour',
  smsPerHour: 'SMS per hour',
  rewardWaivedActivations: 'reward for waived activations',
  supportContactName: 'support contact name',
  postalAddress: 'postal address',
  legalName: 'registered business name',
  registeredAddress: 'registered address',
};

const MONEY_SETTINGS = new Set(['activationFee', 'referralReward', 'minWithdrawal']);

/** "referral reward ₹400.00 → ₹250.00, UPI ID" from {changed: {key: {from, to}}} (or a list of keys). */
function changedList(details: Record<string, unknown>): string {
  const changed = details.changed;
  if (Array.isArray(changed)) {
    const keys = changed.filter((k): k is string => typeof k === 'string');
    return keys.length ? keys.map((k) => SETTING_LABELS[k] ?? k).join(', ') : 'settings';
  }
  if (!changed || typeof changed !== 'object') return 'settings';
  const parts = Object.entries(changed as Record<string, unknown>).map(([key, value]) => {
    const label = SETTING_LABELS[key] ?? key;
    const v = value && typeof value === 'object' ? (value as { from?: unknown; to?: unknown }) : null;
    if (v && MONEY_SETTINGS.has(key) && str(v.from) && str(v.to)) return `${label} ${money(v.from)} → ${money(v.to)}`;
    if (v && key === 'referralsPerSpin' && typeof v.from === 'number' && typeof v.to === 'number') return `${label} ${v.from} → ${v.to}`;
    return label;
  });
  return parts.length ? parts.join(', ') : 'settings';
}

export function describeActivity(item: ActivityItem): { text: string; tone: ActivityTone } {
  const who = item.actorName ?? 'Someone';
  const d = item.details ?? {};
  const note = str(d.notes) ? ` — “${str(d.notes)}”` : '';
  switch (item.action) {
    case 'payment.approved':
      return { text: `${who} approved ${sized(d.amount, 'activation payment')}${str(d.utrNumber) ? ` (UTR ${str(d.utrNumber)})` : ''}${note}`, tone: 'success' };
    case 'payment.rejected':
      return { text: `${who} rejected a payment proof${str(d.utrNumber) ? ` (UTR ${str(d.utrNumber)})` : ''}${note}`, tone: 'destructive' };
    case 'withdrawal.approved':
      return { text: `${who} approved ${sized(d.amount, 'withdrawal')}${note}`, tone: 'success' };
    case 'withdrawal.rejected':
      return { text: `${who} rejected ${sized(d.amount, 'withdrawal')} and refunded it${note}`, tone: 'destructive' };
    case 'user.activated': {
      const reward = d.referralReward && typeof d.referralReward === 'object' ? money((d.referralReward as Record<string, unknown>).amount) : null;
      const waived = money(d.feeWaived);
      const reason = str(d.reason) ? ` — “${str(d.reason)}”` : '';
      return {
        text: `${who} activated a user account${waived ? `, waiving the ${waived} fee` : ''}${reward ? `; the referrer earned ${reward}` : ''}${reason}`,
        tone: 'success',
      };
    }
    case 'settings.updated':
      return { text: `${who} updated ${changedList(d)}`, tone: 'primary' };
    case 'admin.setup':
      return { text: `${who} created the first admin account`, tone: 'primary' };
    case 'admin.login':
      return { text: `${who} signed in to the admin area`, tone: 'primary' };
    case 'admin.login_failed':
      return { text: `Failed admin sign-in attempt for ${who}`, tone: 'warning' };
    case 'admin.2fa_enabled':
      return { text: `${who} turned on two-factor authentication`, tone: 'success' };
    case 'admin.2fa_reset':
      return { text: `Two-factor authentication was reset for ${who}`, tone: 'warning' };
    case 'android_app.uploaded':
      return { text: `${who} uploaded Android app version ${str(d.version) ?? ''}`.trimEnd(), tone: 'primary' };
    case 'android_app.removed':
      return { text: `${who} removed the Android app from the download page`, tone: 'warning' };
    case 'secrets.rotated':
      return { text: 'The secrets key was rotated; admins with backup codes need new ones', tone: 'warning' };
    case 'admin.passkey_added':
      return { text: `${who} registered a passkey${str(d.deviceName) ? ` on “${str(d.deviceName)}”` : ''}`, tone: 'success' };
    default:
      return { text: `${who}: ${item.action.replace(/[._]/g, ' ')}`, tone: 'primary' };
  }
}
