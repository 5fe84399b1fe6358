import { authRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toUserResponse } from './users.presenter';

export const userRouteHandlers = ({ users, storage, ai, clock, entitlements, home }: Services) => {
  const present = async (account: Parameters<typeof users.profile>[0]) => {
    const [{ badges }, usesTeacherTools] = await Promise.all([
      users.profile(account),
      home.usesTeacherTools(account),
    ]);
    return toUserResponse(
      account,
      badges,
      storage,
      {
        usage: users.aiUsage(account),
        quota: ai.quota(account),
      },
      entitlements.isPremium(account, clock.now()),
      users.timeZoneChangeableAt(account),
      usesTeacherTools,
    );
  };
  return [
    route(authRoutes.me, async ({ actor }) => present(actor)),
    route(authRoutes.updateMe, async ({ actor, body }) => present(await users.updateProfile(actor, body))),
    route(authRoutes.uploadAvatar, async ({ actor, body }) =>
      present(await users.uploadAvatar(actor, body.avatar)),
    ),
    route(authRoutes.removeUser, async ({ actor }) => {
      await users.deleteAccount(actor);
      return null;
    }),
  ];
};
