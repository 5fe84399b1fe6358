import { cleanup, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ImageField } from './image-field';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const picture = (bytes: number) => new File([new Uint8Array(bytes)], 'cat.png', { type: 'image/png' });
const kilobytes = (language: string, value: number) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte' }).format(value);
const megabytes = (language: string, value: number) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    value,
  );

const shown = (file: File) => renderWithProviders(<ImageField value={file} />);

describe('the size of a chosen picture', () => {
  it('is given in kilobytes below a megabyte, not as a fraction of one', () => {
    shown(picture(48 * 1024));
    expect(screen.getByText(kilobytes('en', 48))).toBeVisible();
    expect(screen.queryByText(/0[.,]0\d? MB/)).toBeNull();
  });

  it('is given in megabytes from one megabyte on, with the decimal mark of the language', async () => {
    await i18n.changeLanguage('bg');
    shown(picture(2.4 * 1024 * 1024));
    expect(screen.getByText(megabytes('bg', 2.4))).toBeVisible();
    expect(megabytes('bg', 2.4)).toContain('2,4');
  });
});
