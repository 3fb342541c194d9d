import { Button } from '@client/components/ui/button';
import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { useSearchText } from '@client/features/admin/kit/list-screen';
import {
  ManagementScreen,
  managementText,
  useSearchedManagement,
} from '@client/features/admin/kit/management-screen';
import { adminToasts, draftOr } from '@client/features/admin/kit/toasts';
import { useResourceWrites } from '@client/features/admin/kit/use-admin-writes';
import { editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import type { ContentItem } from '@shared/schemas/content';
import { LayoutGrid, Table2, Upload } from 'lucide-react';
import { useState } from 'react';
import { contentWrites, useAdminContentList } from '../api/admin-content-list';
import { type AdminContentTableParams, useAdminContentTable } from '../api/admin-content-table';
import {
  type ContentFormValues,
  contentFormValuesFrom,
  DEFAULT_CONTENT_FORM_VALUES,
} from '../content-form-values';
import { type ContentView, useContentView } from '../content-view';
import { AdminContentCard, AdminContentCardSkeleton } from './admin-content-card';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { ContentForm } from './content-form';
import { ContentTable, ContentTableFilters } from './content-table';

/** docs/product.md, "Admin", /admin/content, word for word. */
const CONTENT_TEXT = managementText('Content', 'content', {
  title: 'Content Management',
  subtitle: 'Create, edit and publish the sessions, posts and events of the library.',
  sectionHeading: 'Content',
  nouns: ['item', 'items'],
  loading: 'Loading content',
  empty: 'No content available. Create your first piece of content!',
  createDescription: 'Add a video, audio session, post or event to the library.',
  editDescription: 'Update the details of this content.',
});

const CONTENT_FORM: FormSetup<ContentItem, ContentFormValues> = {
  defaults: DEFAULT_CONTENT_FORM_VALUES,
  valuesFrom: contentFormValuesFrom,
  createLabel: 'Create Content',
};

/** docs/product.md, "Errors shown": 'Content Created', 'Content Updated', 'Content Deleted'. */
const contentToasts = adminToasts<ContentItem>({
  noun: 'Content',
  describe: {
    create: draftOr((item) => `"${item.title}" is now in the library.`),
    delete: (item) => `"${item.title}" has been removed from the library.`,
  },
});

const DIALOGS = {
  formClassName: 'max-w-2xl',
  focusFirstField: true,
  remove: { title: 'Delete Content' },
} as const;

/** Grid or Table, as two pressed-or-not buttons (the choice is remembered on this device). */
function ViewToggle({ view, onChange }: { view: ContentView; onChange: (view: ContentView) => void }) {
  const option = (value: ContentView, label: string, Icon: typeof Table2) => (
    <Button
      size="sm"
      variant={view === value ? 'secondary' : 'ghost'}
      aria-pressed={view === value}
      onClick={() => onChange(value)}
    >
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of two toggle buttons, not a form group
    <div role="group" aria-label="View" className="inline-flex gap-1 rounded-full border bg-card p-1">
      {option('grid', 'Grid', LayoutGrid)}
      {option('table', 'Table', Table2)}
    </div>
  );
}

/** Opens the bulk upload; the dialog lives beside the button so focus returns to it. */
function BulkUploadButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setIsOpen(true)}>
        <Upload aria-hidden="true" />
        Upload files
      </Button>
      <BulkUploadDialog open={isOpen} onOpenChange={setIsOpen} />
    </>
  );
}

/** The card grid: search, the cards, and the three dialogs. */
function ContentGridManagement({ viewToggle }: { viewToggle: React.ReactNode }) {
  const screen = useSearchedManagement(useAdminContentList, contentWrites, contentToasts);
  return (
    <ManagementScreen
      text={CONTENT_TEXT}
      {...screen}
      filter={viewToggle}
      headerActions={<BulkUploadButton />}
      skeleton={{ count: 6, render: () => <AdminContentCardSkeleton /> }}
      renderItem={(item, actions) => <AdminContentCard item={item} {...actions} />}
      dialogs={{
        ...DIALOGS,
        renderForm: (editor) => <ContentForm {...editorFormProps(screen.writes, editor, CONTENT_FORM)} />,
      }}
    />
  );
}

const NO_FILTERS = { type: 'all', status: 'all', access: 'all' } as const;

/** The table (issue 36): sortable columns, filters, selection and bulk actions, the same dialogs. */
function ContentTableManagement({ viewToggle }: { viewToggle: React.ReactNode }) {
  const search = useSearchText();
  const [order, setOrder] = useState<Pick<AdminContentTableParams, 'sort' | 'direction'>>({
    sort: 'updated',
    direction: 'desc',
  });
  const [filters, setFilters] =
    useState<Pick<AdminContentTableParams, 'type' | 'status' | 'access'>>(NO_FILTERS);
  const list = useAdminContentTable({ ...order, ...filters, search: search.search });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const writes = useResourceWrites(contentWrites, contentToasts);
  const isFiltered = Object.values(filters).some((value) => value !== 'all');

  return (
    <ManagementScreen
      text={CONTENT_TEXT}
      list={list}
      items={items}
      search={search}
      writes={writes}
      isFiltering={search.isSearching || isFiltered}
      onReset={() => {
        search.setSearchText('');
        setFilters(NO_FILTERS);
      }}
      filter={
        <>
          {viewToggle}
          <ContentTableFilters values={filters} onChange={setFilters} />
        </>
      }
      headerActions={<BulkUploadButton />}
      skeleton={{ count: 1, render: () => <AdminContentCardSkeleton /> }}
      renderItem={(item, actions) => <AdminContentCard item={item} {...actions} />}
      renderItems={(shown, actions) => (
        <ContentTable
          items={shown}
          sort={order.sort}
          direction={order.direction}
          onSort={(sort, direction) => setOrder({ sort, direction })}
          loadMore={list}
          isStale={list.isPlaceholderData}
          {...actions}
        />
      )}
      dialogs={{
        ...DIALOGS,
        renderForm: (editor) => <ContentForm {...editorFormProps(writes, editor, CONTENT_FORM)} />,
      }}
    />
  );
}

/** /admin/content for an admin (docs/product.md, "Admin"): the card grid or the table, as last chosen. */
export function ContentManagement() {
  const [view, setView] = useContentView();
  const viewToggle = <ViewToggle view={view} onChange={setView} />;
  return view === 'table' ? (
    <ContentTableManagement viewToggle={viewToggle} />
  ) : (
    <ContentGridManagement viewToggle={viewToggle} />
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md, "Admin"). */
export const AdminContentScreen = behindAdminGate(ContentManagement);
