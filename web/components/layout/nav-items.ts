// Navigation of the signed-in shells (spec section 2): desktop sidebar items, footer links, and the
// mobile drawer items of the 'Referral Hub' shell. The bottom bar shows the first five sidebar items.
import { CreditCard, Download, Gift, Headphones, LayoutDashboard, PlusCircle, ReceiptText, ScrollText, ShieldCheck, Users, Wallet, FileText, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Which user figure to show as a badge in the mobile drawer. */
  badge?: 'referrals' | 'balance' | 'spins';
}

export const SIDEBAR_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/referrals', label: 'Referrals', icon: Users },
  { to: '/wallet', label: 'Wallet', icon: Wallet },
  { to: '/spin', label: 'Spin Wheel', icon: Gift },
  { to: '/payments', label: 'Payments', icon: CreditCard },
  { to: '/transactions', label: 'Transactions', icon: ReceiptText },
  { to: '/download', label: 'Download App', icon: Download },
];

export const ADMIN_ITEM: NavItem = { to: '/admin', label: 'Admin Panel', icon: ShieldCheck };

export const FOOTER_LINKS: { to: string; label: string }[] = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-conditions', label: 'Terms & Conditions' },
  { to: '/support', label: 'Contact Us' },
];

export const BOTTOM_BAR_ITEMS: NavItem[] = SIDEBAR_ITEMS.slice(0, 5);

export const MOBILE_DRAWER_ITEMS: NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/referrals', label: 'Referrals', icon: Users, badge: 'referrals' },
  { to: '/wallet', label: 'Wallet', icon: Wallet, badge: 'balance' },
  { to: '/spin', label: 'Spin Wheel', icon: Gift, badge: 'spins' },
  { to: '/manual-payment', label: 'Add Money', icon: PlusCircle },
  { to: '/payments', label: 'Payments', icon: CreditCard },
  { to: '/transactions', label: 'Transactions', icon: ReceiptText },
  { to: '/download', label: 'Download App', icon: Download },
  { to: '/support', label: 'Support', icon: Headphones },
  { to: '/privacy-policy', label: 'Privacy Policy', icon: ScrollText },
  { to: '/terms-conditions', label: 'Terms & Conditions', icon: FileText },
];

/** '/' and '/dashboard' are the same screen. */
export function isActivePath(current: string, to: string): boolean {
  const norm = (p: string) => (p === '/' ? '/dashboard' : p);
  const c = norm(current);
  const t = norm(to);
  return c === t || c.startsWith(`${t}/`);
}
