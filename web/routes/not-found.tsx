// Not-found screen for any unknown path: '404 Page Not Found'.
import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { useT } from '../i18n/t.ts';

export default function NotFoundScreen() {
  const t = useT();
  return (
    <div className="flex flex-col items-center justify-center gap-5 py-16 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <Compass aria-hidden="true" className="size-8" />
      </div>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('common.notFound.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('common.notFound.text')}</p>
      </div>
      <Button asChild size="lg">
        <Link to="/dashboard">{t('common.notFound.goToDashboard')}</Link>
      </Button>
    </div>
  );
}
