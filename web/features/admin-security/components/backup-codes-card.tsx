// The one-time display of 2FA backup codes, with Copy and Download (.txt) so the admin keeps them.
import { Download, KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';

export function BackupCodesCard({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const text = codes.join('\n');
  const download = () => {
    const body = `Admin backup codes\nEach code works once. Keep them somewhere safe.\n\n${text}\n`;
    saveBlob(new Blob([body], { type: 'text/plain;charset=utf-8' }), 'admin-backup-codes.txt');
  };
  return (
    <section aria-labelledby="backup-codes-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-[10px] bg-success-soft text-success-soft-foreground">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="backup-codes-title" className="text-lg font-semibold">Save your backup codes</h2>
          <p className="text-sm text-muted-foreground">2FA is on. If you lose your phone, each of these codes signs you in once. They will not be shown again.</p>
        </div>
      </div>
      <ul aria-label="Backup codes" className="hc-border grid grid-cols-2 gap-2 rounded-[12px] border border-border bg-muted p-4 font-mono text-sm tabular">
        {codes.map((c) => (
          <li key={c} className="rounded-[8px] bg-card px-2 py-1.5 text-center tracking-wider">
            {c}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <CopyButton value={text} label="Copy" size="md" onError={() => toast({ title: 'Error', description: 'Could not copy the codes', variant: 'destructive' })} />
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" className="size-4" /> Download
        </Button>
      </div>
      <Button size="lg" onClick={onDone}>
        I have saved my codes
      </Button>
    </section>
  );
}
