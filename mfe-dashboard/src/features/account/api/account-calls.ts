// The account area's calls. Answer types come from the api's OpenAPI contract.
import { type Answer, apiClient, type ApiSchema, type Body, type Query } from '@haven/shared';

export type ApiUser = ApiSchema<'User'>;
export type StoredDocument = Answer<'/customers/documents', 'get'>['data'][number];
export type DocumentKind = NonNullable<Query<'/customers/documents', 'post'>['kind']>;
export type ContactKind = Body<'/customers/contact_change/verify', 'post'>['kind'];
export type ContactTarget = Body<'/customers/contact_change', 'post'>;

/** Uploads may take long on a slow line: the client's 30 s time-out would cut a 100 MB file off. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

export async function fetchProfileInfo(): Promise<ApiUser> {
  return (await apiClient.get<Answer<'/customers/profile_info', 'get'>>('/customers/profile_info')).data.data;
}

export async function sendContactCode(target: ContactTarget): Promise<void> {
  await apiClient.post<Answer<'/customers/contact_change', 'post'>>('/customers/contact_change', target);
}

/** Where a code waits to come back: a change started at sign-up or from the profile, not yet confirmed. */
export type PendingContactChange = Answer<'/customers/contact_change', 'get'>['data'][number];

export async function fetchPendingContactChanges(): Promise<PendingContactChange[]> {
  return (await apiClient.get<Answer<'/customers/contact_change', 'get'>>('/customers/contact_change')).data.data;
}

export async function confirmContactCode(kind: ContactKind, code: string): Promise<ApiUser> {
  return (await apiClient.post<Answer<'/customers/contact_change/verify', 'post'>>('/customers/contact_change/verify', { kind, code })).data
    .data;
}

export async function listDocuments(): Promise<StoredDocument[]> {
  return (await apiClient.get<Answer<'/customers/documents', 'get'>>('/customers/documents')).data.data;
}

/** Sends the file's bytes as they are; `onProgress` gets 0–1 as they leave the browser. */
export async function uploadDocument(file: File, kind: DocumentKind, onProgress: (fraction: number) => void): Promise<StoredDocument> {
  const response = await apiClient.post<Answer<'/customers/documents', 'post'>>('/customers/documents', file, {
    params: { kind, file_name: file.name },
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : 0),
  });
  return response.data.data;
}

/** The file's bytes, fetched with the patient's credentials (a plain link would carry none). */
export async function downloadDocument(uuid: string): Promise<Blob> {
  // The contract's binary answer is a Blob once asked for as one (responseType 'blob').
  // eslint-disable-next-line no-restricted-syntax
  const response = await apiClient.get<Blob>(`/customers/documents/${encodeURIComponent(uuid)}/file`, {
    responseType: 'blob',
    timeout: UPLOAD_TIMEOUT_MS,
  });
  return response.data;
}

export async function deleteDocument(uuid: string): Promise<void> {
  await apiClient.delete<Answer<'/customers/documents/{uuid}', 'delete'>>(`/customers/documents/${encodeURIComponent(uuid)}`);
}

export async function sendCloseAccountCode(): Promise<Answer<'/customers/permanent_account_disable/code', 'post'>> {
  return (await apiClient.post<Answer<'/customers/permanent_account_disable/code', 'post'>>('/customers/permanent_account_disable/code'))
    .data;
}

export async function closeAccount(confirm: string, code: string): Promise<void> {
  await apiClient.post<Answer<'/customers/permanent_account_disable', 'post'>>('/customers/permanent_account_disable', { confirm, code });
}

export type ProfileContact = Answer<'/customers/emergency_contact', 'get'>['data'][number];
export type ProfileContactKind = 'emergency' | 'parent';
export interface ProfileContacts {
  contacts: ProfileContact[];
  parentContactApplies: Answer<'/customers/emergency_contact', 'get'>['meta']['parent_contact_applies'];
}

export async function listProfileContacts(): Promise<ProfileContacts> {
  const body = (await apiClient.get<Answer<'/customers/emergency_contact', 'get'>>('/customers/emergency_contact')).data;
  return { contacts: body.data, parentContactApplies: body.meta.parent_contact_applies };
}

export async function saveProfileContact(
  kind: ProfileContactKind,
  body: Body<'/customers/emergency_contact/{kind}', 'put'>,
): Promise<ProfileContact> {
  return (await apiClient.put<Answer<'/customers/emergency_contact/{kind}', 'put'>>(`/customers/emergency_contact/${kind}`, body)).data
    .data;
}

export async function deleteProfileContact(uuid: string): Promise<void> {
  await apiClient.delete<Answer<'/customers/emergency_contact/{uuid}', 'delete'>>(
    `/customers/emergency_contact/${encodeURIComponent(uuid)}`,
  );
}

export type LinkedAccount = Answer<'/customers/linked_accounts', 'get'>['data'][number];
export type PinState = Answer<'/customers/pin', 'get'>['data'];

export async function listLinkedAccounts(): Promise<LinkedAccount[]> {
  return (await apiClient.get<Answer<'/customers/linked_accounts', 'get'>>('/customers/linked_accounts')).data.data;
}

export async function unlinkAccount(uuid: string): Promise<void> {
  await apiClient.delete<Answer<'/customers/linked_accounts/{uuid}', 'delete'>>(`/customers/linked_accounts/${encodeURIComponent(uuid)}`);
}

export async function fetchPinState(): Promise<PinState> {
  return (await apiClient.get<Answer<'/customers/pin', 'get'>>('/customers/pin')).data.data;
}

export async function setPin(pin: string): Promise<PinState> {
  return (await apiClient.post<Answer<'/customers/pin', 'post'>>('/customers/pin', { pin })).data.data;
}

export async function changePin(currentPin: string, pin: string): Promise<PinState> {
  return (await apiClient.put<Answer<'/customers/pin', 'put'>>('/customers/pin', { current_pin: currentPin, pin })).data.data;
}

export async function sendPinResetCode(): Promise<Answer<'/customers/pin/reset_otp', 'post'>> {
  return (await apiClient.post<Answer<'/customers/pin/reset_otp', 'post'>>('/customers/pin/reset_otp')).data;
}

export async function resetPinWithCode(code: string, pin: string): Promise<PinState> {
  return (await apiClient.post<Answer<'/customers/pin/reset_otp/verify', 'post'>>('/customers/pin/reset_otp/verify', { code, pin })).data
    .data;
}
