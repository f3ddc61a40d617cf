// The account area's calls. Answer types come from the api's OpenAPI contract.
import { apiClient, type ApiComponents, type ApiPaths } from '@haven/shared';

export type ApiUser = ApiComponents['schemas']['User'];
export type StoredDocument =
  ApiPaths['/api/v1/customers/documents']['get']['responses'][200]['content']['application/json']['data'][number];
export type DocumentKind = 'document' | 'identity';
export type ContactKind = 'email' | 'phone';
export type ContactTarget = { kind: 'email'; email: string } | { kind: 'phone'; mobile: string; country_code: string };

/** Uploads may take long on a slow line: the client's 30 s time-out would cut a 100 MB file off. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

export async function fetchProfileInfo(): Promise<ApiUser> {
  return (await apiClient.get<{ data: ApiUser }>('/customers/profile_info')).data.data;
}

export async function sendContactCode(target: ContactTarget): Promise<void> {
  await apiClient.post('/customers/contact_change', target);
}

/** Where a code waits to come back: a change started at sign-up or from the profile, not yet confirmed. */
export type PendingContactChange =
  ApiPaths['/api/v1/customers/contact_change']['get']['responses'][200]['content']['application/json']['data'][number];

export async function fetchPendingContactChanges(): Promise<PendingContactChange[]> {
  return (await apiClient.get<{ data: PendingContactChange[] }>('/customers/contact_change')).data.data;
}

export async function confirmContactCode(kind: ContactKind, code: string): Promise<ApiUser> {
  return (await apiClient.post<{ data: ApiUser }>('/customers/contact_change/verify', { kind, code })).data.data;
}

export async function listDocuments(): Promise<StoredDocument[]> {
  return (await apiClient.get<{ data: StoredDocument[] }>('/customers/documents')).data.data;
}

/** Sends the file's bytes as they are; `onProgress` gets 0–1 as they leave the browser. */
export async function uploadDocument(file: File, kind: DocumentKind, onProgress: (fraction: number) => void): Promise<StoredDocument> {
  const response = await apiClient.post<{ data: StoredDocument }>('/customers/documents', file, {
    params: { kind, file_name: file.name },
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : 0),
  });
  return response.data.data;
}

/** The file's bytes, fetched with the patient's credentials (a plain link would carry none). */
export async function downloadDocument(uuid: string): Promise<Blob> {
  const response = await apiClient.get<Blob>(`/customers/documents/${encodeURIComponent(uuid)}/file`, {
    responseType: 'blob',
    timeout: UPLOAD_TIMEOUT_MS,
  });
  return response.data;
}

export async function deleteDocument(uuid: string): Promise<void> {
  await apiClient.delete(`/customers/documents/${encodeURIComponent(uuid)}`);
}

export async function sendCloseAccountCode(): Promise<{ sent_to: string; channel: string }> {
  return (await apiClient.post<{ sent_to: string; channel: string }>('/customers/permanent_account_disable/code')).data;
}

export async function closeAccount(confirm: string, code: string): Promise<void> {
  await apiClient.post('/customers/permanent_account_disable', { confirm, code });
}

export type ProfileContact =
  ApiPaths['/api/v1/customers/emergency_contact']['get']['responses'][200]['content']['application/json']['data'][number];
export type ProfileContactKind = 'emergency' | 'parent';
export interface ProfileContacts {
  contacts: ProfileContact[];
  parentContactApplies: boolean;
}

export async function listProfileContacts(): Promise<ProfileContacts> {
  const body = (await apiClient.get<{ data: ProfileContact[]; meta: { parent_contact_applies: boolean } }>('/customers/emergency_contact'))
    .data;
  return { contacts: body.data, parentContactApplies: body.meta.parent_contact_applies };
}

export async function saveProfileContact(
  kind: ProfileContactKind,
  body: { name: string; relation: string; country_code: string; mobile: string },
): Promise<ProfileContact> {
  return (await apiClient.put<{ data: ProfileContact }>(`/customers/emergency_contact/${kind}`, body)).data.data;
}

export async function deleteProfileContact(uuid: string): Promise<void> {
  await apiClient.delete(`/customers/emergency_contact/${encodeURIComponent(uuid)}`);
}

export type LinkedAccount =
  ApiPaths['/api/v1/customers/linked_accounts']['get']['responses'][200]['content']['application/json']['data'][number];
export type PinState = ApiPaths['/api/v1/customers/pin']['get']['responses'][200]['content']['application/json']['data'];

export async function listLinkedAccounts(): Promise<LinkedAccount[]> {
  return (await apiClient.get<{ data: LinkedAccount[] }>('/customers/linked_accounts')).data.data;
}

export async function unlinkAccount(uuid: string): Promise<void> {
  await apiClient.delete(`/customers/linked_accounts/${encodeURIComponent(uuid)}`);
}

export async function fetchPinState(): Promise<PinState> {
  return (await apiClient.get<{ data: PinState }>('/customers/pin')).data.data;
}

export async function setPin(pin: string): Promise<PinState> {
  return (await apiClient.post<{ data: PinState }>('/customers/pin', { pin })).data.data;
}

export async function changePin(currentPin: string, pin: string): Promise<PinState> {
  return (await apiClient.put<{ data: PinState }>('/customers/pin', { current_pin: currentPin, pin })).data.data;
}

export async function sendPinResetCode(): Promise<{ sent_to: string; channel: string }> {
  return (await apiClient.post<{ sent_to: string; channel: string }>('/customers/pin/reset_otp')).data;
}

export async function resetPinWithCode(code: string, pin: string): Promise<PinState> {
  return (await apiClient.post<{ data: PinState }>('/customers/pin/reset_otp/verify', { code, pin })).data.data;
}
