import { MARKET_REASON_MAX_LENGTH } from '@flashcards/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import '../../../lib/market-texts';

/**
 * Asks for a reason before an action that needs one (a report, a rejection, a withdrawal): the reason is
 * required; focus starts in it, and Escape or Cancel closes the dialog.
 */
export function ReasonModal({
  opened,
  onClose,
  onSubmit,
  title,
  intro,
  submitLabel,
  loading = false,
  error,
  danger = false,
}: {
  opened: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
  title: string;
  intro: ReactNode;
  submitLabel: string;
  loading?: boolean;
  error?: string | null;
  danger?: boolean;
}) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {/* Mounted per opening, so the reason starts empty. */}
      {opened && (
        <ReasonForm
          intro={intro}
          submitLabel={submitLabel}
          loading={loading}
          error={error}
          danger={danger}
          onSubmit={onSubmit}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

function ReasonForm({
  intro,
  submitLabel,
  loading,
  error,
  danger,
  onSubmit,
  onCancel,
}: {
  intro: ReactNode;
  submitLabel: string;
  loading: boolean;
  error?: string | null;
  danger: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['market', 'common']);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setMissing(true);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    onSubmit(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {typeof intro === 'string' ? <Text>{intro}</Text> : intro}
        <Textarea
          label={t('moderation.reason')}
          required
          data-autofocus
          rows={4}
          resize="vertical"
          maxLength={MARKET_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (missing) setMissing(false);
          }}
          error={missing ? t('common:validation.required') : undefined}
          aria-invalid={missing || undefined}
        />
        <FormError>{error}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined} loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
