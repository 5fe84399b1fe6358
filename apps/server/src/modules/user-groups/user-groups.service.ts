import { PEOPLE_SUGGESTIONS, type SkipReason } from '@flashcards/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { notFound } from '../../lib/api-error';
import type { AssignmentsFollow } from '../../lib/assignment-target';
import type { Clock } from '../../lib/clock';
import { userGroupPolicy } from './user-groups.policy';
import * as repo from './user-groups.repository';

export const createUserGroupsService = ({
  db,
  config,
  clock,
  assignments,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  /** The paths and exams given to classes and groups, which follow their members. */
  assignments: AssignmentsFollow;
}) => {
  const mayUse = (actor: Actor) => authorize(actor, userGroupPolicy.use, actor);
  const own = async (actor: Actor, id: number) => {
    mayUse(actor);
    return authorize(actor, userGroupPolicy.own, await repo.findGroup(db, id));
  };
  /** Groups with their members, read in one statement for all of them. */
  const withMembers = async (actor: Actor, groups: repo.GroupRow[]) => {
    const members = await repo.membersOf(
      db,
      actor.id,
      groups.map((group) => group.id),
    );
    return groups.map((group) => ({
      group,
      members: members.filter((member) => member.groupId === group.id),
    }));
  };
  const one = async (actor: Actor, id: number) => {
    const group = await repo.findGroup(db, id);
    if (!group) throw notFound();
    return (await withMembers(actor, [group]))[0]!;
  };

  return {
    async page(actor: Actor, limit: number, offset: number) {
      mayUse(actor);
      const { total, rows } = await repo.groupsPage(db, actor.id, limit, offset);
      return { total, rows: await withMembers(actor, rows) };
    },

    async all(actor: Actor) {
      mayUse(actor);
      return withMembers(actor, await repo.groupsByName(db, actor.id));
    },

    async create(actor: Actor, name: string) {
      mayUse(actor);
      const group = await repo.insertGroup(db, { authorId: actor.id, name, createdAt: clock.now() });
      return { group, members: [] };
    },

    async get(actor: Actor, id: number) {
      await own(actor, id);
      return one(actor, id);
    },

    async rename(actor: Actor, id: number, name: string) {
      await own(actor, id);
      await repo.renameGroup(db, id, name);
      return one(actor, id);
    },

    async remove(actor: Actor, id: number) {
      await own(actor, id);
      await repo.deleteGroup(db, id);
    },

    /**
     * Adds the people I may reach, up to the group's cap; the others come back with the reason. Members
     * already in the group stay, unreported.
     */
    async add(actor: Actor, id: number, ids: number[]) {
      await own(actor, id);
      const wanted = [...new Set(ids)];
      const skipped: { id: number; reason: SkipReason }[] = [];
      await db.transaction(async (tx) => {
        if (!(await repo.lockGroup(tx, id))) throw notFound();
        const [members, reachable, count] = await Promise.all([
          repo.memberIdsAmong(tx, id, wanted),
          repo.reachableAmong(tx, actor.id, wanted),
          repo.countMembers(tx, id),
        ]);
        const already = new Set(members);
        const allowed = new Set(reachable);
        const added: number[] = [];
        for (const person of wanted) {
          if (person === actor.id) skipped.push({ id: person, reason: 'self' });
          else if (already.has(person)) continue;
          else if (!allowed.has(person)) skipped.push({ id: person, reason: 'unavailable' });
          else if (count + added.length >= config.userGroupMaxMembers)
            skipped.push({ id: person, reason: 'group_full' });
          else added.push(person);
        }
        await repo.addMembers(tx, id, added, clock.now());
        await assignments.membersChanged(tx, added);
      });
      return { ...(await one(actor, id)), skipped };
    },

    async removeMembers(actor: Actor, id: number, ids: number[]) {
      await own(actor, id);
      await db.transaction(async (tx) => {
        await repo.removeMembers(tx, id, ids);
        await assignments.membersChanged(tx, ids);
      });
      return one(actor, id);
    },

    async candidates(actor: Actor, id: number, search: string | undefined) {
      await own(actor, id);
      return repo.candidates(db, actor.id, id, search, PEOPLE_SUGGESTIONS);
    },
  };
};

export type UserGroupsService = ReturnType<typeof createUserGroupsService>;
