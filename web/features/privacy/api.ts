// The person's own data: the JSON file of everything kept about them (GET /api/me/export),
// downloaded with the session's token, and deleting the account (DELETE /api/me).
import type { EraseAccountResponse } from '../../../contract/privacy.ts';
import { api, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

export async function downloadMyData(today: string): Promise<void> {
  const res = await apiRequest('GET', '/api/me/export');
  saveBlob(await res.blob(), `my-data-${today}.json`);
}

/** Deletes the account after its password; the session ends with it. */
export function eraseMyAccount(password: string): Promise<EraseAccountResponse> {
  return api.delete<EraseAccountResponse>('/api/me', { body: { password } });
}
