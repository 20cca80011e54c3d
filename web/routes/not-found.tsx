// Not-found screen for any unknown path: '404 Page Not Found'.
import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';

export default function NotFoundScreen() {
  return (
    <div className="flex flex-col items-center justify-center gap-5 py-16 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <Compass aria-hidden="true" className="size-8" />
      </div>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="mt-2 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      </div>
      <Button asChild size="lg">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </div>
  );
}
