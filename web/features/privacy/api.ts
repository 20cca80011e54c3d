// The person's own data: the JSON file of everything kept about them (GET /api/me/export),
// downloaded with the session's token, deleting the account (DELETE /api/me), and the person's
// requests about their data (the grievance route of the privacy policy).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, User } from '../../../contract/accounts.ts';
import type { CreateDataRequest, DataRequest, DataRequestList, EraseAccountResponse } from '../../../contract/privacy.ts';
import { api, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

export async function downloadMyData(today: string): Promise<void> {
  const res = await apiRequest('GET', '/api/me/export');
  saveBlob(await res.blob(), `my-data-${today}.json`);
}

/**
 * Deletes the account after its password; the session ends with it. `forfeitBalance`: the person
 * agreed to give up a balance below the minimum withdrawal.
 */
export function eraseMyAccount(password: string, forfeitBalance = false): Promise<EraseAccountResponse> {
  return api.delete<EraseAccountResponse>('/api/me', { body: forfeitBalance ? { password, forfeitBalance } : { password } });
}

export const DATA_REQUESTS_QUERY_KEY = ['/api/me/data-requests'] as const;

/** The person's own requests about their data, newest first. */
export const useMyDataRequests = () =>
  useQuery({ queryKey: DATA_REQUESTS_QUERY_KEY, queryFn: ({ signal }) => api.get<DataRequestList>('/api/me/data-requests', { signal }) });

export function useCreateDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDataRequest) => api.post<DataRequest>('/api/me/data-requests', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATA_REQUESTS_QUERY_KEY }),
  });
}

/** The person corrects their name or email. */
export const updateMyProfile = (input: UpdateProfileRequest) => api.patch<User>('/api/me', input);
/** An SMS code goes to the new number; the account moves to it once the code is entered. */
export const startPhoneChange = (phone: string) => api.post<{ phone: string }>('/api/me/phone', { phone });
export const verifyPhoneChange = (otpCode: string) => api.post<User>('/api/me/phone/verify', { otpCode });
