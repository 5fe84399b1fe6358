import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { useMyClasses } from '../api/classes';
import { ClassRow } from '../components/classes-panel';
import '../school-texts';

/** /my-classes: the classes the teacher teaches, each leading to its members. */
export function MyClassesPage() {
  const { t } = useTranslation(['school', 'pages']);
  const classes = useMyClasses();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages:titles.myClasses')}</Title>
      <QueryState query={classes} loading={<PageLoader label={t('classes.loading')} />}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('classes.noneTaught')}</Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {list.map((item) => (
                <li key={item.id}>
                  <ClassRow item={item} extra={t(`classes.roles.${item.role}`)} />
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
