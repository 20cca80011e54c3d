// Stat card: label, big value (e.g. an <Amount/>), icon chip, optional hint and progress bar.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Card } from './card.tsx';
import { Progress } from './progress.tsx';
import { useT } from '../../i18n/t.ts';

export type StatTone = 'primary' | 'success' | 'warning' | 'destructive';

const CHIP: Record<StatTone, string> = {
  primary: 'bg-primary-soft text-primary-soft-foreground',
  success: 'bg-success-soft text-success-soft-foreground',
  warning: 'bg-warning-soft text-warning-soft-foreground',
  destructive: 'bg-destructive-soft text-destructive-soft-foreground',
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  tone?: StatTone;
  hint?: ReactNode;
  /** 0-100; renders a progress bar labelled `${label} progress`. */
  progress?: number;
  className?: string;
}

export function StatCard({ label, value, icon, tone = 'primary', hint, progress, className }: StatCardProps) {
  const t = useT();
  return (
    <Card className={cn('flex flex-col gap-3 p-4 sm:p-5', className)}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p className="tabular truncate text-2xl font-bold tracking-tight">{value}</p>
        </div>
        {icon ? <div className={cn('flex size-10 shrink-0 items-center justify-center rounded-[10px]', CHIP[tone])}>{icon}</div> : null}
      </div>
      {progress !== undefined ? <Progress value={progress} label={t('common.progressOf', { label })} tone={tone === 'destructive' ? 'primary' : tone} /> : null}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
