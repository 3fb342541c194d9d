/**
 * docs/product.md, "Validation": lowercase, runs of non-alphanumeric characters replaced by one hyphen,
 * leading and trailing hyphens removed.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
