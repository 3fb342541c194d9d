type NameParts = { firstName?: string | null; lastName?: string | null };

function firstLetter(value: string | null | undefined): string {
  const [letter = ''] = Array.from(value?.trim() ?? '');
  return letter.toLocaleUpperCase('en-US');
}

/** Initials from first and last name for an avatar fallback, else 'U' (docs/product.md, "Header and tab bar"). */
export function getInitials({ firstName, lastName }: NameParts): string {
  return `${firstLetter(firstName)}${firstLetter(lastName)}` || 'U';
}

/** "First Last", or whichever part exists, or null. */
export function getFullName({ firstName, lastName }: NameParts): string | null {
  const name = [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ');
  return name || null;
}
