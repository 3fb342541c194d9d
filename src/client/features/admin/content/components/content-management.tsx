import { deleteQuestion } from '@client/components/ui/confirm-delete-dialog';
import { AccessDenied, AdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError, ListMessage } from '@client/features/admin/kit/admin-states';
import {
  AdminListScreen,
  CardGrid,
  CreateButton,
  ListBody,
  ListSkeleton,
  NoMatches,
  pagedCountText,
  useSearchText,
} from '@client/features/admin/kit/list-screen';
import { adminToasts } from '@client/features/admin/kit/toasts';
import { useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { AdminWriteDialogs, editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { ContentInput, ContentItem } from '@shared/schemas/content';
import { useAdminContentList } from '../api/admin-content-list';
import { useCreateContent } from '../api/create-content';
import { useDeleteContent } from '../api/delete-content';
import { useUpdateContent } from '../api/update-content';
import {
  type ContentFormValues,
  contentFormValuesFrom,
  DEFAULT_CONTENT_FORM_VALUES,
} from '../content-form-values';
import { AdminContentCard, AdminContentCardSkeleton } from './admin-content-card';
import { ContentForm } from './content-form';

export const EMPTY_SEARCH_MESSAGE = 'No content found matching your search.';
export const EMPTY_LIBRARY_MESSAGE = 'No content available. Create your first piece of content!';

const CONTENT_FORM: FormSetup<ContentItem, ContentFormValues> = {
  defaults: DEFAULT_CONTENT_FORM_VALUES,
  valuesFrom: contentFormValuesFrom,
  createLabel: 'Create Content',
};

/** docs/product.md section 8: 'Content Created', 'Content Updated', 'Content Deleted'. */
const contentToasts = adminToasts<ContentItem>({
  noun: 'Content',
  describe: {
    create: (item) =>
      item.isPublished === false
        ? `"${item.title}" was saved as a draft.`
        : `"${item.title}" is now in the library.`,
    delete: (item) => `"${item.title}" has been removed from the library.`,
  },
});

/** /admin/content for an admin (docs/product.md section 2): search, the grid, and the three dialogs. */
export function ContentManagement() {
  useDocumentTitle('Content Management');
  const { searchText, setSearchText, search, isSearching } = useSearchText();
  const list = useAdminContentList(search);
  const writes = useAdminWrites<ContentItem, ContentInput>({
    create: useCreateContent(),
    update: useUpdateContent(),
    remove: useDeleteContent(),
    toasts: contentToasts,
  });

  if (list.isError && isAccessError(list.error)) return <AccessDenied />;

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const createButton = <CreateButton label="Create Content" onClick={writes.openCreate} />;
  const body = (
    <ListBody
      list={list}
      isFailed={list.isError && items.length === 0}
      loadErrorTitle="The content could not be loaded"
      skeleton={
        <ListSkeleton label="Loading content" count={6} skeleton={() => <AdminContentCardSkeleton />} />
      }
      message={
        items.length > 0 ? null : isSearching ? (
          <NoMatches
            title={EMPTY_SEARCH_MESSAGE}
            resetLabel="Show all content"
            onReset={() => setSearchText('')}
          />
        ) : (
          <ListMessage title={EMPTY_LIBRARY_MESSAGE} action={createButton} />
        )
      }
    >
      <CardGrid
        items={items}
        isStale={list.isPlaceholderData}
        loadMore={list}
        renderItem={(item) => (
          <AdminContentCard item={item} onEdit={writes.openEdit} onDelete={writes.setToDelete} />
        )}
      />
    </ListBody>
  );

  const countText = pagedCountText(list, items.length, ['item', 'items'], search);

  return (
    <AdminListScreen
      title="Content Management"
      description="Create, edit and publish the sessions, posts and events of the library."
      actions={createButton}
      sectionHeading="Content"
      search={{
        label: 'Search content',
        placeholder: 'Search content...',
        value: searchText,
        onChange: setSearchText,
      }}
      count={countText}
      dialogs={
        <AdminWriteDialogs
          writes={writes}
          formClassName="max-w-2xl"
          focusFirstField
          formText={{
            createTitle: 'Create New Content',
            createDescription: 'Add a video, audio session, post or event to the library.',
            editTitle: 'Edit Content',
            editDescription: 'Update the details of this content.',
          }}
          renderForm={(editor) => <ContentForm {...editorFormProps(writes, editor, CONTENT_FORM)} />}
          deleteTitle="Delete Content"
          deleteDescription={(item) => deleteQuestion(item.title)}
        />
      }
    >
      {body}
    </AdminListScreen>
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md section 2). */
export function AdminContentScreen() {
  return (
    <AdminGate>
      <ContentManagement />
    </AdminGate>
  );
}
