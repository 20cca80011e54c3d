// Guard-rail changes waiting for a second Super Admin (DESIGN.md section 11): what each would
// change, who proposed it and when, and Confirm / Reject for the others (the proposer may only
// withdraw it). Nothing is rendered while none is waiting.
import { ShieldCheck } from 'lucide-react';
import type { SettingsProposal } from '../../../../contract/settings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { changedList } from '../../../lib/activity-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDecideProposal } from '../api.ts';

export function SettingsProposals({ proposals }: { proposals: readonly SettingsProposal[] }) {
  const t = useT();
  const me = useAuth().user?.id;
  const decide = useDecideProposal();
  if (proposals.length === 0) return null;

  const act = (proposal: SettingsProposal, action: 'confirm' | 'reject') =>
    decide.mutate(
      { id: proposal.id, action },
      {
        onSuccess: () =>
          toast({
            title: action === 'confirm' ? t('admin.settings.proposals.confirmed') : t('admin.settings.proposals.rejected'),
            variant: action === 'confirm' ? 'success' : 'default',
          }),
        onError: (err) => toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.settings.proposals.failed')), variant: 'destructive' }),
      },
    );

  return (
    <Card className="border-warning">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-warning" />
          {t('admin.settings.proposals.title')}
        </CardTitle>
        <CardDescription>{t('admin.settings.proposals.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {proposals.map((p) => {
            const mine = p.proposedBy.id === me;
            return (
              <li key={p.id} className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="break-words text-sm font-medium">{changedList({ changed: p.changes }, t)}</p>
                  <p className="text-xs text-muted-foreground">
                    {t('admin.settings.proposals.by', { username: p.proposedBy.username, date: formatDateTime(p.proposedAt) })}
                  </p>
                  {mine ? <p className="text-xs text-muted-foreground">{t('admin.settings.proposals.yours')}</p> : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  {mine ? null : (
                    <Button type="button" size="sm" loading={decide.isPending && decide.variables?.id === p.id && decide.variables.action === 'confirm'} disabled={decide.isPending} onClick={() => act(p, 'confirm')}>
                      {t('admin.settings.proposals.confirm')}
                    </Button>
                  )}
                  <Button type="button" size="sm" variant="outline" loading={decide.isPending && decide.variables?.id === p.id && decide.variables.action === 'reject'} disabled={decide.isPending} onClick={() => act(p, 'reject')}>
                    {mine ? t('admin.settings.proposals.withdraw') : t('admin.settings.proposals.reject')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
