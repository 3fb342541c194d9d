import { Toaster } from '@client/components/ui/toaster';
import { adminUser } from '@client/testing/community';
import { clearToasts, freeMember } from '@client/testing/content';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { openDialog, typeInto } from './form-testing';

/** The delete question for a titled item in English (docs/product.md, "Admin"), word for word. */
const deleteQuestion = (title: string) =>
  `Are you sure you want to delete "${title}"? This action cannot be undone.`;

/** The shared helpers of the admin screens' component tests. */

export type Routes = Parameters<typeof stubFetch>[0];
export type Call = { url: string; init?: RequestInit };

/**
 * Call once at the top of an admin screen's test file: jsdom has no ResizeObserver (Radix
 * Switch measures its thumb), and each test starts without toasts or stubbed globals.
 */
export function setUpAdminScreenTests(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });
}

/**
 * Renders an admin screen (with the toaster) at `path`, the API answered by `routes`; the
 * current user is the admin unless given (`null`: signed out, the server answers 401).
 */
export function renderAdminScreen(
  ui: ReactElement,
  { path, routes = {}, user = adminUser }: { path: string; routes?: Routes; user?: CurrentUser | null },
) {
  const stub = stubFetch({
    '/api/auth/user': user ? { body: user } : { status: 401, body: { message: 'Unauthorized' } },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
  const view = renderWithProviders(
    <>
      {ui}
      <Toaster />
    </>,
    { path },
  );
  return { ...view, calls: stub.calls };
}

/** Waits for Access Denied as every admin screen shows it: the heading, `description` if given, the way home. */
export async function expectAccessDenied(description?: string): Promise<void> {
  expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
  if (description) expect(screen.getByText(description)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
}

/** The render of one admin screen's tests: `ui` at `path`, the API answered by `routes`, as the admin unless told. */
export function screenRenderer(ui: ReactElement, path: string) {
  return (routes: Routes = {}, user: CurrentUser | null = adminUser) =>
    renderAdminScreen(ui, { path, routes, user });
}

/** Call once at the top of a one-screen test file: sets the file up and returns its `screenRenderer`. */
export function adminScreenTests(ui: ReactElement, path: string) {
  setUpAdminScreenTests();
  return screenRenderer(ui, path);
}

/**
 * The gate every admin screen has, as two tests: Loading... while the user is read, and a
 * member told Access Denied (with `description` if given) while nothing is asked of `api`.
 */
export function itGatesMembers(
  render: (routes: Routes, user?: CurrentUser | null) => { calls: Call[] },
  { api, description }: { api: string; description?: string },
): void {
  it('shows Loading... while the user is being read', async () => {
    render({ '/api/auth/user': { never: true } });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it('tells a member Access Denied, with Return to Home, and loads nothing', async () => {
    const { calls } = render({}, freeMember);
    await expectAccessDenied(description);
    expect(calls.some((call) => call.url.startsWith(api))).toBe(false);
  });
}

/** A valid (version 4) UUID for test data, told apart by `n`: the API's schemas take only UUIDs. */
export function testUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** A maker of test data: `defaults`, with each call's overrides on top. */
export function fixtureMaker<T>(defaults: T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...defaults, ...overrides });
}

/** How many requests went to `url` with `method`. */
export function countCalls(calls: readonly Call[], url: string, method = 'GET'): number {
  return calls.filter((call) => call.url === url && (call.init?.method ?? 'GET') === method).length;
}

/** The JSON body of the last `method` request to `url`. */
export function bodyOf(calls: readonly Call[], url: string, method: string) {
  const call = calls.findLast((entry) => entry.url === url && entry.init?.method === method);
  return call ? JSON.parse(String(call.init?.body)) : undefined;
}

/**
 * Holds every `method` request until the returned function is called, then answers it with
 * `answer()`: to see a pending state. The held requests are recorded in `calls`.
 */
export function holdRequests(calls: Call[], method: string, answer: () => Response): () => void {
  const release: (() => void)[] = [];
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== method) return stubbed(input, init);
    calls.push({ url: String(input), init });
    return new Promise<Response>((resolve) => release.push(() => resolve(answer())));
  });
  return () => {
    for (const answerNow of release.splice(0)) answerNow();
  };
}

/** The card of the item titled `title` (a card's name may add to the title), if shown. */
export function queryCard(title: string): HTMLElement | null {
  return screen.queryByRole('article', { name: (name) => name.includes(title) });
}

/** Waits for the card of the item titled `title`. */
export function findCard(title: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name: (name) => name.includes(title) });
}

