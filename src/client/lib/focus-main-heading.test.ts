import { afterEach, describe, expect, it } from 'vitest';
import { focusMainHeadingWhenShown } from './focus-main-heading';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A page as the app draws it: a main landmark holding the screen being left. */
function showScreenBeingLeft() {
  document.body.innerHTML = `
    <button type="button" id="elsewhere">Elsewhere</button>
    <main id="main" tabindex="-1"><h1>Welcome back</h1><button type="submit" id="submit">Sign in</button></main>`;
  const submit = document.getElementById('submit') as HTMLButtonElement;
  submit.focus();
  return submit;
}

function showNewScreen(title: string) {
  const main = document.querySelector('main') as HTMLElement;
  main.innerHTML = `<div><h1>${title}</h1><button type="button">Play</button></div>`;
  return main.querySelector('h1') as HTMLElement;
}

async function nextMutations() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('focusMainHeadingWhenShown', () => {
  it("focuses the new screen's h1 once it appears, focusable by script only", async () => {
    showScreenBeingLeft();
    focusMainHeadingWhenShown();
    const heading = showNewScreen('Home');
    await nextMutations();
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('waits past a loading state that has no heading, and skips the old screen’s heading', async () => {
    showScreenBeingLeft();
    focusMainHeadingWhenShown();
    await nextMutations();
    expect(document.activeElement?.textContent).toBe('Sign in');
    (document.querySelector('main') as HTMLElement).innerHTML = '<p>Loading...</p>';
    await nextMutations();
    const heading = showNewScreen('Library');
    await nextMutations();
    expect(heading).toHaveFocus();
  });

  it('never takes focus from a control the member moved to meanwhile', async () => {
    showScreenBeingLeft();
    focusMainHeadingWhenShown();
    const elsewhere = document.getElementById('elsewhere') as HTMLButtonElement;
    elsewhere.focus();
    showNewScreen('Home');
    await nextMutations();
    expect(elsewhere).toHaveFocus();
  });

  it('stops waiting when asked to', async () => {
    showScreenBeingLeft();
    const stop = focusMainHeadingWhenShown();
    stop();
    const heading = showNewScreen('Home');
    await nextMutations();
    expect(heading).not.toHaveFocus();
  });
});
