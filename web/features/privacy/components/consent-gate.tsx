// Asks a signed-in person to accept the current privacy policy when they have not (it changed
// since they accepted, or their account predates recorded consent). Nothing else can be used
// until they accept or sign out.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PRIVACY_POLICY_VERSION } from '../../../../contract/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useCatalogue } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/t.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { ConsentNotice } from './consent-notice.tsx';

export default function ConsentGate() {
  // Its texts load with it: only someone who must answer ever downloads them.
  useCatalogue('consent');
  const t = useT();
  const navigate = useNavigate();
  const { user, refreshUser, logout } = useAuth();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user?.consentRequired) return null;

  const accept = async () => {
    if (!checked) {
      setError(t('consent.required'));
      return;
    }
    setBusy(true);
    try {
      await api.post('/api/me/consent', { policyVersion: PRIVACY_POLICY_VERSION });
      await refreshUser();
      // What the shell asked for before (notifications, badges) was refused until now.
      await queryClient.invalidateQueries();
    } catch (err) {
      setError(errorMessage(err, t('consent.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={() => undefined}
      hideClose
      title={t('consent.gateTitle')}
      description={t('consent.gateText')}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={() => void logout().then(() => navigate('/login'))}>
            {t('layout.account.logout')}
          </Button>
          <Button loading={busy} onClick={() => void accept()}>
            {t('consent.accept')}
          </Button>
        </>
      }
    >
      <ConsentNotice
        checked={checked}
        onCheckedChange={(v) => {
          setChecked(v);
          setError(null);
        }}
        error={error}
      />
    </Dialog>
  );
}
