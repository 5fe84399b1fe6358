import type { SchoolTest } from '@flashcards/contract';
import { Button, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { QueryState } from '../../../components/ui/query-state';
import { useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useColleagues, useCopyTestToColleague } from '../api/results';
import '../../../lib/results-texts';

/** Opens the test as a printable paper with its answer key. */
export function PrintTestButton({ test }: { test: { id: number } }) {
  const { t } = useTranslation('results');
  return (
    <Button
      variant="default"
      component={Link}
      to={generatePath(paths.schoolTestPrint, { schoolTestId: String(test.id) })}
      leftSection={<IconPrinter size={18} aria-hidden="true" />}
    >
      {t('paper.print')}
    </Button>
  );
}

/**
 * Copies a test to a teacher or principal of my school, picked from a list: the copy becomes theirs.
 * Focus starts in the picker; Escape and Cancel close without copying.
 */
export function CopyToColleagueModal({ test, onClose }: { test: SchoolTest | null; onClose: () => void }) {
  const { t } = useTranslation('results');
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const colleagues = useColleagues(test !== null);
  const copy = useCopyTestToColleague();
  const [chosen, setChosen] = useState<string | null>(null);

  const close = () => {
    setChosen(null);
    copy.reset();
    onClose();
  };
  const confirm = () => {
    if (!test || chosen === null) return;
    const colleague = colleagues.data?.find((person) => String(person.id) === chosen);
    copy.mutate(
      { id: test.id, colleague: Number(chosen) },
      {
        onSuccess: () => {
          toast(t('colleague.done', { name: test.name, colleague: colleague ? personName(colleague) : '' }));
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={test !== null}
      onClose={close}
      title={test ? t('colleague.title', { name: test.name }) : ''}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('colleague.cancel') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('colleague.text')}</Text>
        <QueryState
          query={colleagues}
          loading={<Skeleton h={36} aria-label={t('colleague.loading')} />}
          isEmpty={(data) => data.length === 0}
          empty={
            <Text size="sm" c="dimmed">
              {t('colleague.none')}
            </Text>
          }
        >
          {(data) => (
            <Select
              label={t('colleague.label')}
              placeholder={t('colleague.placeholder')}
              data={data.map((person) => ({
                value: String(person.id),
                label: person.is_principal
                  ? t('colleague.principal', { name: personName(person) })
                  : personName(person),
              }))}
              value={chosen}
              onChange={setChosen}
              searchable
              data-autofocus
            />
          )}
        </QueryState>
        <FormError>{copy.isError ? errorMessage(copy.error) : null}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('colleague.cancel')}
          </Button>
          <Button onClick={confirm} disabled={chosen === null} loading={copy.isPending}>
            {t('colleague.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
