// A StatCard that fits two to a row on a 390 px phone: the icon chip is dropped under 768 px so a
// rupee amount with paise ("₹2,200.00") is shown whole instead of truncated.
import type { ReactNode } from 'react';
import { Amount } from '../../../components/ui/amount.tsx';
import { StatCard, type StatCardProps } from '../../../components/ui/stat-card.tsx';
import { useIsMobile } from '../../../lib/use-media-query.ts';

export function MoneyStat({ amount, value, icon, ...props }: Omit<StatCardProps, 'value'> & { amount?: string | null; value?: ReactNode }) {
  const isMobile = useIsMobile();
  const shown = amount !== undefined ? amount === null ? '—' : <Amount value={amount} className="text-xl sm:text-2xl" /> : value;
  return <StatCard {...props} icon={isMobile ? undefined : icon} value={shown} />;
}
