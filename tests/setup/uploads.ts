import sharp from 'sharp';
import type { Actor } from './test-app.ts';

/**
 * Uploads a small PNG through the real flow (upload URL, PUT, registration) as `actor` and returns
 * the registered object path (`/objects/images/<id>.webp`).
 */
export async function uploadImage(actor: Actor): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#9bb59a' } })
    .png()
    .toBuffer();
  // The file's size, as the client declares it.
  const created = await actor.request({
    method: 'POST',
    url: '/api/objects/upload',
    payload: { size: png.length },
  });
  if (created.statusCode !== 200) throw new Error(`upload URL: ${created.statusCode} ${created.body}`);
  const uploadUrl = new URL(created.json().uploadURL as string);
  const put = await actor.request({
    method: 'PUT',
    url: `${uploadUrl.pathname}${uploadUrl.search}`,
    payload: png,
    headers: { 'content-type': 'image/png', cookie: '' },
  });
  if (put.statusCode !== 200) throw new Error(`upload PUT: ${put.statusCode} ${put.body}`);
  const registered = await actor.request({
    method: 'PUT',
    url: '/api/uploaded-images',
    payload: { imageURL: `${uploadUrl.origin}${uploadUrl.pathname}` },
  });
  if (registered.statusCode !== 200) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  return registered.json().objectPath as string;
}
