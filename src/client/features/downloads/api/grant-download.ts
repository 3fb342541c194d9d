import { apiJson } from '@client/lib/api';
import type { DownloadGrant } from '@shared/schemas/downloads';

/** `POST /api/videos/{id}/download`: a short-lived link to save the item (premium members, admins). */
export async function requestDownloadGrant(itemId: string): Promise<DownloadGrant> {
  return apiJson<DownloadGrant>('POST', `/api/videos/${encodeURIComponent(itemId)}/download`);
}
