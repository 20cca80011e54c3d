// "Download my data" on the profile page: what the file holds, in the privacy policy's words, and
// a button that saves it as JSON (a few downloads an hour; the server says when the next may be).
import { useState } from 'react';
import { Download, FileJson } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadMyData } from '../api.ts';

const INCLUDED = ['profile.export.profile', 'profile.export.referrals', 'profile.export.payments', 'profile.export.wallet', 'profile.export.withdrawals', 'profile.export.notifications', 'profile.export.signIns', 'profile.export.tax'] as const;

export function DownloadDataCard() {
  const t = useT();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await downloadMyData(new Date().toISOString().slice(0, 10));
      toast({ title: t('profile.export.doneTitle'), description: t('profile.export.doneText'), variant: 'success' });
    } catch (err) {
      toast({ title: t('profile.export.failedTitle'), description: errorMessage(err, t('profile.export.failed')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileJson aria-hidden="true" className="size-5 text-primary" /> {t('profile.export.title')}
        </CardTitle>
        <CardDescription>{t('profile.export.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="flex list-disc flex-col gap-1 ps-5 text-sm">
          {INCLUDED.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">{t('profile.export.notIncluded')}</p>
        <Button onClick={() => void download()} loading={busy} loadingText={t('profile.export.preparing')} className="w-full sm:w-auto sm:self-start">
          <Download aria-hidden="true" className="size-4" /> {t('profile.export.button')}
        </Button>
      </CardContent>
    </Card>
  );
}
