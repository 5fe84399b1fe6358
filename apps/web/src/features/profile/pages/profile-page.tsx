import type { User } from '@flashcards/contract';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconKey, IconMail, IconSchool, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivityChart } from '../../../components/activity/activity-chart';
import { MemoryModelCard } from '../../../components/review/memory-model-card';
import { ReviewDueTotal } from '../../../components/review/review-due-total';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { SectionCard } from '../../../components/ui/section-card';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { planKindOf } from '../../../lib/plan-kind';
import { useSalesShown } from '../../../lib/site';
import { useActivity } from '../api/get-activity';
import { BadgeBoard } from '../components/badge-board';
import { ChangeEmailModal } from '../components/change-email-modal';
import { ChangePasswordModal } from '../components/change-password-modal';
import { DeleteAccountModal } from '../components/delete-account-modal';
import { DetailList } from '../components/detail-list';
import { EditProfileModal } from '../components/edit-profile-modal';
import { GuardianSection } from '../components/guardian-section';
import { LeaveSchoolButton } from '../components/leave-school-button';
import { fullName, ProfileAvatar } from '../components/profile-avatar';
import { SchoolInvitations } from '../components/school-invitations';
import '../../../lib/account-texts';

export function ProfilePage() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile')}</Title>
      <QueryState query={useCurrentUser()} loading={<PageLoader label={t('common:status.loading')} />}>
        {(user) => <Profile user={user} />}
      </QueryState>
    </Stack>
  );
}

/** A member who joined a school with their own account may leave it; the school's own accounts and principals may not. */
export const canLeaveSchool = (user: User) =>
  user.school_id !== null && !user.is_organization_host && !user.auto_school_add;

function Profile({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { date } = useFormatters();
  const [editing, edit] = useDisclosure(false);
  const [changingPassword, changePassword] = useDisclosure(false);
  const [changingEmail, changeEmail] = useDisclosure(false);
  const [deleting, confirmDelete] = useDisclosure(false);
  const activity = useActivity();
  const dateOrNone = (iso: string | null) => (iso && date(iso)) || t('profile.none');
  const orNotGiven = (text: string) => text || t('profile.notGiven');
  const plan = planKindOf(user);
  const planName = t(`profile.plans.${plan === 'free' ? 'none' : plan}`);
  // Where everyone is premium there are no plans or trials to date or buy.
  const sales = useSalesShown();

  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group gap="xl" align="center">
          <ProfileAvatar user={user} />
          <Stack gap={4} style={{ flex: '1 1 240px' }}>
            <Title order={2}>{fullName(user) || user.email}</Title>
            <Text c="dimmed">{user.email}</Text>
            <Group mt="sm">
              <Button leftSection={<IconEdit size={18} aria-hidden="true" />} onClick={edit.open}>
                {t('profile.edit')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconKey size={18} aria-hidden="true" />}
                onClick={changePassword.open}
              >
                {t('profile.changePassword')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconMail size={18} aria-hidden="true" />}
                onClick={changeEmail.open}
              >
                {t('profile.changeEmail')}
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>

      <SchoolInvitations />

      {user.is_student && <GuardianSection user={user} />}

      <SectionCard title={t('activity.title')}>
        <ReviewDueTotal />
        <ActivityChart activity={activity} />
      </SectionCard>

      <SectionCard title={t('badges.title')}>
        <BadgeBoard badges={user.badges} />
      </SectionCard>

      <MemoryModelCard />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {sales && (
          <SectionCard title={t('profile.membership')}>
            <DetailList
              details={[
                { label: t('profile.plan'), value: planName },
                { label: t('profile.trialEnd'), value: dateOrNone(user.trial_end_date) },
                { label: t('profile.subscriptionEnd'), value: dateOrNone(user.subscription_end_date) },
                {
                  label: t('profile.annualSubscriptionEnd'),
                  value: dateOrNone(user.annual_subscription_end_date),
                },
              ]}
            />
            <Anchor component={Link} to={paths.subscriptions} fw={600}>
              {t('profile.subscriptionsLink')}
            </Anchor>
          </SectionCard>
        )}
        <SectionCard title={t('profile.details')}>
          <DetailList
            details={[
              { label: t('profile.region'), value: orNotGiven(user.region) },
              { label: t('profile.municipality'), value: orNotGiven(user.municipality) },
              { label: t('profile.town'), value: orNotGiven(user.town) },
              { label: t('profile.school'), value: orNotGiven(user.school) },
              { label: t('profile.gender'), value: t(`profile.genders.${user.gender ?? 'unset'}`) },
              {
                label: t('profile.dateOfBirth'),
                value: (user.date_of_birth && date(user.date_of_birth)) || t('profile.notGiven'),
              },
            ]}
          />
        </SectionCard>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('profile.people')}>
          <Group gap="lg">
            <Anchor component={Link} to={paths.friends} fw={600}>
              <Group gap={6} wrap="nowrap">
                <IconUsers size={18} aria-hidden="true" />
                {t('profile.friends')}
              </Group>
            </Anchor>
            <Anchor component={Link} to={paths.mySchool} fw={600}>
              <Group gap={6} wrap="nowrap">
                <IconSchool size={18} aria-hidden="true" />
                {t('profile.mySchool')}
              </Group>
            </Anchor>
          </Group>
          {canLeaveSchool(user) && <LeaveSchoolButton />}
        </SectionCard>
        <SectionCard title={t('profile.account')}>
          <Text size="sm">{t('profile.deleteIntro')}</Text>
          <Group>
            <Button
              color="red"
              variant="outline"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={confirmDelete.open}
            >
              {t('profile.delete')}
            </Button>
          </Group>
        </SectionCard>
      </SimpleGrid>

      <EditProfileModal user={user} opened={editing} onClose={edit.close} />
      <ChangePasswordModal opened={changingPassword} onClose={changePassword.close} />
      <ChangeEmailModal opened={changingEmail} onClose={changeEmail.close} />
      <DeleteAccountModal user={user} opened={deleting} onClose={confirmDelete.close} />
    </>
  );
}
