import { PageContainer } from '@client/components/page-container';
import type { ComponentType } from 'react';
import type { MemberScreenProps } from './member-screen-props';

/**
 * A screen that shows one thing named by a route parameter (`/video/:id`, `/playlists/:slug`) in
 * the page container. The view is keyed by the parameter, so a new item starts fresh (its own
 * player state, favourite, form).
 */
export function paramScreen<K extends string>(
  param: K,
  View: ComponentType<Record<K, string>>,
  className: string,
): ComponentType<MemberScreenProps> {
  return function ParamScreen({ params }: MemberScreenProps) {
    const value = params[param] ?? '';
    const viewProps = { [param]: value } as Record<K, string>;
    return (
      <PageContainer className={className}>
        <View key={value} {...viewProps} />
      </PageContainer>
    );
  };
}
