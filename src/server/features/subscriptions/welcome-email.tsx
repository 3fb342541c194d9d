import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Link } from '@react-email/link';
import { render } from '@react-email/render';
import { Text } from '@react-email/text';
import { signInLink } from '@shared/schemas/auth.ts';
import type { PLAN_INTERVALS } from '@shared/schemas/subscription.ts';
import { PRODUCT_NAME } from '@shared/site-brand.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { formatEmailDateTime, recipientLocaleSql, serverI18n } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { EmailFrame, link, muted, text } from '../digest/index.ts';
import { memberTimeZoneSql } from '../settings/index.ts';
import { CANCEL_URL_PATH } from './subscriptions.service.ts';

/**
 * "Welcome to premium": the one e-mail a member gets when their subscription starts (the test
 * checkout paid, or Stripe's webhook found a new live subscription). It names the plan, its price
 * in the member's language, the trial's end and first charge when there is a trial, and where to
 * manage it (/subscribe, where the billing portal or the test-mode cancel button lives).
 */

export type WelcomePlan = {
  interval: (typeof PLAN_INTERVALS)[number];
  amountCents: number;
  currency: string;
  /** Set while the subscription is trialing: the trial ends, and the first charge is made, then. */
  trialEndsAt: Date | null;
};

export type WelcomeContent = WelcomePlan & {
  /** The recipient's language (users.locale, else the site's default). */
  locale: string | null;
  firstName: string | null;
  timeZone: string | null;
  manageUrl: string;
};

/** The site's name is put in by the mailer (lib/mailer.ts, brandEmail): the words name the product. */
const site = PRODUCT_NAME;

/** An amount in minor units as the reader writes money: "$12.00", "12,00 €", "12,00 $". */
export function formatAmount(amountCents: number, currency: string, locale: string): string {
  const upper = currency.toUpperCase();
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: upper }).resolvedOptions()
    .maximumFractionDigits;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: upper }).format(
    amountCents / 10 ** (digits ?? 2),
  );
}

function WelcomeEmail(content: WelcomeContent) {
  const i18n = serverI18n(content.locale);
  const price = formatAmount(content.amountCents, content.currency, i18n.locale);
  const plan = i18n._('email.welcome.plan', { interval: content.interval, price });
  return (
    <EmailFrame preview={i18n._('email.welcome.preview', { site })} lang={i18n.locale}>
      <Heading as="h1" style={{ ...text, fontSize: '22px' }}>
        {i18n._('email.greeting', { name: content.firstName || 'none' })}
      </Heading>
      <Text style={text}>{i18n._('email.welcome.thanks', { site })}</Text>
      <Text style={text}>{plan}</Text>
      {content.trialEndsAt ? (
        <Text style={text}>
          {i18n._('email.welcome.trial', {
            date: formatEmailDateTime(content.trialEndsAt, i18n.locale, content.timeZone),
            price,
          })}
        </Text>
      ) : null}
      <Text style={text}>
        {i18n._('email.welcome.manage')}{' '}
        <Link href={content.manageUrl} style={link}>
          {content.manageUrl}
        </Link>
      </Text>
      <Hr />
      <Text style={muted}>{i18n._('email.welcome.closing')}</Text>
    </EmailFrame>
  );
}

/** The welcome e-mail as HTML and plain text, with its subject, in the member's language. */
export async function renderWelcome(
  content: WelcomeContent,
): Promise<{ subject: string; html: string; text: string }> {
  const i18n = serverI18n(content.locale);
  const element = <WelcomeEmail {...content} />;
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: i18n._('email.welcome.subject', { site }), html, text: plain };
}

/**
 * Sends the welcome e-mail for `subscriptionKey` once, inside the caller's transaction (the one
 * that wrote the subscription): the update below both claims the key and finds whether it was
 * already claimed, and the row lock it takes makes a second, concurrent delivery wait and then
 * find it claimed. The outbox row is written in the same transaction, so a rollback sends nothing.
 */
export async function sendWelcomeOnce(
  tx: Transaction,
  options: { mailer: Mailer; publicUrl: string },
  userId: string,
  subscriptionKey: string,
  plan: WelcomePlan,
): Promise<boolean> {
  const claimed = await tx
    .update(subscriptions)
    .set({ welcomeEmailSentFor: subscriptionKey })
    .where(
      and(
        eq(subscriptions.userId, userId),
        sql`${subscriptions.welcomeEmailSentFor} is distinct from ${subscriptionKey}`,
      ),
    )
    .returning({ userId: subscriptions.userId });
  if (claimed.length === 0) return false;
  const [member] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      locale: recipientLocaleSql(users.locale),
      timeZone: memberTimeZoneSql(users.id),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return false;
  const email = await renderWelcome({
    ...plan,
    locale: member.locale,
    firstName: member.firstName,
    timeZone: member.timeZone,
    manageUrl: signInLink(options.publicUrl, CANCEL_URL_PATH),
  });
  await options.mailer.send({ to: member.email, ...email }, tx);
  return true;
}
