// Render-crash fallback (spec): 'Something went wrong' / 'Please refresh the page to continue' with a
// Refresh Page button that reloads.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { useT } from '../i18n/t.ts';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <CrashScreen />;
  }
}

function CrashScreen() {
  const t = useT();
  return (
    <div role="alert" className="min-h-screen-dvh flex items-center justify-center bg-background p-6">
      <div className="hc-border flex max-w-sm flex-col items-center gap-4 rounded-[16px] border border-border bg-card p-8 text-center shadow-card">
        <div className="flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive-soft-foreground">
          <AlertTriangle aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-xl font-bold">{t('common.crash.title')}</h1>
        <p className="text-muted-foreground">{t('common.crash.text')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="h-11 rounded-[10px] bg-primary px-5 font-semibold text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t('common.crash.refresh')}
        </button>
      </div>
    </div>
  );
}
