// The person's own data: the JSON file of everything kept about them (GET /api/me/export),
// downloaded with the session's token.
import { apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

export async function downloadMyData(today: string): Promise<void> {
  const res = await apiRequest('GET', '/api/me/export');
  saveBlob(await res.blob(), `my-data-${today}.json`);
}
