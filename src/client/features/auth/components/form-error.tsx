import { Alert } from '@client/components/ui/alert';
import { CircleAlert } from 'lucide-react';

/** A form-level error, announced as soon as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <p>{message}</p>
    </Alert>
  );
}
