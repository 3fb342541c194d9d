// Must fail: lib is the bottom of the client (the API client showing toasts itself).
import { toast } from '../components/ui/use-toast.ts';

export const value = toast;
