import { renderWithRoutes } from '@client/testing/render';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkdownTextarea } from './markdown-textarea';

afterEach(() => vi.unstubAllGlobals());

const BOB = { id: '22222222-2222-4222-8222-222222222222', name: 'Bob Reed', profileImageUrl: null };
const CAROL = { id: '33333333-3333-4333-8333-333333333333', name: 'Carol Fern', profileImageUrl: null };

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="text">Content</label>
      <MarkdownTextarea id="text" value={value} onValueChange={setValue} forumId="forum-1" postId="post-1" />
    </>
  );
}

function renderField() {
  const { calls } = renderWithRoutes(<Harness />, {
    '/api/forums/forum-1/mentionable?q=&postId=post-1': { body: [BOB, CAROL] },
    '/api/forums/forum-1/mentionable?q=ca&postId=post-1': { body: [CAROL] },
    '/api/forums/forum-1/mentionable?q=c&postId=post-1': { body: [CAROL] },
    '/api/forums/forum-1/mentionable?q=zz&postId=post-1': { body: [] },
    '/api/forums/forum-1/mentionable?q=z&postId=post-1': { body: [] },
  });
  return { textarea: screen.getByLabelText('Content'), calls };
}

describe('MarkdownTextarea mentions', () => {
  it('offers people after @ as a combobox and moves through them with the arrow keys', async () => {
    const { textarea } = renderField();
    expect(textarea).toHaveAttribute('role', 'combobox');
    expect(textarea).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(textarea, 'Thanks @');
    const listbox = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(textarea).toHaveAttribute('aria-expanded', 'true');
    expect(textarea).toHaveAttribute('aria-controls', listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['BRBob Reed', 'CFCarol Fern']);
    expect(textarea).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(textarea).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(textarea).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(textarea).toHaveAttribute('aria-activedescendant', options[1]!.id);
    // Focus never leaves the text.
    expect(textarea).toHaveFocus();
  });

  it('inserts the chosen person as a token kept by id with Enter, and closes the list', async () => {
    const { textarea } = renderField();
    await userEvent.type(textarea, 'Thanks @');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(textarea).toHaveValue(`Thanks @[Carol Fern](user:${CAROL.id}) `));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(textarea).toHaveAttribute('aria-expanded', 'false');
    expect(textarea).not.toHaveAttribute('aria-activedescendant');
    // Enter chose a person: no line break was added.
    expect(String((textarea as HTMLTextAreaElement).value)).not.toContain('\n');
    // The caret lands after the token (placed on the next frame, once the new value is rendered).
    const inserted = `Thanks @[Carol Fern](user:${CAROL.id}) `;
    // Its frame comes first (callbacks run in the order they were asked for): only then is the caret
    // where the field put it. jsdom already has it at the end after the new value, so without this
    // wait a busy machine could type before that frame moved it again (CI saw "ih" for "hi").
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    await waitFor(() => expect((textarea as HTMLTextAreaElement).selectionStart).toBe(inserted.length));
    await userEvent.type(textarea, 'hi');
    expect(textarea).toHaveValue(`Thanks @[Carol Fern](user:${CAROL.id}) hi`);
  });

  it('filters by what follows @', async () => {
    const { textarea } = renderField();
    await userEvent.type(textarea, '@ca');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['CFCarol Fern']),
    );
  });

  it('closes with Escape and then Enter writes a new line as usual', async () => {
    const { textarea } = renderField();
    await userEvent.type(textarea, 'Hello @');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(textarea).toHaveValue('Hello @\n');
  });

  it('offers nothing when no one matches, and nothing for an e-mail address', async () => {
    const { textarea, calls } = renderField();
    await userEvent.type(textarea, '@zz');
    await waitFor(() => expect(calls.some((call) => call.url.includes('q=zz'))).toBe(true));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.clear(textarea);
    const before = calls.length;
    await userEvent.type(textarea, 'me@example');
    expect(calls.length).toBe(before);
  });

  it('chooses with the pointer too', async () => {
    const { textarea } = renderField();
    await userEvent.type(textarea, '@');
    await userEvent.click(await screen.findByRole('option', { name: /Bob Reed/ }));
    await waitFor(() => expect(textarea).toHaveValue(`@[Bob Reed](user:${BOB.id}) `));
  });
});
