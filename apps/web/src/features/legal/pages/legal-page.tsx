import bgLegal from '@flashcards/i18n/locales/bg/legal.json';
import enLegal from '@flashcards/i18n/locales/en/legal.json';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { addTexts } from '../../../lib/i18n';
import type { PageTitleKey } from '../../../lib/page-title';
import { type LegalDocumentName, legalDocumentSchema } from '../legal-document';

// The long texts come with this page rather than with the app.
addTexts('legal', { en: enLegal, bg: bgLegal });

const pageTitles = {
  terms: 'termsOfUsage',
  privacy: 'privacyPolicy',
  cookies: 'cookiesPolicy',
  affiliates: 'affiliatesRules',
} as const satisfies Record<LegalDocumentName, PageTitleKey>;

/** A legal text from the `legal` locale namespace, in the interface language. */
export function LegalPage({ document }: { document: LegalDocumentName }) {
  const { t } = useTranslation('pages');
  const { t: tLegal } = useTranslation('legal');
  const { date } = useFormatters();
  const { title, updated, intro, sections } = legalDocumentSchema.parse(
    tLegal(document, { returnObjects: true }),
  );
  const updatedOn = updated ? date(updated) : null;
  return (
    <Paper component="article" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={820} mx="auto">
      <Stack gap="md">
        <Title order={1}>{title || t(`titles.${pageTitles[document]}`)}</Title>
        {updatedOn && (
          <Text size="sm" c="dimmed">
            {t('legal.updated', { date: updatedOn })}
          </Text>
        )}
        {intro && <Text size="lg">{intro}</Text>}
        {!intro && sections.length === 0 && <Text size="lg">{t('legal.empty')}</Text>}
        {sections.map(({ id, heading, paragraphs }) => (
          <Stack key={id} component="section" gap="xs" aria-labelledby={heading ? id : undefined}>
            {heading && (
              <Title order={2} size="h3" id={id}>
                {heading}
              </Title>
            )}
            {paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
