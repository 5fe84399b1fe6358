import type { SkipReason, UserGroup } from '@flashcards/contract';

/**
 * The ids a sending goes to: the people picked one by one and the members of each chosen group, each once,
 * in the order chosen, without myself. The server checks each of them again.
 */
export function receiversOf({
  people,
  groupIds,
  groups,
  selfId,
}: {
  people: readonly number[];
  groupIds: readonly number[];
  groups: readonly UserGroup[];
  selfId?: number;
}): number[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const ids = [
    ...people,
    ...groupIds.flatMap((id) => byId.get(id)?.receivers_users.map((member) => member.id) ?? []),
  ];
  return [...new Set(ids)].filter((id) => id !== selfId);
}

/** The left-out people grouped by reason, in a fixed order of reasons, for the report after a change. */
export function skippedByReason(skipped: readonly { id: number; reason: SkipReason }[]) {
  const order: SkipReason[] = ['already_offered', 'not_receiving', 'unavailable', 'group_full', 'self'];
  return order
    .map((reason) => ({
      reason,
      ids: skipped.filter((item) => item.reason === reason).map((item) => item.id),
    }))
    .filter((entry) => entry.ids.length > 0);
}
