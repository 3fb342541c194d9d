/**
 * The charts' colours and lines, from the theme's CSS variables (so both themes follow). Kept in a
 * .ts file: they are styles, not words, and the hard-coded-text lint reads components only.
 */

/** The axis labels of every chart: small, in the muted text colour of the theme. */
export const AXIS_TICK = { fill: 'var(--color-muted-foreground)', fontSize: 12 } as const;

export const GRID_STROKE = 'var(--color-border)';
export const GRID_DASH = '3 3';
export const SCORE_COLOR = 'var(--color-primary)';

export const TOOLTIP_STYLE = {
  background: 'var(--color-popover)',
  border: '1px solid var(--color-border)',
  borderRadius: 12,
  color: 'var(--color-popover-foreground)',
} as const;

/** The two overall scores, by their short name (the same in every language). */
export const OVERALLS = [
  ['6P', 'overall6P'],
  ['3C', 'overall3C'],
] as const;

/**
 * The progress bar's fill: it grows from the start of the line, so from the right on a
 * right-to-left page.
 */
export function progressTransform(percent: number, isRightToLeft: boolean): string {
  const hidden = 100 - percent;
  return `translateX(${isRightToLeft ? hidden : -hidden}%)`;
}
