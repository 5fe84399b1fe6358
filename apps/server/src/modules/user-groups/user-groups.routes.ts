import { userGroupRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { toGroupMember } from '../../lib/people';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import type { GroupRow, MemberRow } from './user-groups.repository';

type MemberLike = Omit<MemberRow, 'groupId'>;

export const userGroupRouteHandlers = ({ userGroups, storage }: Services) => {
  const group = ({ group, members }: { group: GroupRow; members: MemberLike[] }) => {
    const shown = members.map((member) => toGroupMember(member, storage));
    return {
      id: group.id,
      name: group.name,
      author: group.authorId,
      receivers_emails: shown
        .map((member) => member.email)
        .filter(Boolean)
        .join(', '),
      receivers_users: shown,
      members_count: shown.length,
      created_at: group.createdAt.toISOString(),
    };
  };

  return [
    route(userGroupRoutes.userGroupsPage, async ({ actor, query, request }) => {
      const window = pageWindow(query.page);
      const { total, rows } = await userGroups.page(actor, window.limit, window.offset);
      return toPage(request, window, total, rows.map(group));
    }),
    route(userGroupRoutes.userGroups, async ({ actor }) => (await userGroups.all(actor)).map(group)),
    route(userGroupRoutes.createUserGroup, async ({ actor, body }) =>
      group(await userGroups.create(actor, body.name)),
    ),
    route(userGroupRoutes.userGroup, async ({ actor, params }) =>
      group(await userGroups.get(actor, params.id)),
    ),
    route(userGroupRoutes.renameUserGroup, async ({ actor, params, body }) =>
      group(await userGroups.rename(actor, params.id, body.name)),
    ),
    route(userGroupRoutes.deleteUserGroup, async ({ actor, params }) => {
      await userGroups.remove(actor, params.id);
      return null;
    }),
    route(userGroupRoutes.addGroupMembers, async ({ actor, params, body }) => {
      const result = await userGroups.add(actor, params.id, body.user_ids);
      return { ...group(result), skipped: result.skipped };
    }),
    route(userGroupRoutes.removeGroupMembers, async ({ actor, params, body }) =>
      group(await userGroups.removeMembers(actor, params.id, body.user_ids)),
    ),
    route(userGroupRoutes.searchGroupCandidates, async ({ actor, query }) =>
      (await userGroups.candidates(actor, query.users_group_id, query.search)).map((row) => ({
        ...toGroupMember(row, storage),
        in_group: row.inGroup,
      })),
    ),
  ];
};
