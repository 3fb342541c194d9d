import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastAction } from './toast';
import { Toaster } from './toaster';
import { TOAST_LIMIT, toast, useToast } from './use-toast';

describe('toast store', () => {
  it('keeps only one toast at a time', () => {
    expect(TOAST_LIMIT).toBe(1);
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: '1' });
      toast({ title: '2' });
    });
    expect(result.current.toasts.map((t) => t.title)).toEqual(['2']);
  });
});

describe('Toaster', () => {
  afterEach(() => {
    act(() => toast({ title: 'cleanup' }).dismiss());
  });

  it('shows the title, description, action and a close button, newest replacing older', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'Older news' });
      toast({
        title: 'Authentication Required',
        description: 'Please sign in to start your subscription.',
        variant: 'destructive',
        action: <ToastAction altText="Sign in now">Sign in</ToastAction>,
      });
    });
    expect(screen.getByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to start your subscription.')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument();
  });
});
