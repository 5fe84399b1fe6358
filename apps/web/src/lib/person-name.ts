/** A person's name as shown: first and last name, else their e-mail when the reader may see it, else a stand-in. */
export const personName = (
  person: { first_name: string; last_name: string; email?: string },
  fallback = '',
): string => `${person.first_name} ${person.last_name}`.trim() || person.email || fallback;
