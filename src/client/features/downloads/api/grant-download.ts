import { apiRequest } from '@client/lib/api';
import type { DownloadGrant } from '@shared/schemas/downloads';

/** `POST /api/videos/{id}/download`: a short-lived link to save the item (premium members, admins). */
export async function requestDownloadGrant(itemId: string): Promise<DownloadGrant> {
  const response = await apiRequest('POST', `/api/videos/${encodeURIComponent(itemId)}/download`);
  return (await response.json()) as DownloadGrant;
}
