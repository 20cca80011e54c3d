// The one-time display of 2FA backup codes, with Copy and Download (.txt) so the admin keeps them.
import { Download, KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

export function BackupCodesCard({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const t = useT();
  const text = codes.join('\n');
  const download = () => {
    const body = `${t('adminSecurity.backupCodes.fileTitle')}\n${t('adminSecurity.backupCodes.fileNote')}\n\n${text}\n`;
    saveBlob(new Blob([body], { type: 'text/plain;charset=utf-8' }), 'admin-backup-codes.txt');
  };
  return (
    <section aria-labelledby="backup-codes-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-[10px] bg-success-soft text-success-soft-foreground">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="backup-codes-title" className="text-lg font-semibold">{t('adminSecurity.backupCodes.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('adminSecurity.backupCodes.text')}</p>
        </div>
      </div>
      <ul aria-label={t('adminSecurity.backupCodes.list')} className="hc-border grid grid-cols-2 gap-2 rounded-[12px] border border-border bg-muted p-4 font-mono text-sm tabular">
        {codes.map((c) => (
          <li key={c} className="rounded-[8px] bg-card px-2 py-1.5 text-center tracking-wider">
            {c}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <CopyButton
          value={text}
          label={t('adminSecurity.backupCodes.copy')}
          size="md"
          onError={() => toast({ title: t('adminSecurity.common.error'), description: t('adminSecurity.backupCodes.copyError'), variant: 'destructive' })}
        />
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" className="size-4" /> {t('adminSecurity.common.download')}
        </Button>
      </div>
      <Button size="lg" onClick={onDone}>
        {t('adminSecurity.backupCodes.done')}
      </Button>
    </section>
  );
}
