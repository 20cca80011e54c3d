// Correcting where a pending withdrawal is paid: the payout fields of the request (bank account or
// UPI ID), checked by the server as on the request; the amount does not change.
import { useState } from 'react';
import type { PayoutMethod, Withdrawal } from '../../../../contract/wallet.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatINR } from '../../../lib/format.ts';
import { useCorrectPayout } from '../api.ts';

type Errors = Partial<Record<'accountHolderName' | 'accountNumber' | 'ifscCode' | 'upiId', string>>;

export function CorrectPayoutDialog({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose(): void }) {
  const t = useT();
  const correct = useCorrectPayout();
  const [method, setMethod] = useState<PayoutMethod>(withdrawal.method);
  const [holder, setHolder] = useState(withdrawal.accountHolderName);
  // The stored account number is masked: the person types it again.
  const [accountNumber, setAccountNumber] = useState('');
  const [ifsc, setIfsc] = useState(withdrawal.ifscCode ?? '');
  const [upiId, setUpiId] = useState(withdrawal.upiId ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const save = () => {
    correct.mutate(
      { id: withdrawal.id, method, accountHolderName: holder, accountNumber, ifscCode: ifsc, upiId },
      {
        onSuccess: () => {
          toast({ title: t('wallet.correct.savedTitle'), description: t('wallet.correct.savedText'), variant: 'success' });
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors);
          else toast({ title: t('wallet.correct.failedTitle'), description: errorMessage(err, t('wallet.correct.failed')), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !correct.isPending) onClose();
      }}
      title={t('wallet.correct.title', { amount: formatINR(withdrawal.amount) })}
      description={t('wallet.correct.text')}
      footer={
        <>
          <Button variant="outline" disabled={correct.isPending} onClick={onClose}>
            {t('wallet.correct.cancel')}
          </Button>
          <Button loading={correct.isPending} onClick={save}>
            {t('wallet.correct.save')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <SegmentedControl
          label={t('wallet.correct.method')}
          value={method}
          onChange={(v) => setMethod(v === 'upi' ? 'upi' : 'bank')}
          options={[
            { value: 'bank' as const, label: t('wallet.correct.bank') },
            { value: 'upi' as const, label: t('wallet.correct.upi') },
          ]}
        />
        <Field label={t('wallet.correct.holder')} error={errors.accountHolderName}>
          <Input value={holder} onChange={(e) => setHolder(e.target.value)} autoComplete="name" />
        </Field>
        {method === 'bank' ? (
          <>
            <Field label={t('wallet.correct.accountNumber')} error={errors.accountNumber} hint={t('wallet.correct.accountNumberHint')}>
              <Input inputMode="numeric" value={accountNumber} onChange={(e) => setAccountNumber(e.target.value)} autoComplete="off" />
            </Field>
            <Field label={t('wallet.correct.ifsc')} error={errors.ifscCode}>
              <Input dir="ltr" value={ifsc} onChange={(e) => setIfsc(e.target.value.toUpperCase())} autoComplete="off" className="font-mono" />
            </Field>
          </>
        ) : (
          <Field label={t('wallet.correct.upiId')} error={errors.upiId}>
            <Input dir="ltr" value={upiId} onChange={(e) => setUpiId(e.target.value)} autoComplete="off" />
          </Field>
        )}
      </div>
    </Dialog>
  );
}
