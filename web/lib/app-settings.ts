// Public app settings (GET /api/app-settings), shared by the dashboard, legal pages and payment screens.
import { useQuery } from '@tanstack/react-query';
import type { AppSettings } from '../../contract/settings.ts';
import { api } from './api-client.ts';

export const APP_NAME: string = typeof __APP_NAME__ === 'string' ? __APP_NAME__ : 'Referral Hub';
export const BRAND: string = typeof __BRAND__ === 'string' ? __BRAND__ : APP_NAME;

export type { AppSettings };

export const APP_SETTINGS_QUERY_KEY = ['/api/app-settings'] as const;

export function useAppSettings() {
  return useQuery<AppSettings>({
    queryKey: APP_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<AppSettings>('/api/app-settings', { signal }),
  });
}
