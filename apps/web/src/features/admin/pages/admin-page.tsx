import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconBuildingCommunity, IconCash, IconListCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

const sections = [
  { key: 'moderation', icon: IconListCheck, to: paths.adminMarket },
  { key: 'schools', icon: IconBuildingCommunity, to: paths.adminSchools },
  { key: 'payouts', icon: IconCash, to: paths.adminPayouts },
] as const;

/** The staff's landing page: their tools, each with what it is for. */
export function AdminPage() {
  const { t } = useTranslation('pages');
  return (
    <Stack gap="lg" py="md">
      <Stack gap="sm">
        <Title order={1}>{t('titles.admin')}</Title>
        <Text size="lg">{t('admin.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {sections.map(({ key, icon, to }) => (
          <AdminSection key={key} section={key} icon={icon} to={to} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function AdminSection({
  section,
  icon: SectionIcon,
  to,
}: {
  section: (typeof sections)[number]['key'];
  icon: Icon;
  /** The tool's page. */
  to: string;
}) {
  const { t } = useTranslation('pages');
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
            <SectionIcon size={24} />
          </ThemeIcon>
        </Group>
        <Title order={2} size="h4" id={headingId}>
          {t(`admin.${section}.title`)}
        </Title>
        <Text c="dimmed">{t(`admin.${section}.text`)}</Text>
        <Button component={Link} to={to} variant="light" mt="auto" w="fit-content">
          {t(`admin.${section}.open`)}
        </Button>
      </Stack>
    </Paper>
  );
}
