import { Progress } from '@mantine/core';
import { useNavigation } from 'react-router';

/** While the next page's code is on its way, a thin bar along the top; the current page stays until then. */
export function NavigationProgress() {
  if (useNavigation().state !== 'loading') return null;
  return (
    <Progress
      value={100}
      animated
      size={3}
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 'var(--mantine-z-index-max)' }}
      aria-hidden="true"
    />
  );
}
