// Admin > Data requests (Super Admins): people's requests and complaints about their personal data,
// the soonest due first with the 30-day due date (overdue marked), or the answered ones; each open
// one is closed with the answer the person reads. A request to see the data offers its export (the
// file the person would download), a request to delete it the erasure; both ask for the reason.
import { useState } from 'react';
import { Download, Inbox, MessageSquareReply, Trash2 } from 'lucide-react';
import type { AdminDataRequest } from '../../../../contract/privacy.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { DecisionDialog } from '../../admin/components/decision-dialog.tsx';
import { DATA_REQUEST_KIND_LABEL } from '../../privacy/components/data-requests-card.tsx';
import { exportUserData, useCloseDataRequest, useDataRequestQueue, useEraseUser } from '../api.ts';

export default function DataRequestsTab() {
  const t = useT();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const queue = useDataRequestQueue(status);
  const close = useCloseDataRequest();
  const [answering, setAnswering] = useState<AdminDataRequest | null>(null);
  const [acting, setActing] = useState<{ request: AdminDataRequest; action: 'export' | 'erase' } | null>(null);
  const [exporting, setExporting] = useState(false);
  const erase = useEraseUser();

  const onAct = async (r: AdminDataRequest, action: 'export' | 'erase', reason: string) => {
    if (action === 'export') {
      setExporting(true);
      try {
        await exportUserData(r.userId, reason);
        toast({ title: t('admin.dataRequests.exported'), description: t('admin.dataRequests.exportedText', { username: r.username }), variant: 'success' });
      } catch (err) {
        toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.dataRequests.actFailed')), variant: 'destructive' });
      } finally {
        setExporting(false);
        setActing(null);
      }
      return;
    }
    erase.mutate(
      { userId: r.userId, reason },
      {
        onSuccess: () => toast({ title: t('admin.dataRequests.erased'), description: t('admin.dataRequests.erasedText'), variant: 'success' }),
        onError: (err) => toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.dataRequests.actFailed')), variant: 'destructive' }),
        onSettled: () => setActing(null),
      },
    );
  };

  const onClose = (r: AdminDataRequest, note: string) => {
    close.mutate(
      { id: r.id, note },
      {
        onSuccess: () => {
          toast({ title: t('admin.dataRequests.closed'), description: t('admin.dataRequests.closedText', { username: r.username }), variant: 'success' });
          setAnswering(null);
        },
        onError: (err) => {
          toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.dataRequests.closeFailed')), variant: 'destructive' });
          setAnswering(null);
        },
      },
    );
  };

  const columns: TableColumn<AdminDataRequest>[] = [
    { key: 'user', header: t('admin.common.user'), mobile: 'title', cell: (r) => <span className="font-medium">{r.username}</span> },
    { key: 'kind', header: t('admin.dataRequests.kind'), cell: (r) => t(DATA_REQUEST_KIND_LABEL[r.kind]) },
    { key: 'message', header: t('admin.dataRequests.message'), cell: (r) => <span className="block max-w-72 whitespace-pre-line break-words">{r.message}</span> },
    {
      key: 'due',
      header: status === 'open' ? t('admin.dataRequests.due') : t('admin.dataRequests.answered'),
      cell: (r) =>
        status === 'open' ? (
          <span className="flex flex-col items-start gap-0.5 whitespace-nowrap">
            {formatDate(r.dueAt)}
            {r.overdue ? <Badge tone="destructive">{t('admin.dataRequests.overdue')}</Badge> : null}
          </span>
        ) : (
          <span className="flex flex-col gap-0.5">
            <span className="whitespace-nowrap">{formatDate(r.closedAt)}</span>
            <span className="max-w-60 break-words text-xs text-muted-foreground">{r.note}</span>
          </span>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('admin.common.actions')}</span>,
      align: 'right',
      cell: (r) =>
        r.status === 'open' ? (
          <span className="flex flex-wrap justify-end gap-2">
            {r.kind === 'access' ? (
              <Button size="sm" variant="outline" onClick={() => setActing({ request: r, action: 'export' })} aria-label={t('admin.dataRequests.exportLabel', { username: r.username })}>
                <Download aria-hidden="true" className="size-4" /> {t('admin.dataRequests.export')}
              </Button>
            ) : null}
            {r.kind === 'deletion' ? (
              <Button size="sm" variant="outline" className="text-destructive" onClick={() => setActing({ request: r, action: 'erase' })} aria-label={t('admin.dataRequests.eraseLabel', { username: r.username })}>
                <Trash2 aria-hidden="true" className="size-4" /> {t('admin.dataRequests.erase')}
              </Button>
            ) : null}
            <Button size="sm" onClick={() => setAnswering(r)} aria-label={t('admin.dataRequests.answerLabel', { username: r.username })}>
              <MessageSquareReply aria-hidden="true" className="size-4" /> {t('admin.dataRequests.answer')}
            </Button>
          </span>
        ) : null,
    },
  ];

  const rows = queue.data?.items ?? [];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('admin.dataRequests.intro')}</p>
      <SegmentedControl
        label={t('admin.dataRequests.show')}
        value={status}
        onChange={(v) => setStatus(v === 'closed' ? 'closed' : 'open')}
        className="sm:max-w-sm"
        options={[
          { value: 'open' as const, label: t('admin.dataRequests.openOnes') },
          { value: 'closed' as const, label: t('admin.dataRequests.closedOnes') },
        ]}
      />
      {queue.isPending ? (
        <SkeletonList rows={4} label={t('admin.dataRequests.loading')} />
      ) : queue.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(queue.error, t('admin.dataRequests.loadError'))}
        </p>
      ) : (
        <Table
          caption={t('admin.dataRequests.caption')}
          columns={columns}
          rows={rows}
          getRowKey={(r) => r.id}
          empty={<EmptyState icon={<Inbox aria-hidden="true" className="size-6" />} title={status === 'open' ? t('admin.dataRequests.emptyOpen') : t('admin.dataRequests.emptyClosed')} description={t('admin.dataRequests.emptyText')} />}
        />
      )}
      {answering ? (
        <DecisionDialog
          title={t('admin.dataRequests.answerTitle', { username: answering.username })}
          description={answering.message}
          confirmLabel={t('admin.dataRequests.send')}
          tone="primary"
          notesLabel={t('admin.dataRequests.noteLabel')}
          notesHint={t('admin.dataRequests.noteHint')}
          notesRequired={1}
          busy={close.isPending}
          onConfirm={(note) => onClose(answering, note)}
          onClose={() => setAnswering(null)}
        />
      ) : null}
      {acting ? (
        <DecisionDialog
          title={t(acting.action === 'export' ? 'admin.dataRequests.exportTitle' : 'admin.dataRequests.eraseTitle', { username: acting.request.username })}
          description={t(acting.action === 'export' ? 'admin.dataRequests.exportText' : 'admin.dataRequests.eraseText')}
          confirmLabel={t(acting.action === 'export' ? 'admin.dataRequests.export' : 'admin.dataRequests.erase')}
          tone={acting.action === 'export' ? 'primary' : 'destructive'}
          notesLabel={t('admin.dataRequests.reasonLabel')}
          notesHint={t('admin.dataRequests.reasonHint')}
          notesRequired={1}
          busy={exporting || erase.isPending}
          onConfirm={(reason) => void onAct(acting.request, acting.action, reason)}
          onClose={() => setActing(null)}
        />
      ) : null}
    </div>
  );
}
