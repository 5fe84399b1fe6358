import { adminSchoolRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSchoolChange } from './use-school-change';

export type SchoolFields = {
  name: string;
  town: string;
  website: string;
  description: string;
  is_paid: boolean;
  is_listed: boolean;
  available_students: number;
};

/** A new school; the logo, when chosen, goes with it. */
export const createSchool = ({ logo, ...fields }: SchoolFields & { logo: File | null }) =>
  api.call(adminSchoolRoutes.createSchool, {
    body: { ...fields, logo: logo ?? undefined },
    encoding: 'multipart',
  });

/** A change of a school: a new logo replaces the old, `remove_logo` takes it away. */
export const updateSchool = ({
  id,
  logo,
  removeLogo,
  ...fields
}: SchoolFields & { id: number; logo: File | null; removeLogo: boolean }) =>
  api.call(adminSchoolRoutes.updateSchool, {
    params: { id },
    body: { ...fields, logo: logo ?? undefined, remove_logo: removeLogo || undefined },
    encoding: 'multipart',
  });

export const useCreateSchool = () => useSchoolChange(createSchool);
export const useUpdateSchool = () => useSchoolChange(updateSchool);
