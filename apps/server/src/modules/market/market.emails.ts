import type { Language } from '@flashcards/i18n';
import type { Mail } from '../../lib/mailer';
import { translate } from '../../lib/translate';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export type ReviewOutcome = 'approved' | 'rejected' | 'withdrawn';

/** The author's mail about the review of their catalog category, in their language. */
export const reviewMail = (
  language: Language,
  outcome: ReviewOutcome,
  values: { to: string; name: string; category: string; reason: string; url: string; site: string },
): Mail => {
  const t = (key: string) => translate(language, `email:${key}`, values);
  const body = t(`market_${outcome}.body`);
  const reason = outcome === 'approved' ? '' : `${t('market_reason')}: ${values.reason}`;
  const lines = [
    t('greeting'),
    '',
    body,
    ...(reason ? ['', reason] : []),
    '',
    values.url,
    '',
    t('signature'),
  ];
  const html = `<!doctype html>
<html lang="${language}"><body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:16px">${escapeHtml(t('greeting'))}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(body)}</p>
${reason ? `<p style="font-size:16px;line-height:1.5;background:#fef3c7;padding:12px;border-radius:8px">${escapeHtml(reason)}</p>` : ''}
<p><a href="${escapeHtml(values.url)}" style="color:#1c64f2">${escapeHtml(values.url)}</a></p>
<p style="font-size:14px">${escapeHtml(t('signature'))}</p>
</td></tr></table></body></html>`;
  // The category's name is the author's text: it goes in the body, the subject is the template's.
  const subject = translate(language, `email:market_${outcome}.subject`, { site: values.site });
  return { to: values.to, subject, text: lines.join('\n'), html };
};
