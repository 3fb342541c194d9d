// Registered images' paths, without zod (schemas/uploads.ts re-exports them): the content cards use
// them on their first render (docs/decisions/051).

/** The object path of a registered image: what the image registration returns. */
export const UPLOADED_IMAGE_PATTERN =
  /^\/objects\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** The 640-pixel WebP made for every registered image (cards, thumbnails). */
export function thumbnailVariant(objectPath: string): string {
  return UPLOADED_IMAGE_PATTERN.test(objectPath) ? objectPath.replace(/\.webp$/, '-640.webp') : objectPath;
}
