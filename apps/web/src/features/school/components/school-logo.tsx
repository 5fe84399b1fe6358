import { Avatar } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';

/** A school's logo, or a placeholder icon when it has none. Decorative: the school's name is beside it. */
export function SchoolLogo({ url, size = 64 }: { url: string | null; size?: number }) {
  return (
    <Avatar
      src={url}
      alt=""
      size={size}
      radius="md"
      color="indigo"
      variant="light"
      styles={{ image: { objectFit: 'contain' } }}
    >
      <IconBuildingCommunity size={size * 0.55} aria-hidden="true" />
    </Avatar>
  );
}
