import type { Category } from '@flashcards/contract';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconRefreshDot } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { QueryState } from '../../../components/ui/query-state';
import { useErrorMessage } from '../../../lib/api-errors';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useAdoptedUpdate, useApplyAdoptedUpdate } from '../api/owner-actions';
import '../../../lib/market-texts';
import { ChangesView } from './changes-view';

/**
 * On an adopted copy whose catalog category has a newer approved version: a notice that opens the changes
 * and applies them after the reader has seen them.
 */
export function UpdateNotice({ category }: { category: Category }) {
  const { t } = useTranslation('market');
  const [open, setOpen] = useState(false);
  // Stays while its dialog is open: applying the update clears the flag before the dialog says so.
  if (!open && (category.adopted_from === null || !category.market_update_available)) return null;
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconRefreshDot aria-hidden="true" />}
      title={t('update.title')}
      role="status"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('update.text', { name: category.name })}</Text>
        <Button size="xs" onClick={() => setOpen(true)}>
          {t('update.review')}
        </Button>
      </Stack>
      <UpdateModal category={category} opened={open} onClose={() => setOpen(false)} />
    </Alert>
  );
}

function UpdateModal({
  category,
  opened,
  onClose,
}: {
  category: Category;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['market', 'common']);
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const update = useAdoptedUpdate(category.id, opened);
  const apply = useApplyAdoptedUpdate();
  const changes = update.data?.available ? update.data.changes : null;

  const body = (
    <QueryState
      query={update}
      loading={
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('update.loading')}</Text>
        </Group>
      }
      isEmpty={(answer) => !answer.available}
      empty={<Text>{t('update.gone')}</Text>}
    >
      {() => (
        <Stack gap="md">
          <Text>{t('update.intro')}</Text>
          {changes && <ChangesView changes={changes} />}
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('update.modalTitle')}
      size="xl"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md" aria-busy={update.isPending || apply.isPending || undefined}>
        {body}
        <FormError>{apply.isError ? errorMessage(apply.error) : null}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          {update.data?.available && (
            <Button
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(category.id, {
                  onSuccess: () => {
                    toast(t('update.applied', { name: category.name }));
                    onClose();
                  },
                })
              }
            >
              {t('update.apply')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
