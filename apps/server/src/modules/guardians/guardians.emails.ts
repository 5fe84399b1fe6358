import type { Language } from '@flashcards/i18n';
import type { Mail } from '../../lib/mailer';
import { escapeHtml, mailButton, mailPage, unsubscribeHeaders } from '../../lib/notice-mail';
import { translate } from '../../lib/translate';

/** A part of a guardian's mail: a heading and its lines. */
export type MailSection = { title: string; lines: string[] };

/** Where a guardian's mail leads: its button, and the one-click unsubscription (page and mail-client URL). */
export type GuardianLinks = {
  action?: { label: string; url: string };
  unsubscribe?: { page: string; oneClick: string };
};

/**
 * A mail to a guardian, who has no account and no name with us: `email:<kind>.subject` and `.body` with
 * the values, then the sections, a button, and (for a guardian who gets summaries) the unsubscribe link
 * with the `List-Unsubscribe` headers of a one-click unsubscription (RFC 8058). Text and HTML alike; the
 * subject is the template's alone (docs/design.md "Mails to other people").
 */
export const guardianMail = (
  language: Language,
  kind: string,
  values: Record<string, string | number> & { to: string; site: string },
  sections: MailSection[],
  links: GuardianLinks,
): Mail => {
  const t = (key: string, more: Record<string, string | number> = {}) =>
    translate(language, `email:${key}`, { ...values, ...more });
  const { action, unsubscribe } = links;
  const text = [
    t('guardian.greeting'),
    '',
    t(`${kind}.body`),
    ...sections.flatMap((section) => ['', section.title, ...section.lines.map((line) => `- ${line}`)]),
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    ...(unsubscribe
      ? ['', `${t('guardian.unsubscribe_line')}: ${unsubscribe.page}`]
      : ['', t('guardian.ignore')]),
    '',
    t('signature'),
  ].join('\n');
  const html = mailPage(
    language,
    `<p style="font-size:16px">${escapeHtml(t('guardian.greeting'))}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(t(`${kind}.body`))}</p>
${sections
  .map(
    (section) =>
      `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(section.title)}</h2>\n<ul style="font-size:15px;line-height:1.5;margin:0;padding-left:20px">${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
  )
  .join('\n')}
${action ? mailButton(action.label, action.url, t('link_fallback')) : ''}
${
  unsubscribe
    ? `<p style="font-size:13px;color:#4b5563;margin-top:28px">${escapeHtml(t('guardian.unsubscribe_why'))} <a href="${escapeHtml(unsubscribe.page)}" style="color:#1c64f2">${escapeHtml(t('guardian.unsubscribe_line'))}</a></p>`
    : `<p style="font-size:13px;color:#4b5563">${escapeHtml(t('guardian.ignore'))}</p>`
}
<p style="font-size:14px">${escapeHtml(t('signature'))}</p>
`,
  );
  return {
    to: values.to,
    subject: translate(language, `email:${kind}.subject`, { site: values.site }),
    text,
    html,
    ...(unsubscribe ? { headers: unsubscribeHeaders(unsubscribe.oneClick) } : {}),
  };
};
