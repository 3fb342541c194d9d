import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { createMarkdownParser } from '@shared/markdown.ts';
import { signInLink } from '@shared/schemas/auth.ts';
import { PRODUCT_NAME } from '@shared/site-brand.ts';
import { serverI18n } from '../../lib/i18n.ts';
import { EmailFrame, link, text, UnsubscribeFooter } from '../digest/index.ts';

/**
 * A newsletter as an e-mail: the digest's frame, the subject as heading, the teacher's Markdown
 * (as written) and a footer with the one-click unsubscribe link in the recipient's language. The Markdown is the community's subset
 * (src/shared/markdown.ts): `html: false` leaves any markup the admin types as text and only
 * http(s)/mailto links survive, so the HTML holds nothing but the parser's own tags. The site name
 * is the one the e-mails use today (issue "Your voice and your brand" will make it a setting).
 */
const parser = createMarkdownParser();
// Mail clients ignore style sheets: the body's links take the frame's link colour inline.
const renderLinkOpen = parser.renderer.rules.link_open!;
parser.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('style', `color:${link.color}`);
  return renderLinkOpen(tokens, index, options, env, self);
};

/**
 * Rendering the template costs milliseconds; a send renders it once per newsletter with this
 * placeholder and puts each member's own unsubscribe link in (`personalise`).
 */
const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/newsletter-placeholder';

export type NewsletterTemplate = { subject: string; html: string; text: string };

function NewsletterEmail(props: {
  subject: string;
  bodyHtml: string;
  settingsUrl: string;
  locale: string | null;
}) {
  const i18n = serverI18n(props.locale);
  return (
    <EmailFrame preview={props.subject} lang={i18n.locale}>
      <Heading as="h1" style={{ ...text, fontSize: '22px' }}>
        {props.subject}
      </Heading>
      <Section style={text}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html off and link schemes checked (see above) */}
        <div dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
      </Section>
      <Hr />
      {/* The site's name is put in by the mailer (lib/mailer.ts, brandEmail). */}
      <UnsubscribeFooter
        i18n={i18n}
        why={i18n._('email.newsletter.why', { site: PRODUCT_NAME })}
        unsubscribeUrl={UNSUBSCRIBE_PLACEHOLDER}
        settingsUrl={props.settingsUrl}
      />
    </EmailFrame>
  );
}

/**
 * The newsletter as HTML and plain text, with the unsubscribe link still a placeholder; its frame
 * in `locale` (the recipients' language; English when null).
 */
export async function renderNewsletter(
  newsletter: { subject: string; body: string },
  publicUrl: string,
  locale: string | null = null,
): Promise<NewsletterTemplate> {
  const element = (
    <NewsletterEmail
      locale={locale}
      subject={newsletter.subject}
      bodyHtml={parser.render(newsletter.body)}
      settingsUrl={signInLink(publicUrl, '/settings')}
    />
  );
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: newsletter.subject, html, text: plain };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** One member's copy: their own unsubscribe link in both parts. */
export function personalise(template: NewsletterTemplate, unsubscribeUrl: string) {
  return {
    subject: template.subject,
    html: template.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeAttribute(unsubscribeUrl)),
    text: template.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}
