import { Alert, Button, Group, Select, Stack, Title } from '@mantine/core';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { localToday } from '../../../lib/calendar-day';
import { useClassChoices } from '../../../lib/class-choices';
import { useFormatters } from '../../../lib/format';
import { useGroups } from '../api/assign-options';
import { useCreateAssignment } from '../api/assignments';
import { draftRowProblem, fieldsToBody } from '../draft-paths';
import { defaultFields, type FieldsDraft, PathFieldsForm } from './path-fields-form';

export type AssignmentTargetKind = 'class' | 'group';

/** The classes (the teacher's, or the school's for its principal) or my groups, as choices. */
function useTargetChoices(kind: AssignmentTargetKind) {
  const { t } = useTranslation('paths');
  const classes = useClassChoices();
  const groups = useGroups();
  if (kind === 'class')
    return {
      loading: classes.isPending,
      data: (classes.data ?? []).map((schoolClass) => ({
        value: String(schoolClass.id),
        label: t('target.classOption', {
          name: schoolClass.name,
          year: schoolClass.school_year,
          count: schoolClass.students,
        }),
      })),
    };
  return {
    loading: groups.isPending,
    data: (groups.data ?? []).map((group) => ({
      value: String(group.id),
      label: t('students.groupOption', { name: group.name, count: group.members_count }),
    })),
  };
}

/**
 * Giving one path to a class or a group: its students now get it, and whoever joins later while it runs.
 */
export function TargetAssignmentForm({ kind, onClose }: { kind: AssignmentTargetKind; onClose: () => void }) {
  const { t } = useTranslation('paths');
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const create = useCreateAssignment();
  const choices = useTargetChoices(kind);
  const [target, setTarget] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldsDraft>(() => defaultFields(localToday()));
  const category = fields.category;
  const problem = category ? draftRowProblem({ ...fields, category }) : 'category';

  const submit = () => {
    if (!category || problem || !target) return;
    create.mutate({
      ...fieldsToBody({ ...fields, category }),
      ...(kind === 'class' ? { school_class: Number(target) } : { user_group: Number(target) }),
    });
  };

  if (create.data)
    return (
      <Stack gap="md">
        <Alert
          color="teal"
          variant="light"
          icon={<IconCheck aria-hidden="true" />}
          title={t('target.doneTitle')}
        >
          {t('target.done', {
            target: create.data.target.name,
            count: create.data.students_count,
            formatted: number(create.data.students_count),
          })}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Select
        label={t(`target.${kind}`)}
        placeholder={choices.loading ? t('target.loading') : t(`target.${kind}Placeholder`)}
        nothingFoundMessage={t(`target.${kind}None`)}
        data={choices.data}
        value={target}
        onChange={setTarget}
        description={t('target.follows')}
        required
      />
      <Title order={2} size="h4">
        {t('create.pathHeading')}
      </Title>
      <PathFieldsForm value={fields} onChange={(next) => setFields((current) => ({ ...current, ...next }))} />
      <FormError>{create.isError ? errorMessage(create.error) : null}</FormError>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button
          leftSection={<IconSend size={18} aria-hidden="true" />}
          onClick={submit}
          loading={create.isPending}
          disabled={problem !== null || target === null}
        >
          {t(`target.submit.${kind}`)}
        </Button>
      </Group>
    </Stack>
  );
}
