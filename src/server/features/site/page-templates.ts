import type { SitePages } from '@shared/schemas/site-pages.ts';

/**
 * The starting texts a new site shows until its admin writes its own (docs/product.md, "Pages a
 * business needs"). They say plainly what this software stores and what it does not; the parts
 * only the operator can know (their name, address, law) are marked for them to fill in. Keep the
 * privacy template true when a feature starts storing something new.
 */

const PRIVACY = `This page explains what this site stores about you and why. *The site's owner should read it, complete the parts in square brackets and adjust it to the law that applies to them.*

# Who is responsible

[Your name or business name, postal address and e-mail address.]

# What we store

- **Your account:** your name, your e-mail address and your password (stored only as a one-way hash), and your profile picture if you add one.
- **Your practice:** the sessions you play and how many minutes you practise, any note you add for your own journal after a session (only you see it), your favourites and playlists, so that you can see your progress.
- **Your questionnaire answers:** the answers and scores of the wellbeing questionnaire you choose to take, so that you can follow how you feel over time. The teacher sees only counts, never your individual answers.
- **Your e-mail preferences:** whether you want the weekly digest, the teacher's newsletters and notifications, and a record of the messages we sent you.
- **What you write in the community:** your posts, comments and reactions.
- **Your subscription:** its plan and status. Card details are entered on the payment provider's page and never reach this site.

# What we do not do

- No tracking pixels and no open or click tracking in our e-mails.
- No third-party analytics, no advertising and no selling of your data.
- Only the cookies the site needs to keep you signed in.

# Who else processes your data

- [The payment provider, for example Stripe, for subscriptions.]
- [The e-mail service that delivers our messages.]
- [The host of this site and its backups.]

# Your choices and rights

You can change your e-mail preferences in Settings, download your data and delete your account from Account at any time. Deleting your account removes your data; backups are kept for [number] days. For any question, write to [contact e-mail].
`;

const TERMS = `*The site's owner should replace this template with their own terms.*

# The service

[Your name or business name] offers guided practices, courses and a community on this site. Free members can use the free practices; a subscription gives access to everything.

# Your account

Keep your password to yourself. You are responsible for what is posted from your account. Be kind in the community; posts that break its rules can be removed.

# Subscriptions

A subscription renews until you cancel it. You can cancel at any time from Account; access continues until the end of the paid period. [Refunds, withdrawal rights and prices including tax, as your law requires.]

# Not medical advice

The practices support wellbeing. They are not medical or psychological treatment. If you are in crisis, please contact a local helpline or emergency service.

# Changes

We will tell members by e-mail before these terms change.
`;

const IMPRINT = `*The site's owner should fill in the details below.*

[Your name or business name]
[Postal address]
[E-mail address] · [Phone number]

[Business registration and VAT number, if any.]
`;

const ABOUT = `*The site's owner should tell visitors here who they are and what the site offers.*

[Who teaches here, how you came to this practice, and what members will find.]
`;

const FAQ = `# How do I cancel my subscription?

Open Account, then Manage subscription. Your access continues until the end of the period you paid for.

# How do I stop the e-mails?

Open Settings and switch off the e-mails you do not want. Every e-mail also has a link to stop it.

# Can I practise offline?

Premium members can download audio sessions from their page in the library and play them without a connection.

# How do I delete my account?

Open Account and choose Delete account. Your data is removed.
`;

export const DEFAULT_SITE_PAGES: SitePages = {
  privacy: PRIVACY,
  terms: TERMS,
  imprint: IMPRINT,
  about: ABOUT,
  faq: FAQ,
  contactEmail: '',
  helplines: [],
};
