// Download App (/download): benefits, the Android APK card (the version an admin uploaded, checked
// before downloading; until there is one the card says the app is coming and points to the web app),
// the web shortcut, the desktop option, web-app install steps with troubleshooting and a PWA install
// button, APK install steps, requirements and WhatsApp / Telegram sharing.
import { useState, type ReactNode } from 'react';
import { Bell, Download, ExternalLink, FileDown, Globe, Monitor, Send, Share2, ShieldCheck, Smartphone, Wifi, Zap } from 'lucide-react';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { NumberedSteps } from '../components/ui/numbered-steps.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { APK_PATH, apkAvailable, downloadShortcut, useInstallPrompt } from '../features/download/install.ts';
import { APP_NAME, useAppSettings } from '../lib/app-settings.ts';
import { formatFileSize } from '../lib/format.ts';
import { downloadUrl } from '../lib/save-blob.ts';
import { useT, type MessageKey } from '../i18n/t.ts';

const BENEFITS = [
  { icon: Zap, title: 'download.benefits.fasterTitle', text: 'download.benefits.fasterText' },
  { icon: Bell, title: 'download.benefits.updatedTitle', text: 'download.benefits.updatedText' },
  { icon: Wifi, title: 'download.benefits.dataTitle', text: 'download.benefits.dataText' },
  { icon: ShieldCheck, title: 'download.benefits.secureTitle', text: 'download.benefits.secureText' },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const WEB_APP_STEPS = ['download.webApp.step1', 'download.webApp.step2', 'download.webApp.step3', 'download.webApp.step4'] as const satisfies readonly MessageKey[];

const TROUBLESHOOTING = ['download.webApp.tip1', 'download.webApp.tip2', 'download.webApp.tip3', 'download.webApp.tip4'] as const satisfies readonly MessageKey[];

const APK_STEPS = ['download.android.step1', 'download.android.step2', 'download.android.step3', 'download.android.step4'] as const satisfies readonly MessageKey[];

export default function DownloadScreen() {
  const t = useT();
  const [checking, setChecking] = useState(false);
  const pwa = useInstallPrompt();
  const origin = window.location.origin;
  const settings = useAppSettings();
  const androidApp = settings.data?.androidApp ?? null;

  async function downloadApk() {
    setChecking(true);
    const ok = await apkAvailable();
    setChecking(false);
    if (!ok) {
      toast({ title: t('download.toast.failedTitle'), description: t('download.toast.failedText'), variant: 'destructive' });
      return;
    }
    downloadUrl(APK_PATH, `referral-hub-${androidApp?.version ?? 'app'}.apk`);
    toast({ title: t('download.toast.startedTitle'), description: t('download.toast.startedText'), variant: 'success' });
  }

  const shareMessage = t('download.share.text');
  const shareText = `${shareMessage} ${origin}`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('download.page.title')} description={t('download.page.description', { appName: APP_NAME })} />

      <section aria-labelledby="benefits" className="flex flex-col gap-3">
        <h2 id="benefits" className="sr-only">
          {t('download.page.benefits')}
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <li key={b.title} className="hc-border flex flex-col gap-2 rounded-[12px] border border-border bg-card p-4 shadow-card">
              <span className="flex size-9 items-center justify-center rounded-[10px] bg-primary-soft text-primary-soft-foreground">
                <b.icon aria-hidden="true" className="size-5" />
              </span>
              <p className="text-sm font-semibold">{t(b.title)}</p>
              <p className="text-xs text-muted-foreground">{t(b.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <div className="flex flex-col gap-6">
          <Card className="overflow-hidden">
            <div className="hc-border bg-gradient-to-br from-hero-from to-hero-to p-5 text-hero-foreground">
              <div className="flex items-start gap-4">
                <span className="flex size-14 shrink-0 items-center justify-center rounded-[14px] bg-white/15 high-contrast:bg-transparent">
                  <Smartphone aria-hidden="true" className="size-7" />
                </span>
                <div className="flex-1">
                  <h2 className="text-lg font-bold">{t('download.android.title')}</h2>
                  <p className="text-sm opacity-90">
                    {androidApp
                      ? t('download.android.details', { version: androidApp.version, size: formatFileSize(androidApp.sizeBytes) })
                      : settings.isPending
                        ? t('download.android.apkForAndroid')
                        : t('download.android.comingSoon')}
                  </p>
                </div>
              </div>
              {androidApp ? (
                <Button variant="inverse" size="lg" className="mt-5 w-full" onClick={() => void downloadApk()} loading={checking} loadingText={t('download.android.checking')}>
                  <Download aria-hidden="true" className="size-4" /> {t('download.android.downloadApk')}
                </Button>
              ) : settings.isPending ? null : (
                <div className="mt-5 flex flex-col gap-3">
                  <p className="text-sm opacity-95">{t('download.android.onItsWay')}</p>
                  <Button asChild variant="inverse" size="lg" className="w-full">
                    <a href="#install-web-app">
                      <Globe aria-hidden="true" className="size-4" /> {t('download.android.installWebApp')}
                    </a>
                  </Button>
                </div>
              )}
            </div>
            <div className="flex flex-col gap-4 p-5">
              <div>
                <h3 className="mb-2 text-sm font-semibold">{t('download.android.requirements')}</h3>
                <ul className="grid gap-1.5 text-sm text-muted-foreground">
                  <li>{t('download.android.reqAndroid')}</li>
                  <li>{t('download.android.reqRam')}</li>
                  <li>{t('download.android.reqStorage')}</li>
                </ul>
              </div>
              {/* The install steps only when there is a package to install. */}
              {androidApp ? (
                <div>
                  <h3 className="mb-2 text-sm font-semibold">{t('download.android.howToInstall')}</h3>
                  <NumberedSteps items={APK_STEPS.map((k) => t(k))} />
                </div>
              ) : null}
            </div>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t('download.other.title')}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <OptionRow
                icon={<FileDown aria-hidden="true" className="size-5" />}
                title={t('download.other.shortcutTitle')}
                text={t('download.other.shortcutText')}
                action={
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      downloadShortcut(APP_NAME, origin);
                      toast({ title: t('download.toast.shortcutTitle'), description: t('download.toast.shortcutText'), variant: 'success' });
                    }}
                  >
                    {t('download.other.download')}
                  </Button>
                }
              />
              <OptionRow
                icon={<Monitor aria-hidden="true" className="size-5" />}
                title={t('download.other.desktopTitle')}
                text={t('download.other.desktopText')}
                action={
                  <Button variant="outline" size="sm" onClick={() => window.open(origin, '_blank', 'noopener,noreferrer')}>
                    {t('download.other.open')} <ExternalLink aria-hidden="true" className="size-3.5" />
                  </Button>
                }
              />
            </CardContent>
          </Card>
        </div>

        <div className="flex flex-col gap-6">
          <Card id="install-web-app" className="scroll-mt-20">
            <CardHeader>
              <div className="flex items-center gap-2">
                <CardTitle>{t('download.webApp.title')}</CardTitle>
                <Badge tone="success">{t('download.webApp.noDownload')}</Badge>
              </div>
              <CardDescription>{t('download.webApp.description')}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {pwa.canInstall ? (
                <Button
                  size="lg"
                  onClick={() =>
                    void pwa.install().then((outcome) => {
                      if (outcome === 'accepted') toast({ title: t('download.toast.installedTitle'), description: t('download.toast.installedText', { appName: APP_NAME }), variant: 'success' });
                    })
                  }
                >
                  <Globe aria-hidden="true" className="size-4" /> {t('download.webApp.install')}
                </Button>
              ) : pwa.installed ? (
                <p className="rounded-[10px] bg-success-soft px-3 py-2 text-sm font-medium text-success-soft-foreground">{t('download.webApp.installed')}</p>
              ) : null}
              <NumberedSteps items={WEB_APP_STEPS.map((k) => t(k))} />
              <div className="hc-border rounded-[12px] border border-border bg-muted/50 p-4">
                <h3 className="mb-2 text-sm font-semibold">{t('download.webApp.troubleshooting')}</h3>
                <ul className="flex list-disc flex-col gap-1 ps-5 text-sm text-muted-foreground">
                  {TROUBLESHOOTING.map((k) => (
                    <li key={k}>{t(k)}</li>
                  ))}
                </ul>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Share2 aria-hidden="true" className="size-4" /> {t('download.share.title')}
              </CardTitle>
              <CardDescription>{shareMessage}</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-2 gap-3">
              <Button asChild variant="outline">
                <a href={`https://wa.me/?text=${encodeURIComponent(shareText)}`} target="_blank" rel="noreferrer">
                  <Share2 aria-hidden="true" className="size-4" /> WhatsApp
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={`https://t.me/share/url?url=${encodeURIComponent(origin)}&text=${encodeURIComponent(shareMessage)}`} target="_blank" rel="noreferrer">
                  <Send aria-hidden="true" className="size-4" /> Telegram
                </a>
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

function OptionRow({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <div className="hc-border flex items-center gap-3 rounded-[12px] border border-border p-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-[10px] bg-primary-soft text-primary-soft-foreground">{icon}</span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{title}</p>
        <p className="text-xs text-muted-foreground">{text}</p>
      </div>
      {action}
    </div>
  );
}
