// Must fail: the service worker runs without the page; it imports only its own files, lib and shared.
import { toast } from '../components/ui/use-toast.ts';
import { savedItems } from '../features/downloads/index.ts';

export const value = [savedItems, toast];
