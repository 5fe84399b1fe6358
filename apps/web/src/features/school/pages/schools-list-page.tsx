import type { SchoolListItem } from '@flashcards/contract';
import { Anchor, EmptyState, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { useAddressPage, usePastTheEnd } from '../../../lib/address-page';
import { pageCount } from '../../../lib/deck-keys';
import { useSchoolsList } from '../api/get-schools-list';
import { SchoolLogo } from '../components/school-logo';
import { SchoolName } from '../components/school-name';
import '../school-texts';

/** /schools-list: every school on the platform, 20 a page, for anyone. */
export function SchoolsListPage() {
  const { t } = useTranslation(['school', 'pages']);
  const { page, goTo, toFirst } = useAddressPage();
  const schools = useSchoolsList(page);
  const pastTheEnd = usePastTheEnd(schools, page, toFirst);
  const data = schools.data;
  return (
    <Stack gap="lg">
      <PageHeading title={t('pages:titles.schoolsList')} intro={t('list.intro')} />
      <QueryState
        query={schools}
        waiting={pastTheEnd}
        keepData
        loading={
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-busy="true" aria-label={t('list.loading')}>
            <Skeleton h={140} radius="lg" />
            <Skeleton h={140} radius="lg" />
          </SimpleGrid>
        }
        isEmpty={(page) => page.count === 0}
        empty={
          <EmptyState
            icon={<IconBuildingCommunity size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('list.empty')}
            description={t('list.emptyHint')}
          />
        }
      >
        {(data) => (
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2 }}
            spacing="md"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {data?.results.map((school) => (
              <li key={school.id}>
                <SchoolItem school={school} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <Pager page={page} pages={data ? pageCount(data.count) : 1} onChange={goTo} />
    </Stack>
  );
}

function SchoolItem({ school }: { school: SchoolListItem }) {
  const { t } = useTranslation('school');
  const headingId = useId();
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="md" h="100%">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <SchoolLogo url={school.logo_url} />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <SchoolName school={school} headingId={headingId} />
          {school.description && (
            <Text size="sm" lineClamp={4}>
              {school.description}
            </Text>
          )}
          {school.website && (
            <Anchor
              href={school.website}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
              aria-label={t('list.websiteOf', { name: school.name })}
            >
              {t('list.website')} <IconExternalLink size={14} aria-hidden="true" />
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
