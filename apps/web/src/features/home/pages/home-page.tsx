import { Grid, Stack } from '@mantine/core';
import { DemoCards } from '../components/demo-cards';
import { Hero } from '../components/hero';
import { PublicStats } from '../components/public-stats';

export function HomePage() {
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
