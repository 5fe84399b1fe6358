import { Grid, Stack } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { isLeaving, useIsSignedIn } from '../../../lib/session';
import { DemoCards } from '../components/demo-cards';
import { Hero } from '../components/hero';
import { PublicStats } from '../components/public-stats';

/** The visitors' home; a signed-in person has a home of their own. */
export function HomePage() {
  const signedIn = useIsSignedIn();
  const { state } = useLocation();
  if (signedIn && !isLeaving(state)) return <Navigate to={paths.myHome} replace />;
  return (
    <Stack gap={48} py="md">
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Hero />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PublicStats />
        </Grid.Col>
      </Grid>
      <DemoCards />
    </Stack>
  );
}
