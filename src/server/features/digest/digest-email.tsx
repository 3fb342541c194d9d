import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { PRODUCT_NAME } from '@shared/site-brand.ts';
import type { ReactNode } from 'react';
import { serverI18n } from '../../lib/i18n.ts';
import { EMAIL_LINK_COLOR, EMAIL_SITE_NAME_ID } from '../../lib/mailer.ts';

type ServerI18n = ReturnType<typeof serverI18n>;

export type DigestItem = { title: string; url: string; summary: string | null; isPremium: boolean };
export type DigestDiscussion = { title: string; url: string; comments: number };
export type DigestContent = {
  /** The recipient's language (users.locale, else the site's default): the frame's words. */
  locale: string | null;
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
// The mailer puts the site's accent in place of this colour (lib/mailer.ts, brandEmail).
export const link = { color: EMAIL_LINK_COLOR } as const;

/**
 * The frame every member e-mail shares (the digest, newsletters, the welcome): calm background,
 * one column, a header with the site's name. The mailer brands it when it writes the message
 * (lib/mailer.ts, brandEmail): the site's name for the product's, its logo before the name, its
 * accent for the links' colour.
 */
export function EmailFrame({
  preview,
  lang,
  children,
}: {
  preview: string;
  /** The language of the e-mail's own words (`<html lang>`). */
  lang: string;
  children: ReactNode;
}) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#faf7f2', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container style={{ maxWidth: '560px', padding: '24px' }}>
          <Section style={{ paddingBottom: '8px' }}>
            {/* Not in the plain text: the mailer opens every text part with the name (brandEmail). */}
            <Text
              id={EMAIL_SITE_NAME_ID}
              data-skip-in-text={true}
              style={{ ...text, color: EMAIL_LINK_COLOR, fontSize: '20px', fontWeight: 'bold', margin: 0 }}
            >
              {PRODUCT_NAME}
            </Text>
          </Section>
          <Hr style={{ borderColor: '#e4ded3', margin: '0 0 16px' }} />
          {children}
        </Container>
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

export function weekLine(i18n: ServerI18n, { minutes, days }: DigestContent['week']): string {
  if (minutes === 0) return i18n._('email.digest.quietWeek');
  return i18n._('email.digest.practised', { minutes, days });
}

/**
 * The unsubscribe line's two links, in the reader's language, after the sentence saying why the
 * e-mail came (the digest's and the newsletters' footers).
 */
export function UnsubscribeFooter(props: {
  i18n: ServerI18n;
  why: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}) {
  const { i18n } = props;
  return (
    <Text style={muted}>
      {props.why}{' '}
      <Link href={props.unsubscribeUrl} style={link}>
        {i18n._('email.footer.unsubscribe')}
      </Link>{' '}
      {i18n._('email.footer.or')}{' '}
      <Link href={props.settingsUrl} style={link}>
        {i18n._('email.footer.changeSettings')}
      </Link>
      .
    </Text>
  );
}

/** The site's name is put in by the mailer (lib/mailer.ts, brandEmail): the words name the product. */
const site = PRODUCT_NAME;

function DigestEmail(content: DigestContent) {
  // The frame in the member's language; titles, summaries and names stay as their authors wrote them.
  const i18n = serverI18n(content.locale);
  return (
    <EmailFrame preview={i18n._('email.digest.preview', { site })} lang={i18n.locale}>
      <Heading as="h1" style={{ ...text, fontSize: '22px' }}>
        {i18n._('email.greeting', { name: content.firstName || 'none' })}
      </Heading>
      <Section>
        <Heading as="h2" style={{ ...text, fontSize: '17px' }}>
          {i18n._('email.digest.yourWeek')}
        </Heading>
        <Text style={text}>{weekLine(i18n, content.week)}</Text>
      </Section>
      <LinkSection
        heading={i18n._('email.digest.newThisWeek')}
        entries={content.items.map((item) => ({
          ...item,
          after: (
            <>
              {item.isPremium ? ` ${i18n._('email.digest.premium')}` : ''}
              {item.summary ? <span style={muted}> · {item.summary}</span> : null}
            </>
          ),
        }))}
      />
      <LinkSection
        heading={i18n._('email.digest.popular')}
        entries={content.discussions.map((discussion) => ({
          ...discussion,
          after: (
            <span style={muted}> · {i18n._('email.digest.replies', { count: discussion.comments })}</span>
          ),
        }))}
      />
      <Text style={text}>
        <Link href={content.homeUrl} style={link}>
          {i18n._('email.digest.open', { site })}
        </Link>
      </Text>
      <Hr />
      <UnsubscribeFooter
        i18n={i18n}
        why={i18n._('email.digest.why')}
        unsubscribeUrl={content.unsubscribeUrl}
        settingsUrl={content.settingsUrl}
      />
    </EmailFrame>
  );
}

/** The digest as HTML and as plain text, from one template, with its subject in the same language. */
export async function renderDigest(
  content: DigestContent,
): Promise<{ subject: string; html: string; text: string }> {
  const i18n = serverI18n(content.locale);
  const element = <DigestEmail {...content} />;
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: i18n._('email.digest.subject', { site }), html, text: plain };
}
