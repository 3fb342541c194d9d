import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTitle } from './alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A dialog opened from state, as the admin screens open theirs: no DialogTrigger. */
function EditFromState({ removeOpenerOnOpen = false }: { removeOpenerOnOpen?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      {!(removeOpenerOnOpen && isOpen) && (
        <button type="button" onClick={() => setIsOpen(true)}>
          Edit
        </button>
      )}
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent>
          <DialogTitle>Edit item</DialogTitle>
          <DialogDescription>Change the item.</DialogDescription>
          <input aria-label="Title" />
        </DialogContent>
      </Dialog>
    </>
  );
}

function ConfirmFromState() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Delete
      </button>
      <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
        <AlertDialogContent aria-describedby={undefined}>
          <AlertDialogTitle>Delete the item?</AlertDialogTitle>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

describe('dialogs give focus back to what opened them', () => {
  it('Escape returns focus to the button that opened a dialog without a trigger', async () => {
    const user = userEvent.setup();
    render(<EditFromState />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('the Close button returns focus to the opener too', async () => {
    const user = userEvent.setup();
    render(<EditFromState />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("a confirmation's Cancel returns focus to the button that opened it", async () => {
    const user = userEvent.setup();
    render(<ConfirmFromState />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('an opener that has left the page is not focused, and nothing throws', async () => {
    const user = userEvent.setup();
    render(<EditFromState removeOpenerOnOpen />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog', { name: 'Edit item' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).not.toHaveFocus();
  });
});