/** What the shared scenarios of `management-screens.test.tsx` need to know of one screen. */
export type ManagementScreenCase = {
  path: string;
  render: (routes: Routes, user?: CurrentUser | null) => ReturnType<typeof renderAdminScreen>;
  /** The list's first page, and where writes go (`writeUrl/<id>` for edits and deletes). */
  listUrl: string;
  writeUrl: string;
  /** Two items the list holds: `item` is edited and deleted, `other` stays. */
  item: { id: string; title: string };
  other: { id: string; title: string };
  texts: {
    heading: string;
    subtitle: string;
    searchLabel: string;
    searchPlaceholder: string;
    loading: string;
    /** The live count of a one-item list ('1 forum'). */
    countOfOne: string;
    empty: string;
    loadError: string;
    createButton: string;
    createDialog: string;
    editDialog: string;
    saveButton: string;
    deleteDialog: string;
    confirmDelete: string;
    deleteQuestion: (title: string) => string;
    /** The toasts' noun ('Forum Deleted') and the fallbacks' ('Failed to delete forum'). */
    noun: string;
    failureNoun: string;
  };
  /** Fills what the create form requires. */
  fillRequired: (dialog: HTMLElement) => Promise<void>;
  /** A search that matches nothing: the request it sends (if the server searches), the message and the reset button. */
  searchMiss: { url?: string; message: string; reset: string };
  /** The form's image upload: the file input's label and the body field its object path goes in. */
  imageUpload?: { fileLabel: string; field: string };
  /** The second page's URL when the first answers with the cursor 'c1' (paged lists only). */
  nextPageUrl?: string;
};

/** What a screen's row spells itself; `nounTexts` builds the rest, and three have the usual defaults. */
type Texts = ManagementScreenCase['texts'];
type Usual = 'saveButton' | 'confirmDelete' | 'deleteQuestion';
type OwnTexts = Omit<Texts, keyof ReturnType<typeof nounTexts> | Usual> &
  Partial<Pick<Texts, Usual>> & { plural: string };

/** The words every management screen builds from its noun ('Forum') and plural ('forums'). */
function nounTexts(noun: string, plural: string) {
  const search = `Search ${plural}`;
  return {
    searchLabel: search,
    searchPlaceholder: `${search}...`,
    loadError: `The ${plural} could not be loaded`,
    createButton: `Create ${noun}`,
    createDialog: `Create New ${noun}`,
    editDialog: `Edit ${noun}`,
    deleteDialog: `Delete ${noun}`,
    failureNoun: noun.toLowerCase(),
  };
}

type EditingParts = Pick<ManagementScreenCase, 'path' | 'listUrl' | 'writeUrl' | 'item' | 'texts'>;

/**
 * How a row's tests open its dialogs: `openCreate` and `openEdit` (of `item`); `renderEdit`
 * renders the list of `item`, the save answered by `answer`, and opens its edit dialog;
 * `editBody` is the body of the last save of `item`.
 */
function editingOf(ui: ReactElement, { path, listUrl, writeUrl, item, texts }: EditingParts) {
  const openEdit = () => openDialog(`Edit ${item.title}`, texts.editDialog);
  return {
    openCreate: () => openDialog(texts.createButton, texts.createDialog),
    openEdit,
    renderEdit: async (answer: Routes[string]) => {
      const routes = { [listUrl]: { body: [item] }, [`PUT ${writeUrl}/${item.id}`]: answer };
      const view = renderAdminScreen(ui, { path, routes });
      return { ...view, dialog: await openEdit() };
    },
    editBody: (calls: readonly Call[]) => bodyOf(calls, `${writeUrl}/${item.id}`, 'PUT'),
  };
}

/**
 * A screen's row from its data: `ui` and its list's two `items`, then where it lives: writes go
 * to `listUrl` without its query; a list read with `?limit=` is paged by cursor and searched on the
 * server by `searchParam` if named. `render` renders `ui` at `path`, `openCreate` opens the
 * create dialog by the row's words, and `fillRequired` types `required` (field label → text) into it.
 */
export function managementCase(
  ui: ReactElement,
  [item, other]: [ManagementScreenCase['item'], ManagementScreenCase['other']],
  row: Pick<ManagementScreenCase, 'path' | 'listUrl'> & {
    /** The form's image upload, if it has one: the file input's label and the body field of its path. */
    imageLabel?: string;
    imageField?: string;
    /** The query parameter a list searched on the server is searched by. */
    searchParam?: string;
    /** The words default to 'No {plural} found matching your search.' and 'Show all {plural}'. */
    searchMiss?: Partial<Omit<ManagementScreenCase['searchMiss'], 'url'>>;
    required: Record<string, string>;
    texts: OwnTexts;
  },
): ManagementScreenCase & ReturnType<typeof editingOf> {
  const { required, texts: own, searchParam: param, searchMiss, imageLabel, imageField, ...rest } = row;
  const usual = { saveButton: 'Save Changes', confirmDelete: 'Delete', deleteQuestion };
  const texts: Texts = { ...nounTexts(own.noun, own.plural), ...usual, ...own };
  const [writeUrl = '', limit] = row.listUrl.split('?');
  const missWords = {
    message: `No ${own.plural} found matching your search.`,
    reset: `Show all ${own.plural}`,
  };
  return {
    ...rest,
    texts,
    writeUrl,
    item,
    other,
    imageUpload: imageLabel && imageField ? { fileLabel: imageLabel, field: imageField } : undefined,
    searchMiss: { ...missWords, ...searchMiss, url: param && `${writeUrl}?${param}=nothing&${limit}` },
    nextPageUrl: limit ? `${row.listUrl}&cursor=c1` : undefined,
    render: screenRenderer(ui, row.path),
    ...editingOf(ui, { ...row, texts, item, writeUrl }),
    fillRequired: async (dialog: HTMLElement) => {
      await typeInto(dialog, required);
    },
  };
}
