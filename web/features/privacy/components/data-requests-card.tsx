// "Requests about your data" on the profile page: raise a request or complaint to the Grievance
// Officer (what it is about, what is asked), and follow each: open with its due date (30 days), or
// answered with the answer.
import { useState, type FormEvent } from 'react';
import { MessageSquareText } from 'lucide-react';
import { DATA_REQUEST_KINDS, type DataRequest } from '../../../../contract/privacy.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT, type MessageKey } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCreateDataRequest, useMyDataRequests } from '../api.ts';

export const DATA_REQUEST_KIND_LABEL: Record<DataRequest['kind'], MessageKey> = {
  access: 'profile.requests.kind.access',
  correction: 'profile.requests.kind.correction',
  deletion: 'profile.requests.kind.deletion',
  objection: 'profile.requests.kind.objection',
  consent: 'profile.requests.kind.consent',
  other: 'profile.requests.kind.other',
};

export function DataRequestsCard() {
  const t = useT();
  const requests = useMyDataRequests();
  const create = useCreateDataRequest();
  const [kind, setKind] = useState<DataRequest['kind'] | ''>('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ kind?: string; message?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: { kind?: string; message?: string } = {};
    if (!kind) next.kind = 'Choose what your request is about';
    if (!message.trim()) next.message = 'Tell us what you are asking for';
    setErrors(next);
    if (!kind || next.message) return;
    create.mutate(
      { kind, message: message.trim() },
      {
        onSuccess: () => {
          setKind('');
          setMessage('');
          toast({ title: t('profile.requests.sentTitle'), description: t('profile.requests.sentText'), variant: 'success' });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          toast({ title: t('profile.requests.failedTitle'), description: errorMessage(err, t('profile.requests.failed')), variant: 'destructive' });
        },
      },
    );
  };

  const items = requests.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareText aria-hidden="true" className="size-5 text-primary" /> {t('profile.requests.title')}
        </CardTitle>
        <CardDescription>{t('profile.requests.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Field label={t('profile.requests.kindLabel')} error={errors.kind}>
            <Select
              value={kind}
              onValueChange={(v) => {
                setKind(v as DataRequest['kind']);
                setErrors((old) => ({ ...old, kind: undefined }));
              }}
              placeholder={t('profile.requests.kindPlaceholder')}
              options={DATA_REQUEST_KINDS.map((k) => ({ value: k, label: t(DATA_REQUEST_KIND_LABEL[k]) }))}
            />
          </Field>
          <Field label={t('profile.requests.messageLabel')} error={errors.message}>
            <Textarea rows={3} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
          </Field>
          <Button type="submit" loading={create.isPending} className="w-full sm:w-auto sm:self-start">
            {t('profile.requests.submit')}
          </Button>
        </form>
        {items.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border" aria-label={t('profile.requests.listLabel')}>
            {items.map((r) => (
              <li key={r.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{t(DATA_REQUEST_KIND_LABEL[r.kind])}</span>
                  <Badge tone={r.status === 'open' ? 'warning' : 'success'}>{r.status === 'open' ? t('profile.requests.open') : t('profile.requests.answered')}</Badge>
                </div>
                <p className="break-words text-muted-foreground">{r.message}</p>
                <p className="text-xs text-muted-foreground">
                  {r.status === 'open'
                    ? t('profile.requests.due', { sent: formatDate(r.createdAt), due: formatDate(r.dueAt) })
                    : t('profile.requests.answeredOn', { date: formatDate(r.closedAt) })}
                </p>
                {r.note ? <p className="rounded-[10px] bg-muted p-2 break-words">{t('profile.requests.answer', { note: r.note })}</p> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
