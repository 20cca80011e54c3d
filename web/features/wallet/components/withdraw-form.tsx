// Withdraw form: amount (at least the configured minimum, at most the balance), where to pay (a UPI
// ID, as the terms prefer, or a bank account: holder, number, IFSC) and an optional QR screenshot.
// Missing fields get the spec's toasts in the spec's order; format problems (account number, IFSC,
// UPI ID) show under their field and clear as soon as the field changes. Submit is disabled below
// the minimum.
import { useRef, useState, type FormEvent } from 'react';
import { ImagePlus, Landmark, Send, Smartphone, X } from 'lucide-react';
import { IFSC_RE, UPI_ID_RE } from '../../../../contract/constants.ts';
import { formatPaise, parseRupees } from '../../../../contract/rupees.ts';
import { ACCOUNT_NUMBER_RE, describeWalletError, formatRupeesShort, minimumWithdrawalMessage, WITHDRAW_MESSAGES } from '../../../../contract/withdraw-rules.ts';
import type { PayoutMethod } from '../../../../contract/wallet.ts';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatINR } from '../../../lib/format.ts';
import { newRequestKey, useWithdraw } from '../api.ts';
import { useT } from '../../../i18n/t.ts';
import { translateServerText } from '../../../i18n/server-text.ts';

type FieldName = 'accountNumber' | 'ifscCode' | 'upiId';
type FieldErrors = Partial<Record<FieldName, string>>;

function fail(title: string, description?: string) {
  toast({ title, description, variant: 'destructive' });
}

/** A toast from a text the server also sends (the contract's messages), in the reader's language. */
function failServer(title: string, description?: string) {
  fail(translateServerText(title), description === undefined ? undefined : translateServerText(description));
}

