import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { type DraftMask, OcclusionEditor } from './occlusion-editor';

let latest: DraftMask[] = [];
afterEach(cleanup);

function Editor({ initial }: { initial: DraftMask[] }) {
  const [masks, setMasks] = useState(initial);
  latest = masks;
  return (
    <OcclusionEditor
      src="data:image/gif;base64,R0lGODlhAQABAAAAACw="
      masks={masks}
      onChange={(next) => {
        latest = next;
        setMasks(next);
      }}
    />
  );
}

const mask = (values: Partial<DraftMask> = {}): DraftMask => ({
  key: 1,
  x: 0.1,
  y: 0.2,
  width: 0.3,
  height: 0.2,
  answer: '',
  ...values,
});

describe('the image occlusion editor by keyboard', () => {
  it('moves a rectangle with the arrows and resizes it with Shift, within the picture', async () => {
    renderWithProviders(<Editor initial={[mask({ answer: 'the heart' })]} />);
    const rectangle = screen.getByRole('button', { name: 'Rectangle 1: the heart' });
    rectangle.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(latest[0]).toMatchObject({ width: 0.3, height: 0.2 });
    expect(latest[0]!.x).toBeCloseTo(0.12);
    expect(latest[0]!.y).toBeCloseTo(0.21);
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowUp}{/Shift}');
    expect(latest[0]!.width).toBeCloseTo(0.31);
    expect(latest[0]!.height).toBeCloseTo(0.19);
    // Never past an edge, never smaller than the least size.
    for (let step = 0; step < 80; step += 1) await userEvent.keyboard('{ArrowRight}');
    expect(latest[0]!.x + latest[0]!.width).toBeCloseTo(1);
    for (let step = 0; step < 40; step += 1) await userEvent.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(latest[0]!.height).toBeCloseTo(0.01);
  });

  it('removes a rectangle with Delete', async () => {
    renderWithProviders(<Editor initial={[mask(), mask({ key: 2, x: 0.5 })]} />);
    screen.getByRole('button', { name: 'Rectangle 2' }).focus();
    await userEvent.keyboard('{Delete}');
    expect(latest.map((each) => each.key)).toEqual([1]);
    expect(screen.queryByRole('button', { name: 'Rectangle 2' })).toBeNull();
    expect(screen.getByRole('group', { name: 'The picture with its rectangles' })).toBeInTheDocument();
  });
});
