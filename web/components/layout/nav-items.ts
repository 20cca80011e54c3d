// Navigation of the signed-in shells (spec section 2): desktop sidebar items (the footer links are
// in footer-links.ts, which signed-out pages load without these icons), and the
// mobile drawer items of the 'Referral Hub' shell. The bottom bar shows the first five sidebar items.
import { CreditCard, Download, Gift, Headphones, LayoutDashboard, PlusCircle, ReceiptText, ScrollText, ShieldCheck, Users, Wallet, FileText, type LucideIcon } from 'lucide-react';
import type { MessageKey } from '../../i18n/t.ts';

export interface NavItem {
  to: string;
  /** Translated where it is shown. */
  label: MessageKey;
  icon: LucideIcon;
  /** Which user figure to show as a badge in the mobile drawer. */
  badge?: 'referrals' | 'balance' | 'spins';
  /** The label once the account is active (Add Money: there is no top-up, only the fee that was paid). */
  activeLabel?: MessageKey;
}

export const SIDEBAR_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'layout.pages.dashboard', icon: LayoutDashboard },
  { to: '/referrals', label: 'layout.pages.referrals', icon: Users },
  { to: '/wallet', label: 'layout.pages.wallet', icon: Wallet },
  { to: '/spin', label: 'layout.pages.spinWheel', icon: Gift },
  { to: '/payments', label: 'layout.pages.payments', icon: CreditCard },
  { to: '/transactions', label: 'layout.pages.transactions', icon: ReceiptText },
  { to: '/download', label: 'layout.pages.downloadApp', icon: Download },
];

export const ADMIN_ITEM: NavItem = { to: '/admin', label: 'layout.pages.adminPanel', icon: ShieldCheck };

export const BOTTOM_BAR_ITEMS: NavItem[] = SIDEBAR_ITEMS.slice(0, 5);

export const MOBILE_DRAWER_ITEMS: NavItem[] = [
  { to: '/', label: 'layout.pages.dashboard', icon: LayoutDashboard },
  { to: '/referrals', label: 'layout.pages.referrals', icon: Users, badge: 'referrals' },
  { to: '/wallet', label: 'layout.pages.wallet', icon: Wallet, badge: 'balance' },
  { to: '/spin', label: 'layout.pages.spinWheel', icon: Gift, badge: 'spins' },
  { to: '/manual-payment', label: 'layout.pages.addMoney', activeLabel: 'layout.pages.myPayment', icon: PlusCircle },
  { to: '/payments', label: 'layout.pages.payments', icon: CreditCard },
  { to: '/transactions', label: 'layout.pages.transactions', icon: ReceiptText },
  { to: '/download', label: 'layout.pages.downloadApp', icon: Download },
  { to: '/support', label: 'layout.pages.support', icon: Headphones },
  { to: '/privacy-policy', label: 'layout.pages.privacyPolicy', icon: ScrollText },
  { to: '/terms-conditions', label: 'layout.pages.termsConditions', icon: FileText },
];

/** '/' and '/dashboard' are the same screen. */
export function isActivePath(current: string, to: string): boolean {
  const norm = (p: string) => (p === '/' ? '/dashboard' : p);
  const c = norm(current);
  const t = norm(to);
  return c === t || c.startsWith(`${t}/`);
}
