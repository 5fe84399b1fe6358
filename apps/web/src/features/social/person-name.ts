/** Where a person is from: town, municipality and region, those given, and their school. */
export const placeOf = (person: { town?: string; municipality?: string; region?: string }): string =>
  [person.town, person.municipality, person.region].filter(Boolean).join(', ');
