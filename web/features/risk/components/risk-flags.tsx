// The open risk flags of an account, with the evidence in the reader's language (which other
// accounts share what): shown on the admin's users, payments and withdrawals rows. A flag that
// holds rewards under the current settings says so. Nothing is rendered when there are none.
import { ShieldAlert } from 'lucide-react';
import type { RiskFlag, RiskSignal } from '../../../../contract/risk.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT, type MessageKey, type Translate } from '../../../i18n/t.ts';

/** What each signal looks for, in words (the settings' switches). */
export const RISK_SIGNAL_LABEL: Record<RiskSignal, MessageKey> = {
  screenshot_reused: 'risk.signal.screenshot_reused',
  screenshot_similar: 'risk.signal.screenshot_similar',
  payout_shared: 'risk.signal.payout_shared',
  device_shared: 'risk.signal.device_shared',
  address_shared: 'risk.signal.address_shared',
  signup_burst: 'risk.signal.signup_burst',
  dormant_referral: 'risk.signal.dormant_referral',
};

const SHOWN_USERS = 3;

function usersText(flag: RiskFlag, t: Translate): string {
  if (flag.users.length === 0) return t('risk.flags.unknownUser');
  const names = flag.users.slice(0, SHOWN_USERS).map((u) => u.username).join(', ');
  const rest = flag.users.length - SHOWN_USERS;
  return rest > 0 ? `${names} ${t('risk.flags.more', { count: rest })}` : names;
}

/** The evidence of one flag as a sentence. */
export function riskFlagText(flag: RiskFlag, t: Translate): string {
  const users = usersText(flag, t);
  switch (flag.code) {
    case 'screenshot_reused':
      return t('risk.flags.screenshot_reused', { users });
    case 'screenshot_similar':
      return t('risk.flags.screenshot_similar', { users });
    case 'payout_shared':
      return flag.value ? t('risk.flags.payout_shared', { users, value: flag.value }) : t('risk.flags.payout_sharedNoValue', { users });
    case 'device_shared':
      return t('risk.flags.device_shared', { users });
    case 'address_shared':
      return t('risk.flags.address_shared', { users });
    case 'signup_burst':
      return t('risk.flags.signup_burst', { count: flag.count ?? 0 });
    case 'dormant_referral':
      return flag.users.length > 0 ? t('risk.flags.dormant_referral', { users }) : t('risk.flags.dormant_referralAlone');
    case 'own_referral_approved':
      return t('risk.flags.own_referral_approved', { users });
  }
}

export function RiskFlags({ flags }: { flags: readonly RiskFlag[] | undefined }) {
  const t = useT();
  if (!flags || flags.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1" aria-label={t('risk.flags.label')}>
      {flags.map((flag) => (
        <li key={`${flag.code}:${flag.at}`} className="flex flex-wrap items-center gap-1 text-xs text-warning-soft-foreground">
          <ShieldAlert aria-hidden="true" className="size-3.5 shrink-0 text-warning" />
          <span className="min-w-0 break-words">{riskFlagText(flag, t)}</span>
          {flag.holds ? <Badge tone="warning">{t('risk.flags.holds')}</Badge> : null}
        </li>
      ))}
    </ul>
  );
}
