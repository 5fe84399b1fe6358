/** A person's name as shown, else their e-mail (friends only see it), else a stand-in. */
export const personName = (
  person: { first_name: string; last_name: string; email: string },
  fallback: string,
): string => `${person.first_name} ${person.last_name}`.trim() || person.email || fallback;

/** Where a person is from: town, municipality and region, those given, and their school. */
export const placeOf = (person: { town?: string; municipality?: string; region?: string }): string =>
  [person.town, person.municipality, person.region].filter(Boolean).join(', ');
