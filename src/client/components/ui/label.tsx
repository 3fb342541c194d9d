import { Label as LabelPrimitive } from 'radix-ui';
import { withClass } from './with-class';

export const Label = withClass(LabelPrimitive.Root, 'font-medium text-foreground text-sm leading-none');