export function WithdrawForm({ balance, minWithdrawal }: { balance: string; minWithdrawal: string }) {
  const t = useT();
  const withdraw = useWithdraw();
  const fileInput = useRef<HTMLInputElement>(null);
  const requestKey = useRef(newRequestKey());
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PayoutMethod>('bank');
  const [holder, setHolder] = useState('');
  const [account, setAccount] = useState('');
  const [ifsc, setIfsc] = useState('');
  const [upiId, setUpiId] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const minPaise = parseRupees(minWithdrawal) ?? 10_000n;
  const balancePaise = parseRupees(balance) ?? 0n;
  const belowMinimum = balancePaise < minPaise;
  /** A corrected field loses its old error at once. */
  const edit = (field: FieldName, set: (v: string) => void) => (value: string) => {
    set(value);
    setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const amountPaise = parseRupees(amount.trim());
    if (amountPaise === null || amountPaise < minPaise) return fail(t('wallet.toast.invalidAmount'), translateServerText(minimumWithdrawalMessage(minPaise)));
    if (!holder.trim()) return failServer(WITHDRAW_MESSAGES.holder);
    if (method === 'bank' && !account.trim()) return failServer(WITHDRAW_MESSAGES.accountNumber);
    if (method === 'bank' && !ifsc.trim()) return failServer(WITHDRAW_MESSAGES.ifsc);
    if (method === 'upi' && !upiId.trim()) return failServer(WITHDRAW_MESSAGES.upiId);
    if (amountPaise > balancePaise) return fail(t('wallet.toast.insufficientTitle'), t('wallet.toast.insufficientText'));
    if (screenshot && !screenshot.type.startsWith('image/')) return fail(t('wallet.toast.invalidFileTitle'), t('wallet.toast.invalidFileText'));

    const accountNumber = account.replace(/[\s-]/g, '');
    const ifscCode = ifsc.trim().toUpperCase();
    const next: FieldErrors = {};
    if (method === 'bank' && !ACCOUNT_NUMBER_RE.test(accountNumber)) next.accountNumber = WITHDRAW_MESSAGES.accountNumberInvalid;
    if (method === 'bank' && !IFSC_RE.test(ifscCode)) next.ifscCode = WITHDRAW_MESSAGES.ifscInvalid;
    if (upiId.trim() && !UPI_ID_RE.test(upiId.trim())) next.upiId = WITHDRAW_MESSAGES.upiIdInvalid;
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    withdraw.mutate(
      {
        amount: formatPaise(amountPaise),
        method,
        accountHolderName: holder.trim(),
        accountNumber,
        ifscCode,
        upiId: upiId.trim(),
        screenshot,
        requestKey: requestKey.current,
      },
      {
        onSuccess: () => {
          requestKey.current = newRequestKey();
          toast({ title: t('wallet.toast.requestedTitle'), description: t('wallet.toast.requestedText'), variant: 'success' });
          setAmount('');
          setScreenshot(null);
        },
        onError: (err) => {
          // A definite answer from the server ends this attempt; a network failure keeps the key so a retry is safe.
          if (err instanceof ApiError) requestKey.current = newRequestKey();
          if (err instanceof ApiError && err.code) {
            const failed = t('wallet.toast.failed');
            const d = describeWalletError({ code: err.code, message: err.serverMessage ?? failed }, failed);
            if (err.fields) setErrors((prev) => ({ ...prev, ...err.fields }));
            if (['BELOW_MINIMUM', 'INSUFFICIENT_BALANCE', 'INVALID_FILE', 'NO_SPINS'].includes(err.code)) return failServer(d.title, d.description);
            return fail(t('wallet.toast.error'), err.serverMessage !== null ? translateServerText(err.serverMessage) : failed);
          }
          fail(t('wallet.toast.error'), t('wallet.toast.failed'));
        },
      },
    );
  }

  const quick = [minPaise, 50_000n, 100_000n].filter((p, i, a) => a.indexOf(p) === i && p <= balancePaise);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('wallet.withdraw.amount')} hint={t('wallet.withdraw.amountHint', { amount: formatRupeesShort(minPaise) })}>
        <Input
          leading="₹"
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatPaise(minPaise).replace(/\.00$/, '')}
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
          className="tabular text-lg font-semibold"
        />
      </Field>
      {quick.length > 0 ? (
        <div className="-mt-2 flex flex-wrap gap-2" aria-label={t('wallet.withdraw.quickAmounts')} role="group">
          {quick.map((p) => (
            <Button key={String(p)} variant="outline" size="sm" className="tabular rounded-full" onClick={() => setAmount(formatPaise(p).replace(/\.00$/, ''))}>
              {formatINR(formatPaise(p), 0)}
            </Button>
          ))}
          <Button variant="outline" size="sm" className="rounded-full" onClick={() => setAmount(formatPaise(balancePaise).replace(/\.00$/, ''))}>
            {t('wallet.withdraw.max')}
          </Button>
        </div>
      ) : null}
      <SegmentedControl<PayoutMethod>
        label={t('wallet.withdraw.payBy')}
        value={method}
        onChange={setMethod}
        options={[
          { value: 'bank', label: t('wallet.withdraw.bankAccount'), icon: <Landmark aria-hidden="true" className="size-4" /> },
          { value: 'upi', label: t('wallet.withdraw.upiId'), icon: <Smartphone aria-hidden="true" className="size-4" /> },
        ]}
      />
      <Field label={t('wallet.withdraw.holder')} hint={method === 'upi' ? t('wallet.withdraw.holderHintUpi') : undefined}>
        <Input autoComplete="name" placeholder={method === 'upi' ? t('wallet.withdraw.holderPlaceholderUpi') : t('wallet.withdraw.holderPlaceholderBank')} value={holder} onChange={(e) => setHolder(e.target.value)} />
      </Field>
      {method === 'bank' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('wallet.withdraw.accountNumber')} error={errors.accountNumber}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('wallet.withdraw.accountNumberPlaceholder')}
              value={account}
              onChange={(e) => edit('accountNumber', setAccount)(e.target.value.replace(/[^\d\s-]/g, ''))}
              className="tabular"
            />
          </Field>
          <Field label={t('wallet.withdraw.ifsc')} error={errors.ifscCode}>
            <Input
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              placeholder="SBIN0001234"
              maxLength={11}
              value={ifsc}
              onChange={(e) => edit('ifscCode', setIfsc)(e.target.value.toUpperCase())}
              className="font-mono"
            />
          </Field>
        </div>
      ) : null}
      <Field label={method === 'upi' ? t('wallet.withdraw.upiId') : t('wallet.withdraw.upiIdOptional')} error={errors.upiId}>
        <Input dir="ltr" autoComplete="off" autoCapitalize="none" placeholder="name@okhdfcbank" value={upiId} onChange={(e) => edit('upiId', setUpiId)(e.target.value)} />
      </Field>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium" id="withdraw-qr-label">
          {t('wallet.withdraw.qrLabel')}
        </span>
        <div className="flex items-center gap-3">
          <Button variant="outline" onClick={() => fileInput.current?.click()} aria-describedby="withdraw-qr-label withdraw-qr-hint">
            <ImagePlus aria-hidden="true" className="size-4" /> {screenshot ? t('wallet.withdraw.changeImage') : t('wallet.withdraw.chooseImage')}
          </Button>
          {screenshot ? (
            <span className="flex min-w-0 items-center gap-1 text-sm">
              <span className="truncate">{screenshot.name}</span>
              <Button variant="ghost" size="icon" className="size-8" aria-label={t('wallet.withdraw.removeScreenshot')} onClick={() => setScreenshot(null)}>
                <X aria-hidden="true" className="size-4" />
              </Button>
            </span>
          ) : null}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('wallet.withdraw.qrInputLabel')}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (f && !f.type.startsWith('image/')) return fail(t('wallet.toast.invalidFileTitle'), t('wallet.toast.invalidFileText'));
            setScreenshot(f);
          }}
        />
        <p id="withdraw-qr-hint" className="text-xs text-muted-foreground">
          {t('wallet.withdraw.qrHint')}
        </p>
      </div>
      <Button type="submit" size="lg" disabled={belowMinimum} loading={withdraw.isPending} loadingText={t('wallet.withdraw.submitting')} aria-describedby={belowMinimum ? 'withdraw-min-hint' : undefined}>
        <Send aria-hidden="true" className="size-4" /> {t('wallet.withdraw.submit')}
      </Button>
      {belowMinimum ? (
        <p id="withdraw-min-hint" className="-mt-2 text-center text-sm font-medium text-warning-soft-foreground">
          {t('wallet.withdraw.minimumBalance', { amount: formatRupeesShort(minPaise) })}
        </p>
      ) : null}
    </form>
  );
}
