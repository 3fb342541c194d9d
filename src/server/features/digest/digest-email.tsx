import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';

export type DigestItem = { title: string; url: string; summary: string | null; isPremium: boolean };
export type DigestDiscussion = { title: string; url: string; comments: number };
export type DigestContent = {
  firstName: string | null;
  week: { minutes: number; days: number };
  items: DigestItem[];
  discussions: DigestDiscussion[];
  homeUrl: string;
  unsubscribeUrl: string;
  settingsUrl: string;
};

export const text = { color: '#1f2a2e', fontSize: '15px', lineHeight: '24px' } as const;
export const muted = { ...text, color: '#5b6b70', fontSize: '13px' } as const;
export const link = { color: '#2f6f5e' } as const;

/** The frame every member e-mail shares (the digest, newsletters): calm background, one column. */
export function EmailFrame({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#faf7f2', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container style={{ maxWidth: '560px', padding: '24px' }}>{children}</Container>
      </Body>
    </Html>
  );
}

/** A titled list of links, each followed by what it says about itself; nothing when empty. */
function LinkSection({
  heading,
  entries,
}: {
  heading: string;
  entries: Array<{ url: string; title: string; after: ReactNode }>;
}) {
  if (entries.length === 0) return null;
  return (
    <Section>
      <Heading as="h2" style={{ ...text, fontSize: '17px' }}>
        {heading}
      </Heading>
      {entries.map((entry) => (
        <Text key={entry.url} style={text}>
          <Link href={entry.url} style={link}>
            {entry.title}
          </Link>
          {entry.after}
        </Text>
      ))}
    </Section>
  );
}

export function weekLine({ minutes, days }: DigestContent['week']): string {
  if (minutes === 0) return 'A quiet week: whenever you are ready, a few minutes are waiting for you.';
  const dayWord = days === 1 ? 'day' : 'days';
  return `You practised ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} on ${days} ${dayWord}. Lovely.`;
}

function DigestEmail(content: DigestContent) {
  return (
    <EmailFrame preview="Your week at Stillpoint, and what is new">
      <Heading as="h1" style={{ ...text, fontSize: '22px' }}>
        {content.firstName ? `Hello ${content.firstName},` : 'Hello,'}
      </Heading>
      <Section>
        <Heading as="h2" style={{ ...text, fontSize: '17px' }}>
          Your week
        </Heading>
        <Text style={text}>{weekLine(content.week)}</Text>
      </Section>
      <LinkSection
        heading="New this week"
        entries={content.items.map((item) => ({
          ...item,
          after: (
            <>
              {item.isPremium ? ' (Premium)' : ''}
              {item.summary ? <span style={muted}> · {item.summary}</span> : null}
            </>
          ),
        }))}
      />
      <LinkSection
        heading="Popular in the community"
        entries={content.discussions.map((discussion) => ({
          ...discussion,
          after: (
            <span style={muted}>
              {' '}
              · {discussion.comments} {discussion.comments === 1 ? 'reply' : 'replies'}
            </span>
          ),
        }))}
      />
      <Text style={text}>
        <Link href={content.homeUrl} style={link}>
          Open Stillpoint
        </Link>
      </Text>
      <Hr />
      <Text style={muted}>
        You receive this weekly digest because you turned it on in your settings.{' '}
        <Link href={content.unsubscribeUrl} style={link}>
          Unsubscribe
        </Link>{' '}
        or{' '}
        <Link href={content.settingsUrl} style={link}>
          change your settings
        </Link>
        .
      </Text>
    </EmailFrame>
  );
}

/** The digest as HTML and as plain text, from one template. */
export async function renderDigest(content: DigestContent): Promise<{ html: string; text: string }> {
  const element = <DigestEmail {...content} />;
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text: plain };
}
