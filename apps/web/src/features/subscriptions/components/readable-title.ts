/**
 * An alert's title in the text colour: the tinted title colour of a light alert falls short of the AA
 * contrast ratio on its own tinted background.
 */
export const readableTitle = { title: { color: 'var(--mantine-color-text)' } };
