import type { AdminSchool } from '@flashcards/contract';
import { Button, EmptyState, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingCommunity, IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { CardListSkeleton, PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { useConfirm } from '../../../components/ui/use-confirm';
import { pageCount } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useDeleteSchool } from '../api/delete-school';
import { useAdminSchools } from '../api/get-admin-schools';
import { PrincipalsPanel } from '../components/principals-panel';
import { SchoolFormModal } from '../components/school-form-modal';
import { SchoolLogo } from '../components/school-logo';
import { SchoolName } from '../components/school-name';
import { SeatsBar } from '../components/seats-bar';
import '../school-texts';

/** /admin/schools: staff create, change and delete schools and name their principals. */
export function AdminSchoolsPage() {
  const { t } = useTranslation(['school', 'pages', 'cards']);
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const [page, setPage] = useState(1);
  const schools = useAdminSchools(page, search);
  const [editing, setEditing] = useState<AdminSchool | 'new' | null>(null);
  const toast = useSuccessToast();
  const remove = useConfirm(useDeleteSchool(), {
    variables: (item: AdminSchool) => item.id,
    done: (item) => toast(t('admin.deleted', { name: item.name })),
  });
  const data = schools.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={t('pages:titles.adminSchools')} intro={t('admin.intro')} />
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
          {t('admin.create')}
        </Button>
      </Group>
      <TextInput
        label={t('admin.search')}
        type="search"
        value={input}
        onChange={(event) => {
          setInput(event.currentTarget.value);
          setPage(1);
        }}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        maw={420}
      />
      <QueryState
        query={schools}
        keepData
        loading={<CardListSkeleton label={t('admin.loading')} height={160} />}
        isEmpty={(page) => page.count === 0}
        empty={
          search ? (
            <Text c="dimmed">{t('admin.noMatches')}</Text>
          ) : (
            <EmptyState
              icon={<IconBuildingCommunity size={32} aria-hidden="true" />}
              withIndicatorBackground
              title={t('admin.empty')}
              description={t('admin.emptyHint')}
            />
          )
        }
      >
        {(data) => (
          <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {data?.results.map((school) => (
              <li key={school.id}>
                <AdminSchoolCard
                  school={school}
                  onEdit={() => setEditing(school)}
                  onDelete={() => remove.ask(school)}
                />
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
      <Pager page={page} pages={data ? pageCount(data.count) : 1} onChange={setPage} />
      <SchoolFormModal
        opened={editing !== null}
        school={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          toast(t(created ? 'admin.created' : 'admin.saved', { name: saved.name }));
          setEditing(null);
        }}
      />
      <ConfirmModal
        {...remove.dialog}
        title={t('admin.deleteTitle', { name: remove.target?.name ?? '' })}
        confirmLabel={t('admin.deleteConfirm')}
        closeLabel={t('cards:actions.close')}
        danger
      >
        {t('admin.deleteText')}
      </ConfirmModal>
    </Stack>
  );
}

function AdminSchoolCard({
  school,
  onEdit,
  onDelete,
}: {
  school: AdminSchool;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('school');
  const { number, date } = useFormatters();
  const headingId = useId();
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <SchoolLogo url={school.logo_url} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <SchoolName school={school} headingId={headingId} />
              <Text size="xs" c="dimmed">
                {t('admin.createdAt', { date: date(school.created_at) ?? '' })}
              </Text>
            </Stack>
          </Group>
          <Stack gap={4}>
            <SeatsBar used={school.students} total={school.available_students} />
            <Text size="xs" c="dimmed">
              {t('card.teachers', { count: school.teachers, formatted: number(school.teachers) })}
              {' · '}
              {t('card.freeSeats', { count: school.free_seats, formatted: number(school.free_seats) })}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={14} aria-hidden="true" />}
              onClick={onEdit}
              aria-label={t('admin.editNamed', { name: school.name })}
            >
              {t('admin.edit')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              onClick={onDelete}
              aria-label={t('admin.deleteNamed', { name: school.name })}
            >
              {t('admin.delete')}
            </Button>
          </Group>
        </Stack>
        <PrincipalsPanel school={school} />
      </SimpleGrid>
    </Paper>
  );
}
