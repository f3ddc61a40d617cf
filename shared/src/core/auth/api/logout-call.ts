import { apiClient } from '../../api/client';
import type { Answer } from '../../api/contract';

/** DELETE logout (product rules, Sign-in and identity: param remove_all): this device, or every device with removeAll. */
export async function deleteLogout(removeAll = false): Promise<void> {
  await apiClient.delete<Answer<'/customers/logout', 'delete'>>('/customers/logout', { params: { remove_all: removeAll } });
}
