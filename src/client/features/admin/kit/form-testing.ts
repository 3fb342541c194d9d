import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** The admin tests' words for a form in a dialog: open it, fill it, read it, submit it. */

/** Types each field's text (field label → text) into the form in `dialog`, in order; `clear` empties each first. */
export async function typeInto(
  dialog: HTMLElement,
  fields: Record<string, string>,
  { clear = false } = {},
): Promise<void> {
  for (const [label, text] of Object.entries(fields)) {
    if (clear) await userEvent.clear(within(dialog).getByLabelText(label));
    await userEvent.type(within(dialog).getByLabelText(label), text);
  }
}

/** Expects `container` to show each of `texts`. */
export function expectTexts(container: HTMLElement, texts: readonly string[]): void {
  for (const text of texts) expect(within(container).getByText(text)).toBeInTheDocument();
}

/** Expects each field of the form in `container` (field label → value) to hold its value. */
export function expectValues(container: HTMLElement, values: Record<string, string | number>): void {
  for (const [label, value] of Object.entries(values)) {
    expect(within(container).getByLabelText(label)).toHaveValue(value);
  }
}

/** Clicks the button named `button` in `dialog`, waits for the toast (or text) `confirmation`, and sees the dialog closed. */
export async function submitDialog(dialog: HTMLElement, button: string, confirmation: string): Promise<void> {
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  expect(await screen.findByText(confirmation)).toBeInTheDocument();
  expect(dialog).not.toBeInTheDocument();
}

/** Clicks the (first) button named `button` and waits for the dialog named `dialog`. */
export async function openDialog(button: string, dialog: string): Promise<HTMLElement> {
  await userEvent.click((await screen.findAllByRole('button', { name: button }))[0]!);
  return screen.findByRole('dialog', { name: dialog });
}
