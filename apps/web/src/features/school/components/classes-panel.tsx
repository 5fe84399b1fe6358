import type { SchoolClass } from '@flashcards/contract';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { QueryState } from '../../../components/ui/query-state';
import { useConfirm } from '../../../components/ui/use-confirm';
import { useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCreateClass, useDeleteClass, useRenameClass, useSchoolClasses } from '../api/classes';

/** The school's classes (principals): create, rename, delete, and each class's page. */
export function ClassesPanel() {
  const { t } = useTranslation(['school', 'cards']);
  const headingId = useId();
  const classes = useSchoolClasses();
  const create = useCreateClass();
  const remove = useDeleteClass();
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const [name, setName] = useState('');
  const [year, setYear] = useState('');
  const [renaming, setRenaming] = useState<SchoolClass | null>(null);
  const deleting = useConfirm(remove, {
    variables: (item: SchoolClass) => item.id,
    done: (item) => toast(t('classes.deleted', { name: item.name })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), school_year: year.trim() || undefined },
      {
        onSuccess: (created) => {
          toast(t('classes.created', { name: created.name }));
          setName('');
        },
      },
    );
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {t('classes.heading')}
      </Title>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('classes.name')}
            placeholder="7А"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            style={{ flex: '1 1 140px' }}
          />
          <TextInput
            label={t('classes.year')}
            description={t('classes.yearHint')}
            placeholder="2026/2027"
            value={year}
            onChange={(event) => setYear(event.currentTarget.value)}
            style={{ flex: '1 1 140px' }}
          />
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconPlus size={16} aria-hidden="true" />}
          >
            {t('classes.create')}
          </Button>
        </Group>
        {create.isError && (
          <Text size="sm" c="red.8" mt="xs" role="alert">
            {errorMessage(create.error)}
          </Text>
        )}
      </form>
      <QueryState query={classes} loading={<Text c="dimmed">{t('classes.loading')}</Text>}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('classes.empty')}</Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {list.map((item) => (
                <li key={item.id}>
                  <ClassRow
                    item={item}
                    onRename={() => setRenaming(item)}
                    onDelete={() => deleting.ask(item)}
                  />
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
      {renaming && <RenameModal item={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmModal
        {...deleting.dialog}
        title={t('classes.deleteTitle', { name: deleting.target?.name ?? '' })}
        confirmLabel={t('classes.delete')}
        closeLabel={t('cards:actions.close')}
        danger
      >
        {t('classes.deleteText')}
      </ConfirmModal>
    </Stack>
  );
}

/** One class: a link to its page, its year and members, and what the principal can do with it. */
export function ClassRow({
  item,
  onRename,
  onDelete,
  extra,
}: {
  item: SchoolClass;
  onRename?: () => void;
  onDelete?: () => void;
  extra?: string;
}) {
  const { t } = useTranslation('school');
  const { number } = useFormatters();
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={generatePath(paths.schoolClass, { classId: String(item.id) })}
            fw={600}
          >
            {t('classes.title', { name: item.name, year: item.school_year })}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('classes.counts', {
              students: number(item.students),
              teachers: number(item.teachers),
              count: item.students,
            })}
            {item.class_teacher ? ` · ${t('classes.classTeacherIs', { name: item.class_teacher })}` : ''}
            {extra ? ` · ${extra}` : ''}
          </Text>
        </Stack>
        {(onRename || onDelete) && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={onRename}
              aria-label={t('classes.rename', { name: item.name })}
            >
              <IconPencil size={18} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onDelete}
              aria-label={t('classes.deleteOne', { name: item.name })}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

function RenameModal({ item, onClose }: { item: SchoolClass; onClose: () => void }) {
  const { t } = useTranslation(['school', 'cards']);
  const rename = useRenameClass();
  const errorMessage = useErrorMessage();
  const [name, setName] = useState(item.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ id: item.id, name: name.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={t('classes.renameTitle', { name: item.name })}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={t('classes.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            data-autofocus
            error={rename.isError ? errorMessage(rename.error) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cards:actions.close')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('classes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
