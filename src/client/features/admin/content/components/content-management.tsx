import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import {
  ManagementScreen,
  managementText,
  useSearchedManagement,
} from '@client/features/admin/kit/management-screen';
import { adminToasts, draftOr } from '@client/features/admin/kit/toasts';
import { editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import type { ContentItem } from '@shared/schemas/content';
import { contentWrites, useAdminContentList } from '../api/admin-content-list';
import {
  type ContentFormValues,
  contentFormValuesFrom,
  DEFAULT_CONTENT_FORM_VALUES,
} from '../content-form-values';
import { AdminContentCard, AdminContentCardSkeleton } from './admin-content-card';
import { ContentForm } from './content-form';

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

/** /admin/content for an admin (docs/product.md, "Admin"): search, the grid, and the three dialogs. */
export function ContentManagement() {
  const screen = useSearchedManagement(useAdminContentList, contentWrites, contentToasts);

  return (
    <ManagementScreen
      text={CONTENT_TEXT}
      {...screen}
      skeleton={{ count: 6, render: () => <AdminContentCardSkeleton /> }}
      renderItem={(item, actions) => <AdminContentCard item={item} {...actions} />}
      dialogs={{
        formClassName: 'max-w-2xl',
        focusFirstField: true,
        renderForm: (editor) => <ContentForm {...editorFormProps(screen.writes, editor, CONTENT_FORM)} />,
        remove: { title: 'Delete Content' },
      }}
    />
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md, "Admin"). */
export const AdminContentScreen = behindAdminGate(ContentManagement);
