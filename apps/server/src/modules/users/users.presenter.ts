import type { Badge, User as UserResponse } from '@flashcards/contract';
import type { Actor as User } from '../../lib/access';
import type { MediaStorage } from '../../lib/storage';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const toUserResponse = (
  user: User,
  badges: Badge[],
  storage: MediaStorage,
  ai: { usage: { text: number; images: number }; quota: { text: number; images: number } },
  premium: boolean,
): UserResponse => ({
  id: user.id,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  avatar: user.avatar ? storage.url(user.avatar) : null,
  avatar_url: user.avatar ? storage.url(user.avatar) : null,
  region: user.region,
  municipality: user.municipality,
  town: user.town,
  school: user.school,
  gender: user.gender,
  date_of_birth: user.dateOfBirth,
  ranking: user.ranking,
  receive_invitations_for_categories: user.receiveInvitationsForCategories,
  receive_invitations_for_contest: user.receiveInvitationsForContest,
  receive_invitations_for_friends: user.receiveInvitationsForFriends,
  receive_promo_emails: user.receivePromoEmails,
  ai_usage: ai.usage.text,
  ai_image_usage: ai.usage.images,
  ai_quota: ai.quota,
  subscription_type: user.subscriptionType,
  is_premium: premium,
  trial_end_date: iso(user.trialEndDate),
  subscription_end_date: iso(user.subscriptionEndDate),
  annual_subscription_end_date: iso(user.annualSubscriptionEndDate),
  is_auto_created: user.isAutoCreated,
  is_student: user.isStudent,
  is_teacher: user.isTeacher,
  is_organization_host: user.isOrganizationHost,
  is_organization_member: user.isOrganizationMember,
  auto_school_add: user.autoSchoolAdd,
  school_id: user.schoolId,
  is_staff: user.isStaff,
  language: user.language,
  badges,
});
