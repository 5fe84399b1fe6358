import sharp from 'sharp';

/** A page as a camera would see it: dark print on white. */
export const drawnPage = (lines: string[]) => {
  const text = lines.map((line) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;')).join('\n');
  return sharp({
    text: {
      text: `<span foreground="black" background="white">${text}</span>`,
      font: 'DejaVu Sans 28',
      rgba: true,
      spacing: 18,
      dpi: 150,
    },
  })
    .flatten({ background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .png()
    .toBuffer();
};
