import { withClass } from './with-class';

export const Card = withClass('div', 'rounded-2xl border bg-card text-card-foreground shadow-soft');
export const CardHeader = withClass('div', 'flex flex-col gap-1.5 p-6 pb-0');
export const CardTitle = withClass('h3', 'font-semibold text-lg leading-snug');
export const CardContent = withClass('div', 'p-6');
