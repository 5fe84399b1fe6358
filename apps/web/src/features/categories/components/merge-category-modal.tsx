import type { Category } from '@flashcards/contract';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { QueryState } from '../../../components/ui/query-state';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useAllCategories } from '../api/get-all-categories';
import type { CategoryList } from '../api/get-categories';
import { useMergeCategory } from '../api/merge-category';

/** Moves the cards of another category of the same type into this one; the other one is deleted. */
export function MergeCategoryModal({
  list,
  category,
  opened,
  onClose,
}: {
  list: CategoryList;
  category: Category | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cards');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('merge.title')}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened && category && <MergeForm list={list} parent={category} onDone={onClose} />}
    </Modal>
  );
}

function MergeForm({ list, parent, onDone }: { list: CategoryList; parent: Category; onDone: () => void }) {
  const { t } = useTranslation(['cards', 'common']);
  const all = useAllCategories(list);
  const merge = useMergeCategory();
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const [childId, setChildId] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const picker = useRef<HTMLInputElement>(null);
  // The dialog opens while the choices load: the picker takes the focus once it is there.
  const loaded = all.isSuccess;
  useEffect(() => {
    if (loaded) picker.current?.focus();
  }, [loaded]);

  const choices = (all.data ?? []).filter(
    (other) => other.id !== parent.id && other.type_of_cards === parent.type_of_cards,
  );
  const child = choices.find((other) => String(other.id) === childId);

  const submit = () => {
    if (!child) {
      setFieldError(t('merge.chooseFirst'));
      return;
    }
    merge.mutate(
      { parentId: parent.id, childId: child.id },
      {
        onSuccess: () => {
          toast(t('merge.done', { child: child.name, parent: parent.name }));
          onDone();
        },
        onError: (error) => setFieldError(fieldErrorsOf(error).child_category_id),
      },
    );
  };

  return (
    <QueryState query={all} loading={<Loader aria-label={t('common:status.loading')} />}>
      {() => (
        <Stack gap="md">
          <Text>{t('merge.intro', { name: parent.name })}</Text>
          {choices.length === 0 ? (
            <Text c="dimmed">{t('merge.none')}</Text>
          ) : (
            <>
              <Select
                label={t('merge.child')}
                placeholder={t('merge.childPlaceholder')}
                data={choices.map((other) => ({
                  value: String(other.id),
                  label: `${other.name} (${t('counts.cards', { count: other.cards_len })})`,
                }))}
                value={childId}
                onChange={(value) => {
                  setChildId(value);
                  setFieldError(undefined);
                }}
                searchable
                nothingFoundMessage={t('merge.nothingFound')}
                error={fieldError}
                ref={picker}
                data-autofocus
              />
              <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
                {child
                  ? t('merge.warningNamed', { child: child.name, parent: parent.name })
                  : t('merge.warning')}
              </Alert>
            </>
          )}
          <FormError>
            {merge.isError && !fieldErrorsOf(merge.error).child_category_id
              ? errorMessage(merge.error)
              : null}
          </FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common:actions.cancel')}
            </Button>
            {choices.length > 0 && (
              <Button color="red" onClick={submit} loading={merge.isPending}>
                {t('merge.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </QueryState>
  );
}
