import type { InitialPassword, RegisteredStudent, SchoolImport } from '@flashcards/contract';
import { Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { RestrictedPage } from '../../../components/ui/restricted-page';
import { hasStatus } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useSchoolDetails } from '../api/get-school-details';
import { AddMemberModal } from '../components/add-member-modal';
import { ClassesPanel } from '../components/classes-panel';
import { ImportModal } from '../components/import-modal';
import { ListedSwitch } from '../components/listed-switch';
import { MembersList } from '../components/members-list';
import { PasswordsSheet } from '../components/passwords-sheet';
import { SchoolCard } from '../components/school-card';
import '../school-texts';

/** /my-school: the principal's school and its members; everyone else gets the restricted message. */
export function MySchoolPage() {
  const { t } = useTranslation(['school', 'common']);
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader label={t('common:status.loading')} />;
  // The server refuses the calls too (403); the user's flags tell it without asking.
  if (user.data && !user.data.is_organization_host) return <RestrictedPage text={t('restricted')} />;
  return <MySchool />;
}

function MySchool() {
  const { t } = useTranslation(['school', 'pages']);
  const { number } = useFormatters();
  const school = useSchoolDetails();
  const toast = useSuccessToast();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [sheet, setSheet] = useState<InitialPassword[] | null>(null);

  if (school.isError && hasStatus(school.error, 403)) return <RestrictedPage text={t('restricted')} />;

  const added = (member: RegisteredStudent) => {
    setAdding(false);
    const name = `${member.first_name} ${member.last_name}`.trim() || member.email;
    if (member.initial_password === null) {
      toast(t('add.invited', { name, email: member.email }));
      return;
    }
    toast(t('add.created', { name }));
    setSheet([
      {
        id: member.id,
        email: member.email,
        first_name: member.first_name,
        last_name: member.last_name,
        password: member.initial_password,
      },
    ]);
  };
  const imported = (result: SchoolImport) => {
    setImporting(false);
    toast(t('import.done', { created: number(result.created), invited: number(result.invited) }));
    if (result.initial_passwords.length > 0) setSheet(result.initial_passwords);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('pages:titles.mySchool')}</Title>
        <Group gap="sm">
          <Button leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('add.open')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileImport size={16} aria-hidden="true" />}
            onClick={() => setImporting(true)}
          >
            {t('import.open')}
          </Button>
        </Group>
      </Group>
      <QueryState query={school} loading={<Skeleton h={220} radius="lg" aria-label={t('loading')} />}>
        {(data) => (
          <Stack gap="sm">
            <SchoolCard school={data} />
            <ListedSwitch listed={data.is_listed} />
          </Stack>
        )}
      </QueryState>
      <ClassesPanel />
      <MembersList />
      <AddMemberModal opened={adding} onClose={() => setAdding(false)} onAdded={added} />
      <ImportModal
        opened={importing}
        onClose={() => setImporting(false)}
        freeSeats={school.data?.free_seats ?? 0}
        onImported={imported}
      />
      {sheet && <PasswordsSheet people={sheet} onClose={() => setSheet(null)} />}
    </Stack>
  );
}
