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
import { toast } from '../components/ui/toast.tsx';
import { APK_PATH, apkAvailable, downloadShortcut, SHARE_TEXT, useInstallPrompt } from '../features/download/install.ts';
import { APP_NAME, useAppSettings } from '../lib/app-settings.ts';
import { formatFileSize } from '../lib/format.ts';
import { downloadUrl } from '../lib/save-blob.ts';

const BENEFITS = [
  { icon: Zap, title: 'Faster access', text: 'Open your wallet and referrals in one tap.' },
  { icon: Bell, title: 'Stay updated', text: 'See approvals and earnings as soon as they happen.' },
  { icon: Wifi, title: 'Light on data', text: 'Built for mobile data and low-end phones.' },
  { icon: ShieldCheck, title: 'Secure', text: 'The same protected account as the website.' },
];

const WEB_APP_STEPS = [
  'Open this site in Chrome and tap the browser menu (⋮).',
  'Tap "Add to Home screen" (or "Install app").',
  'Confirm by tapping "Add" or "Install".',
  'Launch the app from the new icon on your home screen.',
];

const TROUBLESHOOTING = [
  'Use Chrome: other browsers may not offer the option.',
  'Check the menu: the option can be named "Install app".',
  'Clear the cache and reload if the option is missing.',
  'Bookmark this page as a fallback.',
];

const APK_STEPS = [
  'Enable "Install from unknown sources" in your phone settings.',
  'Download the APK file.',
  'Open the downloaded file from notifications or the Downloads folder.',
  'Tap Install and open the app.',
];

export default function DownloadScreen() {
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
      toast({ title: 'Download Failed', description: 'APK file not found', variant: 'destructive' });
      return;
    }
    downloadUrl(APK_PATH, `referral-hub-${androidApp?.version ?? 'app'}.apk`);
    toast({ title: 'Download started', description: 'Open the file when it finishes to install the app.', variant: 'success' });
  }

  const shareText = `${SHARE_TEXT} ${origin}`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Download App" description={`Get ${APP_NAME} on your phone or computer.`} />

      <section aria-labelledby="benefits" className="flex flex-col gap-3">
        <h2 id="benefits" className="sr-only">
          Benefits
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <li key={b.title} className="hc-border flex flex-col gap-2 rounded-[12px] border border-border bg-card p-4 shadow-card">
              <span className="flex size-9 items-center justify-center rounded-[10px] bg-primary-soft text-primary-soft-foreground">
                <b.icon aria-hidden="true" className="size-5" />
              </span>
              <p className="text-sm font-semibold">{b.title}</p>
              <p className="text-xs text-muted-foreground">{b.text}</p>
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
                  <h2 className="text-lg font-bold">Android App</h2>
                  <p className="text-sm opacity-90">
                    {androidApp ? `Version ${androidApp.version} · ${formatFileSize(androidApp.sizeBytes)} · APK for Android phones` : settings.isPending ? 'APK for Android phones' : 'Coming soon'}
                  </p>
                </div>
              </div>
              {androidApp ? (
                <Button variant="inverse" size="lg" className="mt-5 w-full" onClick={() => void downloadApk()} loading={checking} loadingText="Checking…">
                  <Download aria-hidden="true" className="size-4" /> Download APK
                </Button>
              ) : settings.isPending ? null : (
                <div className="mt-5 flex flex-col gap-3">
                  <p className="text-sm opacity-95">The Android app is on its way. Until then, install the web app: it works like an app, straight from your browser.</p>
                  <Button asChild variant="inverse" size="lg" className="w-full">
                    <a href="#install-web-app">
                      <Globe aria-hidden="true" className="size-4" /> Install the web app
                    </a>
                  </Button>
                </div>
              )}
            </div>
            <div className="flex flex-col gap-4 p-5">
              <div>
                <h3 className="mb-2 text-sm font-semibold">Requirements</h3>
                <ul className="grid gap-1.5 text-sm text-muted-foreground">
                  <li>Android 5.0 (API 21) or higher</li>
                  <li>1GB RAM</li>
                  <li>5MB storage</li>
                </ul>
              </div>
              <div>
                <h3 className="mb-2 text-sm font-semibold">How to install the APK</h3>
                <NumberedSteps items={APK_STEPS} />
              </div>
            </div>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Other ways to open the app</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <OptionRow
                icon={<FileDown aria-hidden="true" className="size-5" />}
                title="Web shortcut"
                text="A small file that opens this site. Save it to your home screen or desktop."
                action={
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      downloadShortcut(APP_NAME, origin);
                      toast({ title: 'Shortcut downloaded', description: 'Open the file to go straight to the app.', variant: 'success' });
                    }}
                  >
                    Download
                  </Button>
                }
              />
              <OptionRow
                icon={<Monitor aria-hidden="true" className="size-5" />}
                title="Desktop"
                text="Use the full app in your computer's browser."
                action={
                  <Button variant="outline" size="sm" onClick={() => window.open(origin, '_blank', 'noopener,noreferrer')}>
                    Open <ExternalLink aria-hidden="true" className="size-3.5" />
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
                <CardTitle>Install the web app</CardTitle>
                <Badge tone="success">No download</Badge>
              </div>
              <CardDescription>Works like an app, straight from your browser.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {pwa.canInstall ? (
                <Button
                  size="lg"
                  onClick={() =>
                    void pwa.install().then((outcome) => {
                      if (outcome === 'accepted') toast({ title: 'App installed', description: `Open ${APP_NAME} from your home screen.`, variant: 'success' });
                    })
                  }
                >
                  <Globe aria-hidden="true" className="size-4" /> Install App
                </Button>
              ) : pwa.installed ? (
                <p className="rounded-[10px] bg-success-soft px-3 py-2 text-sm font-medium text-success-soft-foreground">The app is installed on this device.</p>
              ) : null}
              <NumberedSteps items={WEB_APP_STEPS} />
              <div className="hc-border rounded-[12px] border border-border bg-muted/50 p-4">
                <h3 className="mb-2 text-sm font-semibold">Troubleshooting</h3>
                <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground">
                  {TROUBLESHOOTING.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Share2 aria-hidden="true" className="size-4" /> Share with friends
              </CardTitle>
              <CardDescription>{SHARE_TEXT}</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-2 gap-3">
              <Button asChild variant="outline">
                <a href={`https://wa.me/?text=${encodeURIComponent(shareText)}`} target="_blank" rel="noreferrer">
                  <Share2 aria-hidden="true" className="size-4" /> WhatsApp
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={`https://t.me/share/url?url=${encodeURIComponent(origin)}&text=${encodeURIComponent(SHARE_TEXT)}`} target="_blank" rel="noreferrer">
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
