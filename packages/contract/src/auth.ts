import { z } from 'zod';
import type { Route } from './common';

export const authRoutes = {
  register: { method: 'POST', path: '/api/user/users/' },
  activate: { method: 'POST', path: '/api/user/users/activation/' },
  resendActivation: { method: 'POST', path: '/api/user/users/resend_activation/' },
  tokenCreate: { method: 'POST', path: '/api/user/jwt/create/' },
  tokenRefresh: { method: 'POST', path: '/api/user/jwt/refresh/' },
  tokenVerify: { method: 'POST', path: '/api/user/jwt/verify/' },
  logout: { method: 'POST', path: '/api/user/logout/' },
  me: { method: 'GET', path: '/api/user/users/me/' },
  updateMe: { method: 'PATCH', path: '/api/user/users/me/' },
  resetPassword: { method: 'POST', path: '/api/user/users/reset_password/' },
  resetPasswordConfirm: { method: 'POST', path: '/api/user/users/reset_password_confirm/' },
  uploadAvatar: { method: 'POST', path: '/api/upload-avatar/' },
  removeUser: { method: 'DELETE', path: '/api/remove-user/' },
  googleSignIn: { method: 'POST', path: '/api/user/o/google-oauth2/' },
} as const satisfies Record<string, Route>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const tokenRefreshBody = z.object({ refresh: z.string().min(1) });
export const tokenVerifyBody = z.object({ token: z.string().min(1) });

export const genderSchema = z.enum(['male', 'female']);
export const subscriptionTypeSchema = z.enum(['none', 'monthly', 'annual', 'gold_monthly', 'gold_annual']);

/** The current user as `user/users/me/` returns it (spec: User). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  region: z.string(),
  municipality: z.string(),
  town: z.string(),
  school: z.string(),
  gender: genderSchema.nullable(),
  date_of_birth: z.string().nullable(),
  ranking: z.number().int(),
  receive_invitations_for_categories: z.boolean(),
  receive_invitations_for_contest: z.boolean(),
  receive_invitations_for_friends: z.boolean(),
  receive_promo_emails: z.boolean(),
  ai_usage: z.number().int(),
  ai_image_usage: z.number().int(),
  subscription_type: subscriptionTypeSchema,
  trial_end_date: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  annual_subscription_end_date: z.string().nullable(),
  is_auto_created: z.boolean(),
  is_student: z.boolean(),
  is_teacher: z.boolean(),
  is_organization_host: z.boolean(),
  is_organization_member: z.boolean(),
  auto_school_add: z.boolean(),
  is_staff: z.boolean(),
  language: z.enum(['en', 'bg']),
});

export type TokenPair = z.infer<typeof tokenPairSchema>;
export type User = z.infer<typeof userSchema>;
