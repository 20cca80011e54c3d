// Badge: small pill. Status badges always carry text (never colour alone): statusBadge maps
// pending/approved/completed/rejected/failed/active/inactive (and the admin's reversed, awaiting a
// second approval, suspended) to a tone and a label.
import type { HTMLAttributes, ReactNode } from 'react';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useT, type MessageKey } from '../../i18n/t.ts';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'destructive' | 'solid';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-muted text-muted-foreground border-border',
  primary: 'bg-primary-soft text-primary-soft-foreground border-transparent',
  success: 'bg-success-soft text-success-soft-foreground border-transparent',
  warning: 'bg-warning-soft text-warning-soft-foreground border-transparent',
  destructive: 'bg-destructive-soft text-destructive-soft-foreground border-transparent',
  solid: 'bg-primary text-primary-foreground border-transparent',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  icon?: ReactNode;
}

export function Badge({ tone = 'neutral', icon, className, children, ...props }: BadgeProps) {
  return (
    <span
      className={cn('hc-border inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[tone], className)}
      {...props}
    >
      {icon}
      {children}
    </span>
  );
}

export type Status = 'pending' | 'approved' | 'completed' | 'rejected' | 'failed' | 'active' | 'inactive' | 'reversed' | 'awaiting_second_approval' | 'suspended';

const STATUS: Record<Status, { tone: BadgeTone; label: MessageKey; icon: 'ok' | 'wait' | 'no' }> = {
  pending: { tone: 'warning', label: 'common.status.pending', icon: 'wait' },
  approved: { tone: 'success', label: 'common.status.approved', icon: 'ok' },
  completed: { tone: 'success', label: 'common.status.completed', icon: 'ok' },
  rejected: { tone: 'destructive', label: 'common.status.rejected', icon: 'no' },
  failed: { tone: 'destructive', label: 'common.status.failed', icon: 'no' },
  active: { tone: 'success', label: 'common.status.active', icon: 'ok' },
  inactive: { tone: 'warning', label: 'common.status.pending', icon: 'wait' },
  reversed: { tone: 'destructive', label: 'common.status.reversed', icon: 'no' },
  awaiting_second_approval: { tone: 'primary', label: 'common.status.awaitingSecond', icon: 'wait' },
  suspended: { tone: 'destructive', label: 'common.status.suspended', icon: 'no' },
};

export interface StatusBadgeProps {
  status: Status | string;
  /** Overrides the default label (e.g. 'Completed' for an approved withdrawal). */
  label?: string;
  className?: string;
}

export function StatusBadge({ status, label, className }: StatusBadgeProps) {
  const t = useT();
  const known = STATUS[status as Status] as (typeof STATUS)[Status] | undefined;
  // An unknown status is shown as it came.
  const s = known ? { ...known, label: t(known.label) } : { tone: 'neutral' as const, label: status, icon: 'wait' as const };
  const Icon = s.icon === 'ok' ? CheckCircle2 : s.icon === 'no' ? XCircle : Clock;
  return (
    <Badge tone={s.tone} className={className} icon={<Icon aria-hidden="true" className="size-3.5" />}>
      {label ?? s.label}
    </Badge>
  );
}
