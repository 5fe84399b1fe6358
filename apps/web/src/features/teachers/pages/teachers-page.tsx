import bgTeachers from '@flashcards/i18n/locales/bg/teachers.json';
import enTeachers from '@flashcards/i18n/locales/en/teachers.json';
import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteVideos } from '../../../components/ui/site-videos';
import { addTexts } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { type TeachersSection, teachersContentSchema, teachersKeys } from '../teachers-content';

// The long texts come with this page rather than with the app.
addTexts('teachers', { en: enTeachers, bg: bgTeachers });

const subjects = ['language', 'science'] as const;

/** The landing page for language and science teachers, with their videos from the site data. */
export function TeachersPage() {
  const { t } = useTranslation(['pages', 'common']);
  const { t: tTeachers } = useTranslation('teachers');
  // Key by key, so that each part falls back to English on its own while the texts are being written.
  const content = teachersContentSchema.parse(
    Object.fromEntries(
      teachersKeys.map((key) => [key, tTeachers(key, { returnObjects: true, defaultValue: '' })]),
    ),
  );
  return (
    <Stack gap={40} py="md">
      <Stack gap="sm">
        <Title order={1}>{content.title || t('titles.teachers')}</Title>
        {content.intro && <Text size="lg">{content.intro}</Text>}
      </Stack>
      {subjects.map((subject) => (
        <SubjectSection key={subject} subject={subject} section={content[subject]} />
      ))}
      {content.cta && (
        <Paper withBorder radius="lg" p="lg" shadow="sm">
          <Group justify="space-between" gap="md">
            <Text size="lg" fw={600}>
              {content.cta}
            </Text>
            <Button component={Link} to={paths.signup} size="md">
              {t('common:actions.startFree')}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

function SubjectSection({
  subject,
  section,
}: {
  subject: (typeof subjects)[number];
  section: TeachersSection;
}) {
  const { t } = useTranslation('pages');
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={section.title ? headingId : undefined} gap="md">
      {section.title && (
        <Title order={2} id={headingId}>
          {section.title}
        </Title>
      )}
      {section.text && <Text>{section.text}</Text>}
      {section.points.length > 0 && (
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" aria-hidden="true">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {section.points.map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
      )}
      <Title order={3} size="h4">
        {t('teachers.videos')}
      </Title>
      <SiteVideos select={(site) => site.teacher_videos[subject]} />
    </Stack>
  );
}
