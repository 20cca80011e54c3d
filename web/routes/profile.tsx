// Profile (/profile, from the user menu): the account as we keep it, and the person's rights from
// the privacy policy that can be exercised here: correct their details (the mobile number by an SMS
// code to the new one), give their PAN for tax withheld at source and download its yearly summary,
// download all their data as a file, raise a request
// or complaint to the Grievance Officer, and delete the account.
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { CorrectDetailsCard } from '../features/privacy/components/correct-details-card.tsx';
import { DataRequestsCard } from '../features/privacy/components/data-requests-card.tsx';
import { DeleteAccountCard } from '../features/privacy/components/delete-account-card.tsx';
import { DownloadDataCard } from '../features/privacy/components/download-data-card.tsx';
import { PanCard } from '../features/tax/components/pan-card.tsx';
import { useAuth } from '../lib/auth.tsx';
import { formatDate } from '../lib/format.ts';
import { useT } from '../i18n/t.ts';

export default function ProfileScreen() {
  const t = useT();
  const { user } = useAuth();
  if (!user) return null;
  const rows: [string, string][] = [
    [t('profile.account.username'), user.username],
    [t('profile.account.phone'), user.phone ? `+91 ${user.phone}` : '—'],
    [t('profile.account.email'), user.email ?? '—'],
    [t('profile.account.referralCode'), user.referralCode],
    [t('profile.account.joined'), formatDate(user.createdAt)],
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('profile.page.title')} description={t('profile.page.description')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle>{t('profile.account.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="flex flex-col divide-y divide-border">
              {rows.map(([label, value]) => (
                <div key={label} className="flex items-center justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
                  <dt className="text-sm text-muted-foreground">{label}</dt>
                  <dd className="min-w-0 truncate text-end text-sm font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <CorrectDetailsCard />
        <PanCard />
        <DownloadDataCard />
        <DataRequestsCard />
        <DeleteAccountCard />
      </div>
    </div>
  );
}
