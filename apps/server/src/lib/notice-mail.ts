import type { Language } from '@flashcards/i18n';
import type { Mail } from './mailer';
import { translate } from './translate';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The HTML page every mail of the app is drawn on: a card of `body` (HTML already escaped) in `language`. */
export const mailPage = (language: Language, body: string) => `<!doctype html>
<html lang="${language}"><body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
${body}</td></tr></table></body></html>`;

/** A mail's button, with the link written out beneath it for mail readers that show no buttons. */
export const mailButton = (label: string, url: string, fallback: string) =>
  `<p style="margin:28px 0"><a href="${escapeHtml(url)}" style="background:#1c64f2;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(fallback)}<br><a href="${escapeHtml(url)}" style="color:#1c64f2;word-break:break-all">${escapeHtml(url)}</a></p>`;

/** The headers of a one-click unsubscription (RFC 8058): `oneClick` takes a POST. */
export const unsubscribeHeaders = (oneClick: string) => ({
  'List-Unsubscribe': `<${oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * A mail with one link (activation, a password reset, a friend request, a category offered), as text and
 * HTML, in the receiver's language: `email:<kind>.subject`, `.body` and `.action`, with the values
 * interpolated (a `count` picks the body's plural form). `unasked` adds the line for people who did not
 * ask for it; `list` adds lines after the body (a digest's notices). The subject is the template's alone:
 * values people chose (names, category names) go in the body, never in the subject, so nobody can make
 * the app send a subject of their own. `unsubscribe` ends the mail with a link to its opt-in's page and
 * gives it the one-click `List-Unsubscribe` headers of RFC 8058 (`oneClick` takes a POST).
 */
export const noticeMail = (
  language: Language,
  kind: string,
  values: Record<string, string | number> & { to: string; url: string },
  {
    unasked = false,
    list = [],
    unsubscribe,
  }: { unasked?: boolean; list?: string[]; unsubscribe?: { page: string; oneClick: string } } = {},
): Mail => {
  const t = (key: string) => translate(language, `email:${key}`, values);
  const lines = [
    t('greeting'),
    '',
    t(`${kind}.body`),
    ...(list.length > 0 ? ['', ...list.map((line) => `- ${line}`)] : []),
    '',
    `${t(`${kind}.action`)}: ${values.url}`,
    '',
    ...(unasked ? [t('ignore'), ''] : []),
    t('signature'),
    ...(unsubscribe ? ['', `${t('unsubscribe')}: ${unsubscribe.page}`] : []),
  ];
  const html = mailPage(
    language,
    `<p style="font-size:16px">${escapeHtml(t('greeting'))}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(t(`${kind}.body`))}</p>
${list.length > 0 ? `<ul style="font-size:16px;line-height:1.5">${list.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>\n` : ''}${mailButton(t(`${kind}.action`), values.url, t('link_fallback'))}
${unasked ? `<p style="font-size:13px;color:#4b5563">${escapeHtml(t('ignore'))}</p>\n` : ''}<p style="font-size:14px">${escapeHtml(t('signature'))}</p>
${unsubscribe ? `<p style="font-size:12px;color:#4b5563"><a href="${escapeHtml(unsubscribe.page)}" style="color:#4b5563">${escapeHtml(t('unsubscribe'))}</a></p>\n` : ''}`,
  );
  // Only the site's own name is interpolated into a subject (its templates name no other value).
  const subject = translate(language, `email:${kind}.subject`, { site: values.site });
  return {
    to: values.to,
    subject,
    text: lines.join('\n'),
    html,
    ...(unsubscribe ? { headers: unsubscribeHeaders(unsubscribe.oneClick) } : {}),
  };
};
