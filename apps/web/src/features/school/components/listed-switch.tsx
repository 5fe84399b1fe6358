import { Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/api-errors';
import { useSetSchoolListed } from '../api/get-school-details';

/** Whether the school appears on the public list of schools: its principal's choice, saved at once. */
export function ListedSwitch({ listed }: { listed: boolean }) {
  const { t } = useTranslation('school');
  const errorMessage = useErrorMessage();
  const change = useSetSchoolListed();
  return (
    <>
      <Switch
        label={t('listed.label')}
        description={t('listed.hint')}
        checked={change.isPending ? change.variables : listed}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
      />
      {change.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(change.error)}
        </Text>
      )}
    </>
  );
}
